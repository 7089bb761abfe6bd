import Foundation
import Testing

/// Issue 22, items 3 and 10: the response cache keeps only successful answers, never an
/// error a service sent with a 200 (it would be served again for the whole TTL after the
/// server recovered), and never answers for another key; nothing stays longer than 30 days.
@Suite("End to end: the response cache keeps answers, not errors")
struct ResponseCacheTrustEndToEndTests {
    typealias A = HostileAnswers

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let error: String
        var contentType = "application/json"
        let good: String
        let status: Int32
        var testDescription: String { name }
    }

    static let nearbyGoogle = ["nearby", "--provider", "google", "--at", A.at, "--json"]
    static let nearbyFoursquare = ["nearby", "--provider", "foursquare", "--at", A.at, "--json"]
    static let nearbyOSM = ["nearby", "--provider", "osm", "--at", A.at, "--json"]
    static let route = ["route-estimate", "--from", "60.17,24.94", "--to", "60.18,24.95", "--router", "osrm", "--json"]

    static let cases: [Case] = [
        Case(
            name: "Google envelope in a 200", arguments: nearbyGoogle,
            error: #"{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}"#,
            good: A.googlePage(0..<2), status: 69),
        Case(
            name: "Google rejected key in a 200", arguments: nearbyGoogle,
            error:
                #"{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT","details":[{"reason":"API_KEY_INVALID"}]}}"#,
            good: A.googlePage(0..<2), status: 77),
        Case(
            name: "Foursquare message in a 200", arguments: nearbyFoursquare, error: #"{"message":"Internal error, try later."}"#,
            good: A.foursquarePage(0..<2), status: 69),
        Case(
            name: "Overpass remark in a 200", arguments: nearbyOSM,
            error: #"{"version":0.6,"elements":[],"remark":"runtime error: Query timed out in \"query\" at line 3 after 25 seconds."}"#,
            good: A.overpassDocument([A.overpassNode(7)]), status: 69),
        Case(
            name: "an HTML page in a 200", arguments: nearbyOSM, error: "<html><body><p>Error: runtime error: open64</p></body></html>",
            contentType: "text/html", good: A.overpassDocument([A.overpassNode(7)]), status: 69),
        Case(
            name: "OSRM error code in a 200", arguments: route, error: #"{"code":"InvalidUrl","message":"URL string malformed"}"#,
            good:
                #"{"code":"Ok","routes":[{"distance":1500.5,"duration":1080.2,"legs":[]}],"waypoints":[{"distance":1.0},{"distance":2.0}]}"#,
            status: 69),
    ]

    /// A server answering `first` once, then `then` for ever; how many requests it saw.
    final class Recovering: @unchecked Sendable {
        let server: FakeHTTPServer
        init(first: String, contentType: String, then good: String) throws {
            let count = Counter()
            server = try FakeHTTPServer { _ in
                count.next() == 1
                    ? .respond(status: 200, headers: [("Content-Type", contentType)], body: Data(first.utf8))
                    : .json(200, good)
            }
        }
        var requests: Int { server.requests.count }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func next() -> Int {
            lock.withLock {
                n += 1; return n
            }
        }
    }

    static func environment(_ server: FakeHTTPServer, cache: TemporaryDirectory, key: String = A.key) -> [String: String] {
        var env = A.environment(server.baseURL)
        env["GOOGLE_MAPS_API_KEY"] = key
        env["FOURSQUARE_API_KEY"] = key
        env["XDG_CACHE_HOME"] = cache.path
        return env
    }

    @Test(arguments: cases)
    func anErrorIn200IsNotCachedAndTheRecoveredServerIsAsked(_ c: Case) throws {
        let fake = try Recovering(first: c.error, contentType: c.contentType, then: c.good)
        let cache = try TemporaryDirectory()
        let args = c.arguments + ["--cache", "1h", "--retries", "0"]
        let failed = try PlacesBinary.run(args, environment: Self.environment(fake.server, cache: cache))
        #expect(failed.status == c.status, "\(failed)")
        let cached = ((try? FileManager.default.subpathsOfDirectory(atPath: cache.path)) ?? []).filter { $0.hasSuffix(".json") }
        #expect(cached.isEmpty, "an error was kept: \(cached)")

        let recovered = try PlacesBinary.run(args, environment: Self.environment(fake.server, cache: cache))
        #expect(recovered.status == 0, "the error was served again from the cache: \(recovered)")
        #expect(fake.requests == 2, "the recovered server was asked")
        // The good answer is kept and answers the next time.
        let again = try PlacesBinary.run(args, environment: Self.environment(fake.server, cache: cache))
        #expect(again.status == 0 && again.stdout == recovered.stdout, "\(again)")
        #expect(fake.requests == 2)
    }

    @Test func anAnswerFetchedWithOneKeyNeverAnswersForAnother() throws {
        let fake = try Recovering(first: A.googlePage(0..<2), contentType: "application/json", then: A.googlePage(0..<2))
        let cache = try TemporaryDirectory()
        let args = Self.nearbyGoogle + ["--cache", "1h"]
        let keyA = "AIzaKeyOne\(UUID().uuidString.prefix(8))", keyB = "AIzaKeyTwo\(UUID().uuidString.prefix(8))"
        #expect(try PlacesBinary.run(args, environment: Self.environment(fake.server, cache: cache, key: keyA)).status == 0)
        #expect(try PlacesBinary.run(args, environment: Self.environment(fake.server, cache: cache, key: keyA)).status == 0)
        #expect(fake.requests == 1, "the same key is answered from the cache")
        #expect(try PlacesBinary.run(args, environment: Self.environment(fake.server, cache: cache, key: keyB)).status == 0)
        #expect(fake.requests == 2, "another key asks the service itself")
        // Neither key, nor a piece of one, is in any file.
        for file in (try? FileManager.default.subpathsOfDirectory(atPath: cache.path)) ?? [] where file.hasSuffix(".json") {
            let text = try String(contentsOfFile: cache.path + "/" + file, encoding: .utf8)
            for key in [keyA, keyB] { #expect(!text.contains(key) && !text.contains(String(key.suffix(12))) && !file.contains(key)) }
        }
    }

    @Test func expiredEntriesAreDeletedWhenTheCacheIsWritten() throws {
        let fake = try Recovering(first: A.googlePage(0..<2), contentType: "application/json", then: A.googlePage(0..<2))
        let cache = try TemporaryDirectory()
        let folder = cache.path + "/places/http/google"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let day = 86_400.0
        let files: [(name: String, age: Double, kept: Bool)] = [
            (String(repeating: "a", count: 32) + ".json", 31 * day, false),
            (String(repeating: "b", count: 32) + ".json", 29 * day, true),
            (".\(String(repeating: "c", count: 32)).json.tmp-1-1", 2 * day, false),
            ("notes.txt", 400 * day, true),
        ]
        for file in files {
            let path = folder + "/" + file.name
            try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-file.age)], ofItemAtPath: path)
        }
        let r = try PlacesBinary.run(Self.nearbyGoogle + ["--cache", "1h"], environment: Self.environment(fake.server, cache: cache))
        #expect(r.status == 0, "\(r)")
        for file in files {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + file.name) == file.kept, "\(file)")
        }
    }

    /// Item 13: a request made no `org.swift.foundation.URLCache` folder under the cache home
    /// (FoundationNetworking's own cache, 0777 under umask 000); only places' own folder.
    @Test func aRequestLeavesNoFoundationCacheFolder() throws {
        let fake = try Recovering(first: A.googlePage(0..<2), contentType: "application/json", then: A.googlePage(0..<2))
        let cache = try TemporaryDirectory()
        let r = try PlacesBinary.shell(
            "umask 000; \"$PLACES\" " + Self.nearbyGoogle.joined(separator: " ") + " --cache 1h",
            environment: Self.environment(fake.server, cache: cache))
        #expect(r.status == 0 && fake.requests == 1, "\(r)")
        #expect(cache.contents(of: ".") == ["places"], "\(cache.contents(of: "."))")
    }
}
