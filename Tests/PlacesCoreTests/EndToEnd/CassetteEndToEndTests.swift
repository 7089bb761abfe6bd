import Foundation
import Testing

/// Cassettes kept for years, through the binary against the loopback fakes: misses that say
/// what changed, the missing-only mode, and `places cassettes list|check|unused`.
@Suite("End to end: cassettes")
struct CassetteEndToEndTests {
    let googleKey = "CANARY-google-\(UUID().uuidString.prefix(8))"
    let foursquareKey = "CANARY-fsq-\(UUID().uuidString.prefix(8))"

    static func temporaryDirectory() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("places-cassettes-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func env(google: FakeGooglePlaces? = nil, foursquare: FakeFoursquare? = nil, keys: Bool = true) -> [String: String] {
        // With a fake, the loopback must be reachable; without one, nothing is.
        var env = google == nil && foursquare == nil ? FixtureScenario.offlineEnvironment : PlacesBinary.baseEnvironment()
        if let google { env["PLACES_GOOGLE_PLACES_URL"] = google.baseURL }
        if let foursquare { env["PLACES_FOURSQUARE_URL"] = foursquare.baseURL }
        if keys {
            env["GOOGLE_MAPS_API_KEY"] = googleKey
            env["FOURSQUARE_API_KEY"] = foursquareKey
        }
        return env
    }

    func run(_ args: [String], _ env: [String: String]) throws -> PlacesBinary.Result {
        let r = try PlacesBinary.run(args, environment: env)
        for key in [googleKey, foursquareKey] {
            #expect(!r.stdout.contains(key) && !r.stderr.contains(key), "a key leaked: \(r)")
        }
        return r
    }

    // MARK: - Misses

    @Test func aChangedRadiusNamesTheRadiusPathAndBothValues() throws {
        let google = try FakeGooglePlaces()
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let base = ["nearby", "--provider", "google", "--at", "60.1699,24.9384", "--type", "restaurant"]
        let recorded = try run(base + ["--radius", "800", "--record", dir], env(google: google))
        #expect(recorded.status == 0, "\(recorded)")

        let miss = try run(base + ["--radius", "900", "--replay", dir], env(keys: false))
        #expect(miss.status == 66, "\(miss)")
        #expect(miss.stdout.isEmpty)
        #expect(miss.stderr.hasPrefix("places: error: replay: "), "\(miss.stderr)")
        #expect(miss.stderr.contains("body.locationRestriction.circle.radius: 800 recorded, 900 asked"), "\(miss.stderr)")
        #expect(miss.stderr.contains("--replay \(dir) --record \(dir)"), "the advice is the missing-only mode: \(miss.stderr)")
        #expect(miss.stderr.components(separatedBy: "places: error:").count == 2)
    }

    @Test func aMissingReplayDirectoryIsNotFoundNamingIt() throws {
        let r = try run(["nearby", "--provider", "google", "--near", "Helsinki", "--replay", "Fixturez"], env(keys: false))
        #expect(r.status == 66, "\(r)")
        #expect(r.stderr == "places: error: no such replay directory: Fixturez\n")
    }

    @Test func withoutProviderAReplayUsesTheProviderTheDirectoryHolds() throws {
        let foursquare = try FakeFoursquare()
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let base = ["nearby", "--at", "60.1699,24.9384", "--limit", "3", "--fields", "id,name"]
        #expect(try run(base + ["--provider", "foursquare", "--record", dir], env(foursquare: foursquare)).status == 0)
        // No key and no --provider: osm would be the default; the directory says foursquare.
        let replayed = try run(base + ["--replay", dir], env(keys: false))
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.stdout.contains("foursquare:"), "\(replayed)")

        // Fixtures holds three providers' exchanges: the error says to pass --provider.
        let mixed = try run(["nearby", "--near", "Helsinki", "--replay", "Fixtures"], env(keys: false))
        #expect(mixed.status == 64, "\(mixed)")
        #expect(mixed.stderr.contains("pass --provider"), "\(mixed)")
    }
}
