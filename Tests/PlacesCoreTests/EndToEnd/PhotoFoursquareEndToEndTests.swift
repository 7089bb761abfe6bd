import Foundation
import Testing

/// `places photo` with Foursquare, through the binary: `GET /places/{id}/photos`, then the
/// image at prefix + size + suffix from a loopback image host that must never hear the key.
@Suite("End to end: places photo (Foursquare)")
struct PhotoFoursquareEndToEndTests {
    static let placeID = "4b0588f9f964a520f9db22e3"
    static let bare = "5a0588f9f964a520f9db22e4"
    static let image = TestImages.jpeg(width: 1000, height: 500)

    struct Scene {
        let key = "fsq3PhotoCanary\(UUID().uuidString.prefix(8))Key="
        let images: FakeImageHost
        let foursquare: FakeFoursquarePhotos
        let work: TemporaryDirectory
        var env: [String: String]

        init() throws {
            let image = PhotoFoursquareEndToEndTests.image
            images = try FakeImageHost { request in
                request.path.hasPrefix("/img/general/")
                    ? .respond(status: 200, headers: [("Content-Type", "image/jpeg")], body: image) : nil
            }
            foursquare = try FakeFoursquarePhotos(
                key: key,
                places: [
                    PhotoFoursquareEndToEndTests.placeID: [
                        .init(id: "11_first", width: 1000, height: 500), .init(id: "22_second", width: 600, height: 900),
                    ],
                    PhotoFoursquareEndToEndTests.bare: [],
                ],
                imageBase: images.baseURL)
            work = try TemporaryDirectory()
            env = PlacesBinary.baseEnvironment()
            env["FOURSQUARE_API_KEY"] = key
            env["PLACES_FOURSQUARE_URL"] = foursquare.baseURL
        }

        func run(_ arguments: [String]) throws -> PlacesBinary.Result {
            try PlacesBinary.run(["photo"] + arguments + ["--retries", "0"], environment: env, currentDirectory: work.url)
        }

        func expectKeyKept(_ r: PlacesBinary.Result, _ comment: String) {
            #expect(images.leak(of: key) == nil, "\(comment)")
            #expect(!images.sawKeyCarrier, "\(comment)")
            #expect(KeyForms.leak(of: [key], in: r.stdout + r.stderr) == nil, "\(comment)")
            #expect(foursquare.violations.isEmpty, "\(foursquare.violations)")
        }
    }

    @Test func savesTheOriginalWithFoursquaresCredit() throws {
        let scene = try Scene()
        let r = try scene.run(["foursquare:\(Self.placeID)", "--json"])
        #expect(r.status == 0, "\(r)")
        let name = "foursquare-\(Self.placeID)-1.jpg"
        #expect(FileManager.default.contents(atPath: scene.work.file(name)) == Self.image)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["width"] as? Int == 1000 && json["height"] as? Int == 500 && json["contentType"] as? String == "image/jpeg")
        let credits = try #require(json["attributions"] as? [[String: Any]])
        #expect(credits.count == 1 && credits[0]["displayName"] as? String == "Foursquare")
        #expect(json["sourceUrl"] as? String == scene.images.baseURL + "/img/general/original/11_first.jpg")
        #expect(scene.foursquare.requests.map(\.target) == ["/places/\(Self.placeID)/photos?limit=1"])
        #expect(scene.images.requests.map(\.path) == ["/img/general/original/11_first.jpg"])
        scene.expectKeyKept(r, "photo 1")
    }

    @Test func aMaximumSizeIsTheSizeThatFitsKeepingTheAspectRatio() throws {
        let scene = try Scene()
        let r = try scene.run(["foursquare:\(Self.placeID)", "--index", "2", "--max-width", "300"])
        #expect(r.status == 0, "\(r)")
        #expect(scene.foursquare.requests.map(\.target) == ["/places/\(Self.placeID)/photos?limit=2"])
        // 600x900 scaled to 300 wide: 300x450.
        #expect(scene.images.requests.map(\.path) == ["/img/general/300x450/22_second.jpg"])
        let tall = try scene.run(["foursquare:\(Self.placeID)", "--index", "2", "--max-width", "300", "--max-height", "150", "-o", "x.jpg"])
        #expect(tall.status == 0, "\(tall)")
        #expect(scene.images.requests.last?.path == "/img/general/100x150/22_second.jpg")
        let larger = try scene.run(["foursquare:\(Self.placeID)", "--max-width", "4000", "-o", "y.jpg"])
        #expect(larger.status == 0, "\(larger)")
        #expect(scene.images.requests.last?.path == "/img/general/original/11_first.jpg", "never scaled up")
        scene.expectKeyKept(r, "sizes")
    }

    @Test func noSuchPhotoIs66() throws {
        let scene = try Scene()
        for (arguments, said) in [
            (["foursquare:\(Self.bare)"], "has no photo"), (["foursquare:\(Self.placeID)", "--index", "3"], "has 2 photos"),
            (["foursquare:4c0588f9f964a520f9db22e5"], "foursquare:4c0588f9f964a520f9db22e5"),
        ] {
            let r = try scene.run(arguments)
            #expect(r.status == 66, "\(arguments): \(r)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].contains(said), "\(arguments): \(r)")
        }
        #expect(scene.images.requests.isEmpty)
        #expect(scene.work.contents(of: "").isEmpty)
    }

    @Test func dryRunAndTheCeilingSayItIsCountedAsPremium() throws {
        let scene = try Scene()
        let dry = try scene.run(["foursquare:\(Self.placeID)", "--index", "4", "--dry-run"])
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stdout.hasPrefix("GET \(scene.foursquare.baseURL)/places/\(Self.placeID)/photos?limit=4\n"), "\(dry)")
        #expect(dry.stdout.contains("Authorization: REDACTED") && dry.stdout.contains("X-Places-Api-Version: 2025-06-17"), "\(dry)")
        #expect(dry.stdout.contains("does not document what this endpoint bills; counted as Premium"), "\(dry)")
        #expect(dry.stdout.contains("then a plain GET of the photo asked (prefix + size + suffix), with no key"), "\(dry)")
        let capped = try scene.run(["foursquare:\(Self.placeID)", "--max-tier", "pro"])
        #expect(capped.status == 64, "\(capped)")
        #expect(scene.foursquare.requests.isEmpty && scene.images.requests.isEmpty)
    }
}
