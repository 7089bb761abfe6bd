import Foundation
import Testing

/// How the fixtures were made, checked: each scenario is recorded again with `--record`
/// against the loopback fakes, and must reproduce the committed exchanges and stdout
/// exactly, with no key anywhere. With `PLACES_UPDATE_FIXTURES=1` (Scripts/record-fixtures.sh)
/// it writes them instead.
@Suite("Fixtures: recorded against the fakes")
struct FixtureRecordingTests {
    static let services = ["google", "osm", "foursquare", "osrm"]
    static func isCassetteName(_ name: String) -> Bool { name.wholeMatch(of: /[0-9a-f]{16}-[0-9]+\.json/) != nil }
    static var updating: Bool { ProcessInfo.processInfo.environment["PLACES_UPDATE_FIXTURES"] == "1" }

    @Test func everyScenarioRecordsTheCommittedExchangesAndNoKey() throws {
        let google = try FakeGooglePlaces()
        let overpass = try FakeOverpass()
        let foursquare = try FakeFoursquare()
        let disagreeingGoogle = try FakeGooglePlaces(disagreeingCafes: true)
        let disagreeingFoursquare = try FakeFoursquare(disagreeingCafes: true)
        let fixtures = PlacesBinary.repositoryRoot.appendingPathComponent("Fixtures")
        var produced = Set<String>()
        let canaries = [
            "GOOGLE_MAPS_API_KEY": "CANARY-google-\(UUID().uuidString.prefix(8))",
            "FOURSQUARE_API_KEY": "CANARY-fsq-\(UUID().uuidString.prefix(8))",
        ]
        for scenario in FixtureScenario.all() {
            let google = scenario.disagreeingCafes ? disagreeingGoogle : google
            let foursquare = scenario.disagreeingCafes ? disagreeingFoursquare : foursquare
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("places-fixture-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            var env = PlacesBinary.baseEnvironment()
            env["PLACES_GOOGLE_PLACES_URL"] = google.baseURL
            env["PLACES_OVERPASS_URL"] = overpass.endpoint
            env["PLACES_FOURSQUARE_URL"] = foursquare.baseURL
            env.merge(canaries) { $1 }
            env.merge(scenario.recordEnvironment) { $1 }
            let r = try PlacesBinary.run(scenario.recordingArguments(into: dir.path), environment: env)
            #expect(r.status == scenario.exitCode, "\(scenario.name): \(r)")
            let keys = Array(canaries.values) + Array(scenario.recordEnvironment.values)
            for secret in keys {
                #expect(!r.stdout.contains(secret) && !r.stderr.contains(secret), "\(scenario.name) printed a key")
            }
            for service in Self.services {
                let folder = dir.appendingPathComponent(service)
                for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                    let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    for secret in keys {
                        #expect(!text.contains(secret), "\(scenario.name): \(service)/\(file) holds a key")
                    }
                    produced.insert("\(service)/\(file)")
                    let committed = fixtures.appendingPathComponent("\(service)/\(file)")
                    let old = try? String(contentsOf: committed, encoding: .utf8)
                    if Self.updating {
                        // Only real changes: a new port alone is not worth a diff.
                        guard old.map(Self.normalized) != Self.normalized(text) else { continue }
                        try FileManager.default.createDirectory(
                            at: committed.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try text.write(to: committed, atomically: true, encoding: .utf8)
                    } else {
                        #expect(
                            old.map(Self.normalized) == Self.normalized(text),
                            "\(scenario.name): \(service)/\(file) differs from the committed fixture; re-record with Scripts/record-fixtures.sh"
                        )
                    }
                }
            }
            if Self.updating {
                // Golden output is what the replay prints (identical to the recording run's).
                let replay = try PlacesBinary.run(scenario.arguments, environment: FixtureScenario.offlineEnvironment)
                try replay.stdout.write(
                    to: FixtureScenario.directory.appendingPathComponent("\(scenario.name).stdout"), atomically: true, encoding: .utf8)
                try replay.stderr.write(
                    to: FixtureScenario.directory.appendingPathComponent("\(scenario.name).stderr"), atomically: true, encoding: .utf8)
                #expect(
                    replay.stdout == Self.withDefaultHosts(r.stdout, google),
                    "\(scenario.name): replay and recording print different stdout")
            } else {
                #expect(
                    Self.withDefaultHosts(r.stdout, google) == scenario.expectedStdout,
                    "\(scenario.name): recording stdout differs from golden")
            }
        }
        // No stale exchange: every committed one belongs to some scenario.
        var committed = Set<String>()
        for service in Self.services {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(service).path)) ?? []
            for name in names where Self.isCassetteName(name) { committed.insert("\(service)/\(name)") }
        }
        #expect(
            committed == produced,
            "stale: \(committed.subtracting(produced).sorted()); missing: \(produced.subtracting(committed).sorted())")
    }

    /// Output that names the service's base URL (Google photo URLs) names the fake's when
    /// recording and the default one when replaying.
    static func withDefaultHosts(_ text: String, _ google: FakeGooglePlaces) -> String {
        text.replacingOccurrences(of: google.baseURL, with: "https://places.googleapis.com")
    }

    /// The fakes listen on a new port each run; the port is not part of the exchange.
    /// Without the port, and without the command that recorded it: two scenarios that send
    /// the same request (the merged ones share Overpass's) share one file, whose command is
    /// whichever recorded it last.
    static func normalized(_ text: String) -> String {
        let portless = text.replacing(/127\.0\.0\.1:[0-9]+/, with: "127.0.0.1:PORT")
        guard var object = (try? JSONSerialization.jsonObject(with: Data(portless.utf8))) as? [String: Any] else { return portless }
        object["command"] = nil
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return portless }
        return String(decoding: data, as: UTF8.self)
    }
}
