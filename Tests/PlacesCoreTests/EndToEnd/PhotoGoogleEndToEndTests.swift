import Foundation
import Testing

/// `places photo` with Google, through the binary: the place's photo names (Place Details,
/// mask `photos`), Place Photos' media endpoint with `skipHttpRedirect=true` and the key in
/// its header, then the `photoUri` from a second loopback server, the image host, which keeps
/// every request and must never hear the key in any form. The file is written whole or not
/// at all.
@Suite("End to end: places photo (Google)")
struct PhotoGoogleEndToEndTests {
    static let placeID = "ChIJphotoPlace0001"
    static let emptyPlaceID = "ChIJphotoNothing01"
    static let first = TestImages.jpeg(width: 1200, height: 800)
    static let second = TestImages.png(width: 64, height: 48)

    /// A Google fake, an image host and a working directory, wired up through the environment.
    struct Scene {
        let key = "AIzaSyPhotoCanary-\(UUID().uuidString.prefix(8))"
        let images: FakeImageHost
        let google: FakeGooglePhotos
        let work: TemporaryDirectory
        var env: [String: String]

        init(
            imageOverride: (@Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Reply?)? = nil,
            photoURI: (@Sendable (_ base: String, _ ref: String, _ key: String) -> String)? = nil,
            googleOverride: (@Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Reply?)? = nil
        ) throws {
            images = try FakeImageHost(
                images: [
                    "/p/AUcPhotoOne": ("image/jpeg", PhotoGoogleEndToEndTests.first),
                    "/p/AUcPhotoTwo": ("image/png", PhotoGoogleEndToEndTests.second),
                ],
                override: imageOverride)
            let base = images.baseURL, key = key
            let places: [String: [FakeGooglePhotos.Photo]] = [
                PhotoGoogleEndToEndTests.placeID: [
                    FakeGooglePhotos.Photo(
                        ref: "AUcPhotoOne", width: 1200, height: 800,
                        authors: [
                            (name: "Ana Author", uri: "https://www.google.com/maps/contrib/1010"),
                            (name: "Bo Second", uri: "//www.google.com/maps/contrib/2020"),
                        ]),
                    FakeGooglePhotos.Photo(
                        ref: "AUcPhotoTwo", width: 64, height: 48,
                        authors: [(name: "Cy Third", uri: "https://www.google.com/maps/contrib/3030")]),
                ],
                PhotoGoogleEndToEndTests.emptyPlaceID: [],
            ]
            var uri: (@Sendable (String) -> String)?
            if let photoURI { uri = { ref in photoURI(base, ref, key) } }
            google = try FakeGooglePhotos(key: key, places: places, imageBase: base, photoURI: uri, override: googleOverride)
            work = try TemporaryDirectory()
            env = PlacesBinary.baseEnvironment()
            env["GOOGLE_MAPS_API_KEY"] = key
            env["PLACES_GOOGLE_PLACES_URL"] = google.baseURL
        }

        func run(_ arguments: [String]) throws -> PlacesBinary.Result {
            try PlacesBinary.run(["photo"] + arguments + ["--retries", "0"], environment: env, currentDirectory: work.url)
        }

        /// The key never reached the image host, nor any output.
        func expectKeyKept(_ r: PlacesBinary.Result, _ comment: String) {
            #expect(images.leak(of: key) == nil, "\(comment)")
            #expect(!images.sawKeyCarrier, "\(comment)")
            #expect(KeyForms.leak(of: [key], in: r.stdout + r.stderr) == nil, "\(comment)")
            #expect(google.violations.isEmpty, "\(google.violations)")
        }

        /// Nothing was left in the working directory (no file, no temporary file).
        func expectNothingSaved(_ comment: String) {
            #expect(work.contents(of: "").isEmpty, "\(comment)")
        }
    }

    @Test func savesThePhotoWithItsCreditsAndNeverSendsTheKeyToTheImageHost() throws {
        let scene = try Scene()
        let r = try scene.run(["google:\(Self.placeID)", "--json"])
        #expect(r.status == 0, "\(r)")
        let name = "google-\(Self.placeID)-1.jpg"
        #expect(scene.work.contents(of: "") == [name], "\(r)")
        #expect(FileManager.default.contents(atPath: scene.work.file(name)) == Self.first)
        let keys = ["\"file\"", "\"bytes\"", "\"width\"", "\"height\"", "\"contentType\"", "\"attributions\"", "\"sourceUrl\""]
        let positions = keys.compactMap { r.stdout.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted(), "the contract's keys, in its order: \(r.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["file", "bytes", "width", "height", "contentType", "attributions", "sourceUrl"])
        #expect(json["file"] as? String == name)
        #expect(json["bytes"] as? Int == Self.first.count)
        #expect(json["width"] as? Int == 1200 && json["height"] as? Int == 800)
        #expect(json["contentType"] as? String == "image/jpeg")
        let credits = try #require(json["attributions"] as? [[String: Any]])
        #expect(credits.map { $0["displayName"] as? String } == ["Ana Author", "Bo Second"])
        #expect(
            credits.map { $0["uri"] as? String } == [
                "https://www.google.com/maps/contrib/1010", "https://www.google.com/maps/contrib/2020",
            ])
        #expect((json["sourceUrl"] as? String)?.hasPrefix(scene.images.baseURL + "/p/AUcPhotoOne") == true)

        // Details with the photos mask alone, then the media of photo 1 at its full width.
        #expect(scene.google.requests.map(\.path) == ["/v1/places/\(Self.placeID)", "/v1/places/\(Self.placeID)/photos/AUcPhotoOne/media"])
        #expect(scene.google.requests.first?.header("X-Goog-FieldMask") == "photos")
        #expect(scene.google.requests.last?.query == ["maxWidthPx": "1200", "skipHttpRedirect": "true"])
        #expect(scene.images.requests.count == 1)
        scene.expectKeyKept(r, "the photo")
    }

    @Test func anotherPhotoAtAMaximumSizeSavedWhereAsked() throws {
        let scene = try Scene()
        try FileManager.default.createDirectory(atPath: scene.work.file("out"), withIntermediateDirectories: true)
        let r = try scene.run(["google:\(Self.placeID)", "--index", "2", "--max-width", "300", "--max-height", "200", "-o", "out/cafe.png"])
        #expect(r.status == 0, "\(r)")
        #expect(FileManager.default.contents(atPath: scene.work.file("out/cafe.png")) == Self.second)
        #expect(scene.work.contents(of: "out") == ["cafe.png"])
        #expect(scene.google.requests.last?.query == ["maxWidthPx": "300", "maxHeightPx": "200", "skipHttpRedirect": "true"])
        #expect(
            r.stdout.contains("saved photo 2 of google:\(Self.placeID) to out/cafe.png: \(Self.second.count) bytes, image/png, 64x48"),
            "\(r)")
        #expect(r.stdout.contains("credit: Cy Third <https://www.google.com/maps/contrib/3030>"), "\(r)")
        // A directory as -o: the default name inside it.
        let into = try scene.run(["google:\(Self.placeID)", "-o", "out"])
        #expect(into.status == 0, "\(into)")
        #expect(scene.work.contents(of: "out") == ["cafe.png", "google-\(Self.placeID)-1.jpg"])
        scene.expectKeyKept(r, "photo 2")
    }

    @Test func aPlaceWithNoSuchPhotoIs66AndSavesNothing() throws {
        let scene = try Scene()
        let none = try scene.run(["google:\(Self.emptyPlaceID)"])
        #expect(none.status == 66, "\(none)")
        #expect(none.errorLines.count == 1 && none.errorLines[0].contains("has no photo"), "\(none)")
        let beyond = try scene.run(["google:\(Self.placeID)", "--index", "3"])
        #expect(beyond.status == 66, "\(beyond)")
        #expect(beyond.errorLines.first?.contains("has 2 photos") == true, "\(beyond)")
        let unknown = try scene.run(["google:ChIJnoSuchPlace00"])
        #expect(unknown.status == 66, "\(unknown)")
        // No media was asked for (it is billed), no image fetched, nothing written.
        #expect(scene.google.requests.allSatisfy { !$0.path.hasSuffix("/media") })
        #expect(scene.images.requests.isEmpty)
        scene.expectNothingSaved("no photo")
        scene.expectKeyKept(beyond, "no photo")
    }

    @Test(arguments: [
        ["--index", "0"], ["--index", "-1"], ["--index", "two"], ["--max-width", "0"], ["--max-width", "4801"],
        ["--max-width", "wide"], ["--max-height", "5000"], ["--max-height", "1.5"],
    ])
    func aBadIndexOrSizeIs64BeforeAnythingIsSent(_ flags: [String]) throws {
        let scene = try Scene()
        let r = try scene.run(["google:\(Self.placeID)"] + flags)
        #expect(r.status == 64, "\(flags): \(r)")
        #expect(r.errorLines.count == 1, "\(r)")
        #expect(scene.google.requests.isEmpty && scene.images.requests.isEmpty)
        scene.expectNothingSaved("\(flags)")
    }

    @Test func anAnswerThatIsNoImageIs65AndLeavesNothing() throws {
        let page = Data("<html><body>Sign in to continue</body></html>".utf8)
        let cases: [(String, FakeHTTPServer.Reply)] = [
            ("an HTML page", .respond(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: page)),
            ("an HTML page called a JPEG", .respond(status: 200, headers: [("Content-Type", "image/jpeg")], body: page)),
            (
                "a PNG called text",
                .respond(status: 200, headers: [("Content-Type", "text/plain")], body: TestImages.png(width: 2, height: 2))
            ),
            (
                "a JPEG header cut short",
                .respond(status: 200, headers: [("Content-Type", "image/jpeg")], body: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00]))
            ),
            (
                "a PNG of no pixels",
                .respond(status: 200, headers: [("Content-Type", "image/png")], body: TestImages.png(width: 0, height: 0))
            ),
        ]
        for (what, reply) in cases {
            let scene = try Scene(imageOverride: { _ in reply })
            let r = try scene.run(["google:\(Self.placeID)"])
            #expect(r.status == 65, "\(what): \(r)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].contains("nothing was saved"), "\(what): \(r)")
            scene.expectNothingSaved("\(what)")
            scene.expectKeyKept(r, "\(what)")
        }
    }

    @Test func aPhotoOver20MiBIs69AndLeavesNothing() throws {
        let cases: [(String, FakeHTTPServer.Reply)] = [
            ("an endless body", .endlessChunked(status: 200, headers: [("Content-Type", "image/jpeg")])),
            ("30 MB declared", .truncated(status: 200, declaredLength: 30_000_000, body: TestImages.jpeg(width: 10, height: 10))),
        ]
        for (what, reply) in cases {
            let scene = try Scene(imageOverride: { _ in reply })
            let r = try scene.run(["google:\(Self.placeID)", "--timeout", "30"])
            #expect(r.status == 69, "\(what): \(r)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].contains("20 MiB"), "\(what): \(r)")
            scene.expectNothingSaved("\(what)")
        }
    }

    @Test(arguments: [403, 410])
    func anImageHostThatRefusesIs69AndLeavesNothing(_ status: Int) throws {
        let scene = try Scene(imageOverride: { _ in .json(status, "{}") })
        let r = try scene.run(["google:\(Self.placeID)"])
        #expect(r.status == 69, "\(r)")
        #expect(r.errorLines.first?.contains("refused to send the photo's image") == true, "\(r)")
        scene.expectNothingSaved("\(status)")
        scene.expectKeyKept(r, "\(status)")
    }

    @Test func aBatchLineSavesAPhotoAndRecordsWhatItSaved() throws {
        let scene = try Scene()
        let input = try scene.work.write(
            "lines.ndjson",
            Data(
                """
                {"id": "a", "args": ["photo", "google:\(Self.placeID)", "-o", "a.jpg"]}
                {"id": "b", "args": ["photo", "google:\(Self.placeID)", "-o", "-"]}

                """.utf8))
        let r = try PlacesBinary.run(["batch", input, "--retries", "0"], environment: scene.env, currentDirectory: scene.work.url)
        let records = r.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(records.count == 2, "\(r)")
        #expect(records.first?["exitCode"] as? Int == 0, "\(r)")
        #expect((records.first?["result"] as? [String: Any])?["file"] as? String == "a.jpg", "\(r)")
        #expect(records.last?["exitCode"] as? Int == 64, "a batch line has no stdout of its own: \(r)")
        #expect(FileManager.default.contents(atPath: scene.work.file("a.jpg")) == Self.first)
        scene.expectKeyKept(r, "batch")
    }

    @Test func dashWritesExactlyTheBytesToStdoutAndTheCreditsToStderr() throws {
        let scene = try Scene()
        let out = scene.work.file("out.bin"), err = scene.work.file("err.txt")
        var env = scene.env
        env["PLACE"] = "google:\(Self.placeID)"
        let r = try PlacesBinary.shell(
            #"cd "$(dirname "$OUT")" && "$PLACES" photo "$PLACE" -o - >"$OUT" 2>"$ERR""#,
            environment: env.merging(["OUT": out, "ERR": err]) { $1 })
        #expect(r.status == 0, "\(r)")
        #expect(FileManager.default.contents(atPath: out) == Self.first, "stdout carries the image's bytes and nothing else")
        let notes = String(decoding: FileManager.default.contents(atPath: err) ?? Data(), as: UTF8.self)
        #expect(notes.contains("saved photo 1 of google:\(Self.placeID) to stdout"), "\(notes)")
        #expect(notes.contains("credit: Ana Author <https://www.google.com/maps/contrib/1010>"), "\(notes)")
        #expect(scene.work.contents(of: "") == ["err.txt", "out.bin"], "no file besides the redirections")
        let json = try scene.run(["google:\(Self.placeID)", "-o", "-", "--json"])
        #expect(json.status == 64, "--json describes a file: \(json)")
        scene.expectKeyKept(r, "-o -")
    }

    @Test func dryRunShowsEachRequestAndHowItIsBilledAndSendsNothing() throws {
        let scene = try Scene()
        var env = scene.env
        env.removeValue(forKey: "GOOGLE_MAPS_API_KEY")
        let r = try PlacesBinary.run(["photo", "google:\(Self.placeID)", "--dry-run"], environment: env, currentDirectory: scene.work.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.hasPrefix("GET \(scene.google.baseURL)/v1/places/\(Self.placeID)\n"), "\(r)")
        for line in [
            "X-Goog-Api-Key: REDACTED", "X-Goog-FieldMask: photos", "# billed as Place Details Essentials (IDs Only) (set by: photos)",
            "skipHttpRedirect=true with the key in X-Goog-Api-Key, billed as Place Details Photos, an Enterprise SKU",
            "# then a plain GET of the photoUri it answers, with no key", "# dry run: nothing was sent",
        ] {
            #expect(r.stdout.contains(line), "\(line): \(r.stdout)")
        }
        #expect(scene.google.requests.isEmpty && scene.images.requests.isEmpty)
        scene.expectNothingSaved("dry run")
    }

    @Test func aCeilingBelowThePhotosSKUStopsTheWorkBeforeItsFirstRequest() throws {
        let scene = try Scene()
        let r = try scene.run(["google:\(Self.placeID)", "--max-tier", "pro"])
        #expect(r.status == 64, "\(r)")
        #expect(r.errorLines.first?.contains("Place Details Photos") == true, "\(r)")
        #expect(scene.google.requests.isEmpty && scene.images.requests.isEmpty)
        let allowed = try scene.run(["google:\(Self.placeID)", "--max-tier", "enterprise"])
        #expect(allowed.status == 0, "\(allowed)")
    }

    @Test func withoutAKeyIs77() throws {
        let scene = try Scene()
        var env = scene.env
        env.removeValue(forKey: "GOOGLE_MAPS_API_KEY")
        let r = try PlacesBinary.run(["photo", "google:\(Self.placeID)"], environment: env, currentDirectory: scene.work.url)
        #expect(r.status == 77, "\(r)")
        #expect(scene.google.requests.isEmpty)
    }

    @Test(arguments: ["query", "path, lower-cased"])
    func aPhotoURIThatCarriesTheKeyIsNotFollowed(_ form: String) throws {
        let scene = try Scene(photoURI: { base, ref, key in
            form == "query" ? "\(base)/p/\(ref)?sig=1&key=\(key)" : "\(base)/p/\(key.lowercased())/\(ref)"
        })
        let r = try scene.run(["google:\(Self.placeID)"])
        #expect(r.status == 65, "\(r)")
        #expect(r.errorLines.first?.contains("carries the API key") == true, "\(r)")
        #expect(scene.images.requests.isEmpty, "\(scene.images.requests.map(\.raw))")
        scene.expectNothingSaved("a photoUri with the key")
        scene.expectKeyKept(r, "a photoUri with the key")
    }

    @Test func aMediaAnswerThatRedirectsDoesNotTakeTheKeyToTheImageHost() throws {
        // A server that ignores skipHttpRedirect and redirects, as the media endpoint does by default.
        let images = try FakeImageHost(images: ["/p/AUcPhotoOne": ("image/jpeg", Self.first)])
        let target = images.baseURL + "/p/AUcPhotoOne"
        let scene = try Scene(googleOverride: { request in request.path.hasSuffix("/media") ? .redirect(302, to: target) : nil })
        let r = try scene.run(["google:\(Self.placeID)"])
        #expect(r.status == 69, "\(r)")
        #expect(r.errorLines.first?.contains("not followed") == true, "\(r)")
        #expect(images.requests.isEmpty, "the key went to the image host: \(images.requests.map(\.raw))")
        scene.expectNothingSaved("a redirect")
    }

    @Test func recordedOnceThePhotoReplaysByteForByteWithNoNetwork() throws {
        let scene = try Scene()
        let cassettes = try TemporaryDirectory()
        let recorded = try scene.run(["google:\(Self.placeID)", "--json", "--record", cassettes.path])
        #expect(recorded.status == 0, "\(recorded)")
        #expect(cassettes.contents(of: "google").count == 2, "details and media")
        let photos = cassettes.contents(of: "photos")
        #expect(photos.count == 1, "the image, in its own folder")
        let file = String(
            decoding: FileManager.default.contents(atPath: cassettes.file("photos/\(photos.first ?? "")")) ?? Data(), as: UTF8.self)
        #expect(file.contains("\"base64\""), "\(file)")
        for folder in ["google", "photos"] {
            for name in cassettes.contents(of: folder) {
                let text = String(
                    decoding: FileManager.default.contents(atPath: cassettes.file("\(folder)/\(name)")) ?? Data(), as: UTF8.self)
                #expect(KeyForms.leak(of: [scene.key], in: text) == nil, "\(folder)/\(name)")
            }
        }
        try FileManager.default.removeItem(atPath: scene.work.file("google-\(Self.placeID)-1.jpg"))
        scene.google.server.stop()
        scene.images.server.stop()
        var offline = PlacesBinary.baseEnvironment()
        offline["PLACES_GOOGLE_PLACES_URL"] = "http://127.0.0.1:9"
        let replayed = try PlacesBinary.run(
            ["photo", "google:\(Self.placeID)", "--json", "--replay", cassettes.path], environment: offline,
            currentDirectory: scene.work.url)
        #expect(replayed.status == 0, "\(replayed)")
        #expect(FileManager.default.contents(atPath: scene.work.file("google-\(Self.placeID)-1.jpg")) == Self.first)
        #expect(replayed.stdout == recorded.stdout)
        let check = try PlacesBinary.run(["cassettes", "check", cassettes.path], environment: scene.env)
        #expect(check.status == 0, "\(check)")
    }
}
