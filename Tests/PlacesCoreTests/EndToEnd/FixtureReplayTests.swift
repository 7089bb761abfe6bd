import Foundation
import Testing

/// The CI smoke test: every recorded scenario in Fixtures/golden replays through the binary
/// with no key and no network, and prints exactly what it printed when recorded.
@Suite("Fixtures: replay smoke test")
struct FixtureReplayTests {
    @Test func scenariosExist() {
        #expect(FixtureScenario.all().count >= 8)
    }

    @Test(arguments: FixtureScenario.all())
    func replaysByteForByte(_ scenario: FixtureScenario) throws {
        let r = try PlacesBinary.run(scenario.arguments, environment: FixtureScenario.offlineEnvironment)
        #expect(r.status == scenario.exitCode, "\(r)")
        #expect(r.stdout == scenario.expectedStdout, "stdout differs from Fixtures/golden/\(scenario.name).stdout")
        #expect(r.stderr == scenario.expectedStderr, "stderr differs from Fixtures/golden/\(scenario.name).stderr")
    }

    /// A HOME whose own favorites file holds the place of the `overpass-details-json`
    /// scenario (added the way a user would), so that reading it would change the output.
    static let homeWithFavorites: String = {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("places-home-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        var env = PlacesBinary.baseEnvironment(home: home)
        env["PLACES_FAVORITES_FILE"] = nil
        // Checked by theUsersOwnFavoritesReallyMarkThePlace: a binary that fails here fails
        // that test, rather than trapping the test process and every result with it.
        _ = try? PlacesBinary.run(
            ["favorite", "add", "osm:node/1369465615", "--data", "Fixtures/osm/helsinki-pois.json"], environment: env)
        return home
    }()

    /// The pins README's "Use cassettes in CI" recipe sets.
    static let recipePins = [
        "PLACES_FAVORITES_FILE": NSTemporaryDirectory() + "places-no-favorites-\(UUID().uuidString).json",
        "PLACES_NOW": "2026-06-01T12:00:00Z",
    ]

    @Test func theUsersOwnFavoritesReallyMarkThePlace() throws {
        var env = PlacesBinary.baseEnvironment(home: Self.homeWithFavorites)
        env["PLACES_FAVORITES_FILE"] = nil
        let file = Self.homeWithFavorites + "/.local/share/places/favorites.json"
        #expect(((try? Data(contentsOf: URL(fileURLWithPath: file)))?.count ?? 0) > 0, "a non-empty favorites file in HOME")
        let live = try PlacesBinary.run(
            ["details", "osm:node/1369465615", "--json", "--data", "Fixtures/osm/helsinki-pois.json"], environment: env)
        #expect(live.status == 0 && live.stdout.contains("\"isFavorite\": true"), "\(live)")
    }

    @Test(arguments: FixtureScenario.all())
    func replaysByteForByteWhateverTheUsersFavorites(_ scenario: FixtureScenario) throws {
        var env = FixtureScenario.offlineEnvironment
        env["HOME"] = Self.homeWithFavorites
        for pins in [Self.recipePins, [:]] {
            env["PLACES_FAVORITES_FILE"] = nil
            env.merge(pins) { $1 }
            let r = try PlacesBinary.run(scenario.arguments, environment: env)
            #expect(r.status == scenario.exitCode, "\(pins): \(r)")
            #expect(r.stdout == scenario.expectedStdout, "\(pins): stdout differs from Fixtures/golden/\(scenario.name).stdout")
            #expect(r.stderr == scenario.expectedStderr, "\(pins): stderr differs from Fixtures/golden/\(scenario.name).stderr")
        }
    }
}
