import Foundation
import Testing

/// `places photo` with OpenStreetMap, through the binary: a place's `image` tag (any http(s)
/// URL) and `wikimedia_commons` tag (`File:NAME`, fetched through `Special:FilePath` at
/// `PLACES_WIKIMEDIA_URL`, which redirects to the upload host), from an extract the test
/// writes, or through Overpass.
@Suite("End to end: places photo (OpenStreetMap)")
struct PhotoOSMEndToEndTests {
    static let tagged = TestImages.png(width: 40, height: 30)
    static let cathedral = TestImages.webp(width: 500, height: 333)

    struct Scene {
        let images: FakeImageHost
        let uploads: FakeImageHost
        let commons: FakeHTTPServer
        let work: TemporaryDirectory
        let extract: String
        var env: [String: String]

        init() throws {
            images = try FakeImageHost(images: ["/pics/cafe.png": ("image/png", PhotoOSMEndToEndTests.tagged)])
            let cathedral = PhotoOSMEndToEndTests.cathedral
            uploads = try FakeImageHost { request in
                request.path.hasPrefix("/wikipedia/commons/thumb/")
                    ? .respond(status: 200, headers: [("Content-Type", "image/webp")], body: cathedral) : nil
            }
            let upload = uploads.baseURL
            // Special:FilePath moves to the file (or a thumbnail) on another host, as Commons does.
            commons = try FakeHTTPServer { request in
                guard request.path.hasPrefix("/wiki/Special:FilePath/") else { return .json(404, "{}") }
                let file = request.path.dropFirst("/wiki/Special:FilePath/".count)
                let width = request.query["width"] ?? "full"
                return .redirect(302, to: "\(upload)/wikipedia/commons/thumb/a/ab/\(file)/\(width)px-\(file)")
            }
            work = try TemporaryDirectory()
            let elements: [[String: Any]] = [
                [
                    "type": "node", "id": 1, "lat": 60.17, "lon": 24.94,
                    "tags": ["name": "Tagged Cafe", "amenity": "cafe", "image": "\(images.baseURL)/pics/cafe.png"],
                ],
                [
                    "type": "node", "id": 2, "lat": 60.1705, "lon": 24.9525,
                    "tags": [
                        "name": "Helsinki Cathedral", "amenity": "place_of_worship", "wikimedia_commons": "File:Helsinki Cathedral.jpg",
                    ],
                ],
                [
                    "type": "node", "id": 3, "lat": 60.171, "lon": 24.941,
                    "tags": ["name": "Category Cafe", "amenity": "cafe", "wikimedia_commons": "Category:Cafes in Helsinki"],
                ],
                [
                    "type": "node", "id": 4, "lat": 60.172, "lon": 24.942,
                    "tags": [
                        "name": "Both Cafe", "amenity": "cafe", "image": "\(images.baseURL)/pics/cafe.png",
                        "wikimedia_commons": "File:Helsinki Cathedral.jpg",
                    ],
                ],
                [
                    "type": "node", "id": 5, "lat": 60.173, "lon": 24.943,
                    "tags": ["name": "FTP Cafe", "amenity": "cafe", "image": "ftp://example.org/a.jpg"],
                ],
                ["type": "node", "id": 6, "lat": 60.174, "lon": 24.944, "tags": ["name": "Plain Cafe", "amenity": "cafe"]],
            ]
            let data = try JSONSerialization.data(withJSONObject: ["version": 0.6, "elements": elements], options: [.sortedKeys])
            extract = try work.write("extract.json", data)
            env = PlacesBinary.baseEnvironment()
            env["PLACES_WIKIMEDIA_URL"] = commons.baseURL
            env["GOOGLE_MAPS_API_KEY"] = "AIzaSyOsmPhotoCanary-0123456789"
            env["FOURSQUARE_API_KEY"] = "fsq3OsmPhotoCanary0123456789="
        }

        func run(_ arguments: [String], data: Bool = true) throws -> PlacesBinary.Result {
            try PlacesBinary.run(
                ["photo"] + arguments + (data ? ["--data", extract] : []) + ["--retries", "0"], environment: env,
                currentDirectory: work.url)
        }

        /// The names saved in the working directory, the extract aside.
        var saved: [String] { work.contents(of: "").filter { $0 != "extract.json" } }

        func expectNoKeySent() {
            for host in [images, uploads] {
                #expect(!host.sawKeyCarrier)
                for key in [env["GOOGLE_MAPS_API_KEY"]!, env["FOURSQUARE_API_KEY"]!] { #expect(host.leak(of: key) == nil) }
            }
        }
    }

    @Test func anImageTagIsFetchedFromItsURL() throws {
        let scene = try Scene()
        let r = try scene.run(["osm:node/1", "--json"])
        #expect(r.status == 0, "\(r)")
        #expect(scene.saved == ["osm-node-1-1.png"])
        #expect(FileManager.default.contents(atPath: scene.work.file("osm-node-1-1.png")) == Self.tagged)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["width"] as? Int == 40 && json["height"] as? Int == 30 && json["contentType"] as? String == "image/png")
        #expect(json["sourceUrl"] as? String == "\(scene.images.baseURL)/pics/cafe.png")
        #expect(scene.images.requests.count == 1)
        scene.expectNoKeySent()
    }

    @Test func aWikimediaCommonsFileComesThroughSpecialFilePathAtAStandardWidth() throws {
        let scene = try Scene()
        let r = try scene.run(["osm:node/2", "--json"])
        #expect(r.status == 0, "\(r)")
        #expect(FileManager.default.contents(atPath: scene.work.file("osm-node-2-1.webp")) == Self.cathedral)
        #expect(scene.commons.requests.map(\.target) == ["/wiki/Special:FilePath/Helsinki_Cathedral.jpg?width=1920"])
        #expect(
            scene.uploads.requests.map(\.path) == ["/wikipedia/commons/thumb/a/ab/Helsinki_Cathedral.jpg/1920px-Helsinki_Cathedral.jpg"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let credits = try #require(json["attributions"] as? [[String: Any]])
        #expect(credits.first?["displayName"] as? String == "File:Helsinki Cathedral.jpg, Wikimedia Commons")
        #expect(credits.first?["uri"] as? String == "https://commons.wikimedia.org/wiki/File:Helsinki_Cathedral.jpg")
        // A maximum width asks for the largest standard width not over it.
        let narrow = try scene.run(["osm:node/2", "--max-width", "800", "-o", "narrow.webp"])
        #expect(narrow.status == 0, "\(narrow)")
        #expect(scene.commons.requests.last?.target == "/wiki/Special:FilePath/Helsinki_Cathedral.jpg?width=500")
        scene.expectNoKeySent()
    }

    @Test func theImageTagComesFirstThenTheCommonsFile() throws {
        let scene = try Scene()
        #expect(try scene.run(["osm:node/4"]).status == 0)
        #expect(try scene.run(["osm:node/4", "--index", "2"]).status == 0)
        #expect(scene.saved == ["osm-node-4-1.png", "osm-node-4-2.webp"])
        let third = try scene.run(["osm:node/4", "--index", "3"])
        #expect(third.status == 66 && third.errorLines.first?.contains("has 2 photos") == true, "\(third)")
    }

    @Test(arguments: ["osm:node/3", "osm:node/5", "osm:node/6"])
    func aPlaceWithNoImageTagIs66(_ id: String) throws {
        let scene = try Scene()
        let r = try scene.run([id])
        #expect(r.status == 66, "\(r)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].contains("has no photo"), "\(r)")
        #expect(scene.saved.isEmpty && scene.commons.requests.isEmpty && scene.images.requests.isEmpty)
        let details = try PlacesBinary.run(
            ["details", id, "--data", scene.extract, "--fields", "id,photos", "--json"], environment: scene.env)
        #expect(details.stdout.contains("\"photos\": null"), "\(details)")
    }

    @Test func detailsListsTheTagsAsPhotoURLs() throws {
        let scene = try Scene()
        let r = try PlacesBinary.run(
            ["details", "osm:node/4", "--data", scene.extract, "--fields", "id,photos", "--json"], environment: scene.env)
        #expect(r.status == 0, "\(r)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(
            json["photos"] as? [String] == [
                "\(scene.images.baseURL)/pics/cafe.png", "https://commons.wikimedia.org/wiki/Special:FilePath/Helsinki_Cathedral.jpg",
            ])
    }

    @Test func dryRunFromAnExtractShowsTheImageRequest() throws {
        let scene = try Scene()
        let r = try scene.run(["osm:node/2", "--dry-run"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.hasPrefix("GET \(scene.commons.baseURL)/wiki/Special:FilePath/Helsinki_Cathedral.jpg?width=1920\n"), "\(r)")
        #expect(r.stdout.contains("# the image itself, with no key: a plain GET no provider bills"), "\(r)")
        #expect(scene.commons.requests.isEmpty && scene.saved.isEmpty)
    }

    @Test func throughOverpassTheElementsTagsAreRead() throws {
        let scene = try Scene()
        let url = "\(scene.images.baseURL)/pics/cafe.png"
        let overpass = try FakeOverpass { request in
            let element: [String: Any] = [
                "type": "node", "id": 77, "lat": 60.17, "lon": 24.94, "tags": ["name": "Online Cafe", "amenity": "cafe", "image": url],
            ]
            let body = try! JSONSerialization.data(withJSONObject: ["version": 0.6, "elements": [element]])
            return .respond(status: 200, headers: [("Content-Type", "application/json")], body: body)
        }
        var env = scene.env
        env["PLACES_OVERPASS_URL"] = overpass.endpoint
        let r = try PlacesBinary.run(["photo", "osm:node/77", "--retries", "0"], environment: env, currentDirectory: scene.work.url)
        #expect(r.status == 0, "\(r)")
        #expect(FileManager.default.contents(atPath: scene.work.file("osm-node-77-1.png")) == Self.tagged)
        #expect(overpass.requests.count == 1)
        let dry = try PlacesBinary.run(["photo", "osm:node/77", "--dry-run"], environment: env, currentDirectory: scene.work.url)
        #expect(dry.stdout.hasPrefix("POST \(overpass.endpoint)"), "\(dry)")
        #expect(dry.stdout.contains("then a plain GET of the place's image (its image or wikimedia_commons tag), with no key"), "\(dry)")
        #expect(overpass.requests.count == 1, "the dry run sent nothing")
    }

    @Test func aCommonsPhotoRecordedWithItsRedirectReplaysOffline() throws {
        let scene = try Scene()
        let cassettes = try TemporaryDirectory()
        let recorded = try scene.run(["osm:node/2", "--json", "--record", cassettes.path])
        #expect(recorded.status == 0, "\(recorded)")
        #expect(cassettes.contents(of: "photos").count == 1)
        try FileManager.default.removeItem(atPath: scene.work.file("osm-node-2-1.webp"))
        scene.commons.stop()
        scene.uploads.server.stop()
        let replayed = try scene.run(["osm:node/2", "--json", "--replay", cassettes.path])
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.stdout == recorded.stdout)
        #expect(FileManager.default.contents(atPath: scene.work.file("osm-node-2-1.webp")) == Self.cathedral)
    }
}
