import Foundation
import Testing

/// Every command once, and every provider combination of `nearby` and `search` with and
/// without `--data` in every output format, through the binary against the loopback fakes
/// (issue 21). CI runs this suite against the static release binary (`PLACES_BINARY`): the
/// release build once trapped on every merged search while the debug build answered, so what
/// users install must be what the tests run.
@Suite("End to end: a smoke of every command and provider combination")
struct ReleaseSmokeEndToEndTests {
    static let googleKey = "CANARY-smoke-google-\(UUID().uuidString.prefix(8))"
    static let foursquareKey = "CANARY-smoke-fsq-\(UUID().uuidString.prefix(8))"

    static let combinations = [
        "osm", "google", "foursquare", "osm,google", "google,osm", "google,foursquare",
        "osm,foursquare", "all",
    ]
    static let formats: [[String]] = [[], ["--json"], ["--format", "ndjson"], ["--format", "csv"], ["--format", "geojson"]]

    /// The three fakes (their cafes disagree as real providers' do) and an environment pointing at them.
    struct World {
        let google: FakeGooglePlaces
        let foursquare: FakeFoursquare
        let overpass: FakeOverpass
        let env: [String: String]

        init() throws {
            google = try FakeGooglePlaces(disagreeingCafes: true)
            foursquare = try FakeFoursquare(disagreeingCafes: true)
            overpass = try FakeOverpass()
            var env = PlacesBinary.baseEnvironment()
            env["GOOGLE_MAPS_API_KEY"] = ReleaseSmokeEndToEndTests.googleKey
            env["FOURSQUARE_API_KEY"] = ReleaseSmokeEndToEndTests.foursquareKey
            env["PLACES_GOOGLE_PLACES_URL"] = google.baseURL
            env["PLACES_FOURSQUARE_URL"] = foursquare.baseURL
            env["PLACES_OVERPASS_URL"] = overpass.endpoint
            env["PLACES_NOW"] = "2026-11-25T10:00:00Z"
            self.env = env
        }
    }

    /// Runs the binary: no signal, no key in any stream, at most one error line.
    static func run(_ args: [String], _ env: [String: String], stdin: String? = nil) throws -> PlacesBinary.Result {
        let r: PlacesBinary.Result
        if let stdin {
            let quoted = args.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            let input = FileManager.default.temporaryDirectory.appendingPathComponent("places-smoke-\(UUID().uuidString)")
            try stdin.write(to: input, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: input) }
            r = try PlacesBinary.shell("\"$PLACES\" \(quoted) < '\(input.path)'", environment: env)
        } else {
            r = try PlacesBinary.run(args, environment: env)
        }
        #expect(r.status < 128, "\(args) ended by a signal: \(r)")
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Swift runtime failure"), "\(args) trapped: \(r)")
        for key in [googleKey, foursquareKey] {
            #expect(!r.stdout.contains(key) && !r.stderr.contains(key), "\(args) printed a key")
        }
        #expect(r.errorLines.count <= 1, "\(args) printed several error lines: \(r)")
        return r
    }

    /// The records `stdout` holds in `format`, each as a dictionary of its fields (a table's
    /// rows count as records without fields); throws when the output is not that format.
    static func records(_ stdout: String, format: [String]) throws -> [[String: Any]] {
        switch format.last {
        case "--json", "json"?:
            return try JSONHelpers.array(stdout)
        case "ndjson":
            return try stdout.split(separator: "\n").map { try JSONHelpers.object(String($0)) }
        case "csv":
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.first?.hasPrefix("id,") == true, "a CSV header first: \(stdout.prefix(200))")
            return lines.dropFirst().map { _ in [:] }
        case "geojson":
            let collection = try JSONHelpers.object(stdout)
            #expect(collection["type"] as? String == "FeatureCollection")
            return (collection["features"] as? [[String: Any]] ?? []).compactMap { $0["properties"] as? [String: Any] }
        default:
            let lines = stdout.split(separator: "\n")
            #expect(lines.first?.contains("NAME") == true, "a table header first: \(stdout.prefix(200))")
            return lines.dropFirst().filter { !$0.hasPrefix("-") && !$0.isEmpty }.map { _ in [:] }
        }
    }

    @Test("nearby and search, every format, with and without --data", arguments: combinations)
    func everyCombination(_ providers: String) throws {
        let world = try World()
        let merged = providers.contains(",") || providers == "all"
        let readsOSM = providers.contains("osm") || providers == "all"
        for data in readsOSM ? [false, true] : [false] {
            for command in [["nearby", "--near", "Helsinki", "--type", "cafe"], ["search", "cafe", "--near", "Helsinki"]] {
                for format in Self.formats {
                    let args =
                        command + ["--provider", providers, "--radius", "600", "--limit", "15"] + format
                        + (data ? ["--data", PlacesBinary.helsinkiData] : [])
                    let r = try Self.run(args, world.env)
                    #expect(r.status == 0, "\(args): \(r)")
                    guard r.status == 0 else { continue }
                    let records = try Self.records(r.stdout, format: format)
                    #expect(!records.isEmpty && records.count <= 15, "\(args) gave \(records.count) records")
                    if merged, format == ["--json"] {
                        let withSameAs = records.filter { ($0["sameAs"] as? [String])?.isEmpty == false }
                        #expect(!withSameAs.isEmpty, "\(args): no merged record")
                        let sources = Set(records.compactMap { $0["provider"] as? String })
                        #expect(sources.isSubset(of: ["osm", "google", "foursquare"]) && !sources.isEmpty)
                    }
                }
            }
        }
    }

    @Test("details of each provider's place, and favorites from it")
    func detailsAndFavorites() throws {
        let world = try World()
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        var env = world.env
        env["PLACES_FAVORITES_FILE"] = sandbox.path
        for provider in ["osm", "google", "foursquare"] {
            let found = try JSONHelpers.array(
                try Self.run(
                    [
                        "nearby", "--near", "Helsinki", "--type", "cafe", "--provider", provider,
                        "--limit", "1", "--json",
                    ], env
                ).stdout)
            let id = try #require(found.first?["id"] as? String, "\(provider) found no cafe")
            let name = try #require(found.first?["name"] as? String)
            for format in [[], ["--json"]] {
                let details = try Self.run(["details", id] + format, env)
                #expect(details.status == 0 && details.stdout.contains(name), "\(details)")
            }
            #expect(try Self.run(["favorite", "add", id, "--alias", "smoke-\(provider)"], env).status == 0)
        }
        let listed = try JSONHelpers.array(try Self.run(["favorite", "list", "--json"], env).stdout)
        #expect(listed.count == 3)
        for format in Self.formats {
            let r = try Self.run(["favorite", "list", "--near", "Helsinki"] + format, env)
            let count = r.status == 0 ? try Self.records(r.stdout, format: format).count : 0
            #expect(count == 3, "\(format): \(r)")
        }
        let routed = try Self.run(["route-estimate", "--from", "@smoke-osm", "--to", "@smoke-google", "--json"], env)
        let distance = routed.status == 0 ? try JSONHelpers.object(routed.stdout)["distanceMeters"] as? Double : nil
        #expect((distance ?? 0) > 0, "\(routed)")
        for id in listed.compactMap({ $0["id"] as? String }) {
            #expect(try Self.run(["favorite", "remove", id], env).status == 0)
        }
        #expect(try JSONHelpers.array(try Self.run(["favorite", "list", "--json"], env).stdout).isEmpty)
    }

    @Test("every other command once")
    func everyOtherCommand() throws {
        let world = try World()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-smoke-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        for format in [[], ["--json"]] {
            let r = try Self.run(["route-estimate", "--from", "Helsinki", "--to", "Espoo", "--mode", "drive"] + format, world.env)
            #expect(r.status == 0 && r.stdout.contains(format.isEmpty ? "km" : "distanceMeters"), "\(r)")
        }
        let batchInput = """
            ["nearby", "--near", "Helsinki", "--type", "cafe", "--provider", "all", "--limit", "3"]
            {"id": 7, "args": ["search", "sushi", "--near", "Helsinki", "--provider", "osm,google", "--data", "\(PlacesBinary.helsinkiData)"]}
            ["route-estimate", "--from", "Helsinki", "--to", "Tampere"]

            """
        let batch = try Self.run(["batch", "--jobs", "3"], world.env, stdin: batchInput)
        #expect(batch.status == 0, "\(batch)")
        let batchRecords = try batch.stdout.split(separator: "\n").map { try JSONHelpers.object(String($0)) }
        #expect(batchRecords.map { $0["exitCode"] as? Int } == [0, 0, 0], "\(batch)")
        #expect(batchRecords.map { $0["line"] as? Int } == [1, 2, 3])

        let providers = try Self.run(["providers", "--json"], world.env)
        #expect(providers.status == 0 && providers.stdout.contains("foursquare"), "\(providers)")

        let recorded = directory.appendingPathComponent("cassettes").path
        #expect(
            try Self.run(["nearby", "--near", "Helsinki", "--type", "cafe", "--provider", "all", "--record", recorded], world.env).status
                == 0)
        for cassettes in [["cassettes", "list", recorded], ["cassettes", "check", recorded]] {
            let r = try Self.run(cassettes, world.env)
            #expect(r.status == 0 && !r.stdout.isEmpty, "\(cassettes): \(r)")
        }
        let log = directory.appendingPathComponent("replay.log").path
        var replayEnv = world.env
        replayEnv["PLACES_REPLAY_LOG"] = log
        let replayed = try Self.run(
            ["nearby", "--near", "Helsinki", "--type", "cafe", "--provider", "all", "--replay", recorded], replayEnv)
        #expect(replayed.status == 0, "\(replayed)")
        let unused = try Self.run(["cassettes", "unused", recorded, "--log", log], world.env)
        #expect(unused.status == 0 && unused.stdout.isEmpty, "every recording was used: \(unused)")

        for shell in ["bash", "zsh", "fish"] {
            let r = try Self.run(["completions", shell], world.env)
            #expect(r.status == 0 && r.stdout.contains("places"), "\(shell): \(r)")
        }
        let manual = try Self.run(["manpage"], world.env)
        #expect(manual.status == 0 && manual.stdout.hasPrefix(".TH") || manual.stdout.contains("\n.TH"), "\(manual.stdout.prefix(200))")
        for help in [["help"], ["--version"], ["help", "nearby"], ["nearby", "--help"]] {
            let r = try Self.run(help, world.env)
            #expect(r.status == 0 && !r.stdout.isEmpty, "\(help): \(r)")
        }
        let dryRun = try Self.run(["nearby", "--near", "Helsinki", "--provider", "all", "--dry-run"], world.env)
        #expect(dryRun.status == 0 && dryRun.stdout.contains("POST") && dryRun.stdout.contains("GET"), "\(dryRun)")
    }
}
