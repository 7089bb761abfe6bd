import Foundation
import Testing

@testable import PlacesCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `places batch` through the binary, against the loopback fakes: every line answered once,
/// in order, the pace held on the server's own clock, a 429 felt by every line, Overpass's two
/// slots, and a batch killed halfway and resumed.
@Suite("End to end: places batch")
struct BatchEndToEndTests {
    let canary = "CANARY-batch-\(UUID().uuidString.prefix(8))"

    func googleEnvironment(_ fake: FakeGooglePlaces) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = canary
        env["PLACES_GOOGLE_PLACES_URL"] = fake.baseURL
        return env
    }

    /// `count` lines of varied nearby and search queries; every other one an object with an id.
    static func input(_ count: Int) -> String {
        let cities = ["Helsinki", "Espoo", "Vantaa", "Tampere"], types = ["restaurant", "cafe", "bar", "pharmacy"]
        return (1...count).map { i -> String in
            let args: [String] =
                i % 5 == 0
                ? ["search", "pizza \(i)", "--near", cities[i % 4], "--limit", "3"]
                : ["nearby", "--near", cities[i % 4], "--type", types[(i / 4) % 4], "--limit", "\(1 + i % 5)"]
            let array = "[" + args.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            return i % 2 == 0 ? "{\"id\":\"q\(i)\",\"args\":\(array)}" : array
        }.joined(separator: "\n") + "\n"
    }

    /// The records of an output, each parsed.
    static func records(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a record: \(line)")
        }
    }

    /// The most requests the server saw in any one second.
    static func busiestSecond(_ arrivals: [Double]) -> Int {
        let sorted = arrivals.sorted()
        var most = 0, start = 0
        for end in sorted.indices {
            while sorted[end] - sorted[start] >= 1.0 { start += 1 }
            most = max(most, end - start + 1)
        }
        return most
    }

    /// Runs `places` with stdout to `output` and kills it (SIGKILL) once `afterLines` lines are
    /// there; how it ended. Watched from a thread of its own, never from the cooperative pool,
    /// which the suite's other tests may keep busy for a long time.
    static func runKilled(
        _ arguments: [String], environment: [String: String], output: String, afterLines: Int
    ) async throws -> Process.TerminationReason {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let process = Process()
                        process.executableURL = PlacesBinary.executable
                        process.arguments = arguments
                        process.environment = environment
                        _ = FileManager.default.createFile(atPath: output, contents: nil)
                        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
                        defer { try? handle.close() }
                        process.standardOutput = handle
                        process.standardError = FileHandle.nullDevice
                        try process.run()
                        func written() -> Int { (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").count ?? 0 }
                        while written() < afterLines && process.isRunning { usleep(10_000) }
                        kill(process.processIdentifier, SIGKILL)
                        process.waitUntilExit()
                        return process.terminationReason
                    })
            }
        }
    }

    /// A locked counter for the fakes' handlers.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        private var current = 0
        private(set) var most = 0
        func next() -> Int {
            lock.withLock {
                value += 1; return value
            }
        }
        func enter() {
            lock.withLock {
                current += 1; most = max(most, current)
            }
        }
        func leave() { lock.withLock { current -= 1 } }
        var highest: Int { lock.withLock { most } }
    }

    static let exhausted =
        #"{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED"}}"#

    @Test func fiveHundredLinesAtTwentyPerSecondWithOneAnswerInTenA429() async throws {
        let counter = Counter()
        let fake = try FakeGooglePlaces { _ in counter.next() % 10 == 5 ? .json(429, Self.exhausted) : nil }
        let dir = try TemporaryDirectory()
        let input = try dir.write("in.ndjson", Data(Self.input(500).utf8))
        let r = try await PlacesBinary.runDetached(
            ["batch", input, "--jobs", "8", "--qps", "20", "--retries", "5"],
            environment: googleEnvironment(fake))
        #expect(!r.stdout.contains(canary) && !r.stderr.contains(canary), "the key leaked")
        #expect(r.status == 0, "\(r.stderr)")
        let records = try Self.records(r.stdout)
        #expect(records.count == 500)
        #expect(records.map { $0["line"] as? Int } == (1...500).map { $0 }, "each line once, in input order")
        #expect(records.allSatisfy { $0["exitCode"] as? Int == 0 && $0["result"] is [Any] && $0["error"] is NSNull })
        #expect(
            records.enumerated().allSatisfy { i, record in
                (i + 1) % 2 == 0 ? record["id"] as? String == "q\(i + 1)" : record["id"] is NSNull
            })
        let requests = fake.requests
        let rejected = requests.count / 10
        #expect(
            requests.count >= 500 + rejected - 1 && requests.count <= 500 + rejected + 1,
            "every line once, and each 429 once more: \(requests.count)")
        #expect(Self.busiestSecond(requests.map(\.arrival)) <= 20, "the server counted more than 20 requests in a second")
    }

    @Test func killedHalfwayAndResumedEveryLineIsInTheOutputOnce() async throws {
        let fake = try FakeGooglePlaces()
        let dir = try TemporaryDirectory()
        let input = try dir.write("in.ndjson", Data(Self.input(500).utf8))
        let first = dir.file("first.ndjson"), second = dir.file("second.ndjson")

        // A run killed (SIGKILL: no chance to tidy up) once it has written 100 records.
        let reason = try await Self.runKilled(
            ["batch", input, "--jobs", "8", "--qps", "20"], environment: googleEnvironment(fake),
            output: first, afterLines: 100)
        let before = try Self.records(try String(contentsOfFile: first, encoding: .utf8))
        #expect(reason == .uncaughtSignal, "the first run ended before it was killed")
        #expect(before.count >= 100 && before.count < 500)
        let sentBefore = fake.requests.count

        let r = try await PlacesBinary.runDetached(
            ["batch", input, "--jobs", "8", "--qps", "200", "--resume", first],
            environment: googleEnvironment(fake))
        #expect(r.status == 0, "\(r.stderr)")
        let after = try Self.records(r.stdout)
        #expect(after.map { $0["line"] as? Int } == (1...500).map { $0 }, "every line exactly once, in order")
        #expect(after.allSatisfy { $0["exitCode"] as? Int == 0 })
        let kept = before.filter { $0["exitCode"] as? Int == 0 }.count
        #expect(fake.requests.count - sentBefore == 500 - kept, "only the lines not done before are sent again")
        let firstLines = try String(contentsOfFile: first, encoding: .utf8).split(separator: "\n")
        #expect(
            Array(r.stdout.split(separator: "\n").prefix(firstLines.count)) == firstLines, "the records done before are copied as they were"
        )

        // The output must not be the file resumed (the shell has emptied it already).
        let same = try PlacesBinary.shell(
            "\"$PLACES\" batch \(input) --resume \(second) > \(second); echo \"status $?\"", environment: googleEnvironment(fake))
        #expect(same.stdout.contains("status 64") && same.stderr.contains("is also where the output goes"), "\(same)")
    }

    @Test func aRetryAfterHoldsBackEveryLineNotOnlyTheOneThatGotIt() async throws {
        let counter = Counter()
        let fake = try FakeGooglePlaces { _ in
            counter.next() == 1 ? .json(429, Self.exhausted, headers: [("Retry-After", "2")]) : nil
        }
        let lines = (1...3).map { _ in #"["nearby","--near","Helsinki","--type","cafe","--limit","1"]"# }.joined(separator: "\n")
        let dir = try TemporaryDirectory()
        let input = try dir.write("in.ndjson", Data(lines.utf8))
        let r = try await PlacesBinary.runDetached(["batch", input, "--jobs", "3", "--qps", "4"], environment: googleEnvironment(fake))
        #expect(r.status == 0, "\(r)")
        #expect(try Self.records(r.stdout).count == 3)
        let arrivals = fake.requests.map(\.arrival).sorted()
        #expect(arrivals.count == 4)
        // At 4 a second the next line would start 0.25 s later; the 429's Retry-After holds it 2 s.
        #expect(arrivals.count >= 2 && arrivals[1] - arrivals[0] >= 1.5, "another line was sent during the Retry-After: \(arrivals)")
    }

    @Test func overpassIsNeverAskedMoreThanTwiceAtOnce() async throws {
        let inFlight = Counter()
        let server = try FakeHTTPServer { _ in
            inFlight.enter()
            defer { inFlight.leave() }
            Thread.sleep(forTimeInterval: 0.2)
            return .json(200, #"{"version":0.6,"elements":[]}"#)
        }
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_OVERPASS_URL"] = server.baseURL
        let lines = (1...8).map { i in "[\"nearby\",\"--at\",\"60.1\(i),24.9\",\"--type\",\"cafe\"]" }.joined(separator: "\n")
        let dir = try TemporaryDirectory()
        let input = try dir.write("in.ndjson", Data(lines.utf8))
        let r = try await PlacesBinary.runDetached(["batch", input, "--provider", "osm", "--jobs", "8", "--qps", "100"], environment: env)
        #expect(r.status == 0, "\(r)")
        #expect(try Self.records(r.stdout).count == 8)
        #expect(server.requests.count == 8)
        #expect(inFlight.highest <= 2, "Overpass had \(inFlight.highest) requests at once")
    }

    /// A bad value among the flags given to batch for every line is the batch's: one error
    /// line and 64 before any line runs, not the same error in every record.
    @Test(arguments: [
        (["--timeout", "x"], "--timeout 'x' is not a number"), (["--retries", "-1"], "--retries"),
        (["--cache", "forever"], "--cache 'forever'"), (["--provider", "nope"], "nope"),
        (["--cache", "1h", "--no-cache"], "--cache and --no-cache contradict each other"),
    ])
    func aBadFlagForEveryLineIsRefusedOnce(_ flags: [String], _ says: String) async throws {
        let lines = Array(repeating: #"["nearby","--at","60.17,24.94","--limit","1"]"#, count: 3).joined(separator: "\n")
        let r = try PlacesBinary.shell(
            "printf '%s\\n' \"$LINES\" | \"$PLACES\" batch --data \"$DATA\" " + flags.map { "'\($0)'" }.joined(separator: " "),
            environment: PlacesBinary.baseEnvironment().merging(["LINES": lines]) { $1 })
        #expect(r.status == 64 && r.stdout.isEmpty, "\(r)")
        #expect(r.errorLines.count == 1 && r.stderr.hasPrefix("places: error: ") && r.stderr.contains(says), "\(r)")
    }

    @Test func aBadLineIsItsOwnRecordAndTheOthersGoOn() async throws {
        let lines = [
            #"["nearby","--near","Helsinki","--type","cafe","--limit","2","--fields","id,name"]"#,
            "",
            "not json",
            #"{"id":{"store":7},"args":["details","osm:node/1369465615","--fields","id,name"]}"#,
            #"["batch"]"#,
            #"["nearbyy","--near","Helsinki"]"#,
            #"{"args":["nearby","--at","1,2","--format","csv"]}"#,
            #"[1,2]"#,
            #""just a string""#,
            #"{"id":1,"arg":["nearby"]}"#,
        ].joined(separator: "\n")
        let r = try PlacesBinary.shell(
            "printf '%s\\n' \"$LINES\" | \"$PLACES\" batch --data \"$DATA\"",
            environment: PlacesBinary.baseEnvironment().merging(["LINES": lines]) { $1 })
        #expect(r.status == 64, "the first failing line's code: \(r)")
        // No progress when stderr is not a terminal: only the one error line of a failed batch.
        #expect(
            r.stderr.split(separator: "\n").count == 1
                && r.stderr.hasPrefix("places: error: 7 of 9 batch lines failed; the first, line 3: "),
            "\(r.stderr)")
        let records = try Self.records(r.stdout)
        #expect(records.map { $0["line"] as? Int } == [1, 3, 4, 5, 6, 7, 8, 9, 10], "blank lines are skipped")
        try #require(records.map { $0["exitCode"] as? Int } == [0, 64, 0, 64, 64, 64, 64, 64, 64], "\(r)")
        #expect((records[0]["result"] as? [[String: Any]])?.count == 2)
        #expect((records[2]["result"] as? [String: Any])?["name"] as? String == "Loiste")
        #expect((records[2]["id"] as? [String: Any])?["store"] as? Int == 7, "the id comes back as given")
        #expect((records[4]["error"] as? String)?.contains("did you mean 'nearby'") == true)
        #expect(
            records.filter { $0["exitCode"] as? Int == 64 }.allSatisfy {
                ($0["error"] as? String)?.isEmpty == false && $0["result"] is NSNull
            })
    }

    #if os(Linux)
    /// util-linux `script` gives the batch a terminal (stderr; stdout goes to a file).
    @Test func aTerminalShowsProgressAndASummary() throws {
        let dir = try TemporaryDirectory()
        let script = """
            for i in $(seq 30); do echo '["nearby","--at","60.17,24.94","--type","cafe","--limit","2"]'; done > "$WORK/in.ndjson"
            script -qec "\\"$PLACES\\" batch \\"$WORK/in.ndjson\\" --data \\"$DATA\\" > \\"$WORK/out.ndjson\\"" /dev/null
            echo "records $(wc -l < "$WORK/out.ndjson")"
            """
        let r = try PlacesBinary.shell(script, environment: PlacesBinary.baseEnvironment().merging(["WORK": dir.path]) { $1 })
        #expect(r.stdout.contains("records 30"), "\(r)")
        #expect(r.stdout.contains("batch: 30/30 lines") && r.stdout.contains("0 failed, ETA"), "\(r)")
        #expect(r.stdout.contains("places: batch: 30 of 30 lines in"), "\(r)")
    }
    #endif

    /// Lines run concurrently in one process: twelve `favorite add`s at once all land in the
    /// file (each takes the file's lock through its own descriptor, so none overwrites another).
    @Test func concurrentFavoriteAddsAllLand() throws {
        let dir = try TemporaryDirectory()
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_FAVORITES_FILE"] = dir.file("favorites.json")
        let found = try PlacesBinary.run(
            ["nearby", "--at", "60.1699,24.9384", "--limit", "12", "--fields", "id", "--json", "--data", PlacesBinary.helsinkiData],
            environment: env)
        let ids = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]]).compactMap {
            $0["id"] as? String
        }
        #expect(ids.count == 12, "\(found)")
        let lines = ids.map { "[\"favorite\",\"add\",\"\($0)\",\"--note\",\"n \($0)\"]" }.joined(separator: "\n")
        let input = try dir.write("in.ndjson", Data(lines.utf8))
        let r = try PlacesBinary.run(["batch", input, "--jobs", "8", "--data", PlacesBinary.helsinkiData], environment: env)
        #expect(r.status == 0, "\(r)")
        #expect(try Self.records(r.stdout).allSatisfy { $0["exitCode"] as? Int == 0 && $0["result"] is NSNull })
        let list = try PlacesBinary.run(["favorite", "list", "--json"], environment: env)
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]).compactMap {
            $0["id"] as? String
        }
        #expect(Set(saved) == Set(ids), "\(list)")
    }

    /// Lines that record side by side: identical requests of two lines write the same
    /// recording at once (each line counts its own), and neither fails on the other's
    /// temporary file; a replay of the batch then answers every line offline.
    @Test func recordingAndReplayingABatch() async throws {
        let fake = try FakeGooglePlaces()
        let dir = try TemporaryDirectory()
        let line = #"["nearby","--at","60.1699,24.9384","--type","cafe","--limit","2"]"#
        let input = try dir.write("in.ndjson", Data(Array(repeating: line, count: 16).joined(separator: "\n").utf8))
        let recorded = try await PlacesBinary.runDetached(
            ["batch", input, "--jobs", "16", "--qps", "1000", "--record", dir.file("tape")],
            environment: googleEnvironment(fake))
        #expect(recorded.status == 0, "\(recorded)")
        #expect(try Self.records(recorded.stdout).allSatisfy { $0["exitCode"] as? Int == 0 })
        var offline = PlacesBinary.baseEnvironment()
        offline["PLACES_PROVIDER"] = "google"
        let replayed = try await PlacesBinary.runDetached(["batch", input, "--replay", dir.file("tape")], environment: offline)
        #expect(replayed.status == 0, "\(replayed)")
        #expect(try Self.records(replayed.stdout).map { $0["result"] as? [[String: Any]] }.allSatisfy { $0?.count == 2 })
    }

    @Test func helpNamesBatch() throws {
        let general = try PlacesBinary.run(["help"])
        #expect(general.stdout.contains("batch"))
        let batch = try PlacesBinary.run(["help", "batch"])
        #expect(
            batch.status == 0 && batch.stdout.contains("--jobs N") && batch.stdout.contains("--qps Q")
                && batch.stdout.contains("--resume FILE"))
    }
}
