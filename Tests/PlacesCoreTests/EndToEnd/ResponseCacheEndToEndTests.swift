import Foundation
import Testing

/// `--cache TTL` through the binary against the loopback Google fake: a fresh repeat sends
/// nothing, the files hold no key and are private, expired and damaged entries are replaced,
/// `--dry-run` says what the cache would answer, `--verbose` counts.
@Suite("End to end: the response cache")
struct ResponseCacheEndToEndTests {
    /// A canary key: it must appear in no output and no cache file, in any form.
    let canary = "AIzaCANARYcache\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20))"
    let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("places-http-cache-\(UUID().uuidString)").path
    var httpDirectory: String { cacheHome + "/places/http" }

    func env(_ fake: FakeGooglePlaces, extra: [String: String] = [:]) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = canary
        env["PLACES_GOOGLE_PLACES_URL"] = fake.baseURL
        env["XDG_CACHE_HOME"] = cacheHome
        env.merge(extra) { $1 }
        return env
    }

    func run(_ fake: FakeGooglePlaces, _ args: [String], extra: [String: String] = [:]) throws -> PlacesBinary.Result {
        let r = try PlacesBinary.run(args, environment: env(fake, extra: extra))
        #expect(!r.stdout.contains(canary) && !r.stderr.contains(canary), "the key leaked: \(r)")
        return r
    }

    func cacheFiles() -> [String] {
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: httpDirectory)) ?? []
        return all.filter { $0.hasSuffix(".json") }.map { httpDirectory + "/" + $0 }
    }

    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    let nearby = ["nearby", "--near", "Helsinki", "--type", "restaurant", "--limit", "5", "--json"]

    @Test func aFreshRepeatSendsNothingAndTheFilesHoldNoKey() throws {
        let fake = try FakeGooglePlaces()
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let first = try run(fake, nearby + ["--cache", "1h", "--verbose"])
        #expect(first.status == 0, "\(first)")
        #expect(fake.requests.count == 1)
        #expect(first.stderr.contains("places: sent 1 request: google Nearby Search Pro ×1\n"), "\(first)")

        let second = try run(fake, nearby + ["--cache", "1h", "--verbose"])
        #expect(second.status == 0, "\(second)")
        #expect(fake.requests.count == 1, "a fresh cached answer sends nothing")
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.contains("places: sent no requests; 1 cache hit\n"), "\(second)")

        // The variable does the same; without either the cache is off.
        #expect(try run(fake, nearby, extra: ["PLACES_CACHE_TTL": "10m"]).status == 0)
        #expect(fake.requests.count == 1)
        #expect(try run(fake, nearby).status == 0)
        #expect(fake.requests.count == 2, "off by default")
        // --no-cache beats the variable; --cache off too.
        #expect(try run(fake, nearby + ["--no-cache"], extra: ["PLACES_CACHE_TTL": "10m"]).status == 0)
        #expect(try run(fake, nearby + ["--cache", "off"], extra: ["PLACES_CACHE_TTL": "10m"]).status == 0)
        #expect(fake.requests.count == 4)

        let files = cacheFiles()
        #expect(files.count == 1, "\(files)")
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!text.contains(canary) && !text.lowercased().contains(canary.lowercased()), "a key reached the cache file")
            #expect(!text.contains(String(canary.suffix(12))), "12 characters of the key reached the cache file")
            #expect(text.contains("\"X-Goog-Api-Key\" : \"REDACTED\""), "\(text)")
            #expect(try Self.mode(file) == 0o600)
        }
        #expect(try Self.mode(httpDirectory) == 0o700)
        #expect(try Self.mode(httpDirectory + "/google") == 0o700)
    }

    @Test func expiredAndDamagedEntriesAreReplacedNeverACrash() throws {
        let fake = try FakeGooglePlaces()
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let first = try run(fake, nearby + ["--cache", "7d"])
        #expect(first.status == 0 && fake.requests.count == 1, "\(first)")
        let file = try #require(cacheFiles().first)

        // Stored long ago: ignored, sent again, replaced.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        object["storedAt"] = Date().timeIntervalSince1970 - 8 * 86_400
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        let expired = try run(fake, nearby + ["--cache", "7d"])
        #expect(expired.status == 0 && expired.stdout == first.stdout, "\(expired)")
        #expect(fake.requests.count == 2)
        #expect(try run(fake, nearby + ["--cache", "7d"]).status == 0)
        #expect(fake.requests.count == 2, "the replaced entry answers")

        // Damaged: a note, the request sent, the entry replaced.
        try Data("{\"storedAt\": \"yesterday\", garbage".utf8).write(to: URL(fileURLWithPath: file))
        let damaged = try run(fake, nearby + ["--cache", "7d"])
        #expect(damaged.status == 0 && damaged.stdout == first.stdout, "\(damaged)")
        #expect(damaged.stderr.contains("places: note: ignored the damaged cached answer"), "\(damaged)")
        #expect(fake.requests.count == 3)
        #expect(try run(fake, nearby + ["--cache", "7d"]).status == 0)
        #expect(fake.requests.count == 3)
    }

    @Test func dryRunSaysWhetherTheCacheWouldAnswer() throws {
        let fake = try FakeGooglePlaces()
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let before = try run(fake, nearby + ["--cache", "1h", "--dry-run"])
        #expect(before.status == 0 && before.stdout.contains("# cache: not in the response cache"), "\(before)")
        #expect(try run(fake, nearby + ["--cache", "1h"]).status == 0)
        let after = try run(fake, nearby + ["--cache", "1h", "--dry-run"])
        #expect(after.status == 0 && after.stdout.contains("# cache: answered from the response cache"), "\(after)")
        #expect(fake.requests.count == 1)
    }

    @Test(arguments: [
        (["--cache", "31d"], [String: String](), Int32(64), "--cache '31d'"),
        (["--cache", "soon"], [:], 64, "--cache 'soon'"),
        (["--cache", "1h", "--no-cache"], [:], 64, "--no-cache"),
        ([], ["PLACES_CACHE_TTL": "45d"], 78, "$PLACES_CACHE_TTL '45d'"),
    ])
    func aBadLifetimeIsRefusedBeforeAnyRequest(_ flags: [String], _ extra: [String: String], _ code: Int32, _ named: String) throws {
        let fake = try FakeGooglePlaces()
        let r = try run(fake, nearby + flags, extra: extra)
        #expect(r.status == code && r.stdout.isEmpty && r.errorLines.count == 1, "\(r)")
        #expect(r.stderr.contains(named), "\(r)")
        #expect(fake.requests.isEmpty)
    }
}
