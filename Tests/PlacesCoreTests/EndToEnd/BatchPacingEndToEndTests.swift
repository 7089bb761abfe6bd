import Foundation
import Testing

/// Issue 22, items 4, 11 and 13, through the binary: a `Retry-After` no command sits out is
/// refused for every line at once, holds do not stack, a batch whose reader went away says
/// nothing more, a failed write is worded, and a FIFO to resume from is announced.
@Suite("End to end: batch pacing and endings")
struct BatchPacingEndToEndTests {
    static let line = #"["nearby","--near","Helsinki","--type","cafe","--limit","1"]"#
    static let exhausted = BatchEndToEndTests.exhausted

    static func input(_ count: Int) throws -> (TemporaryDirectory, String) {
        let dir = try TemporaryDirectory()
        let path = try dir.write("in.ndjson", Data((Array(repeating: line, count: count).joined(separator: "\n") + "\n").utf8))
        return (dir, path)
    }

    static func environment(_ fake: FakeGooglePlaces) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = "CANARY-pacing-\(UUID().uuidString.prefix(8))"
        env["PLACES_GOOGLE_PLACES_URL"] = fake.baseURL
        return env
    }

    @Test func aWaitNoCommandSitsOutIsRefusedForEveryLineAtOnce() throws {
        let fake = try FakeGooglePlaces { _ in .json(429, Self.exhausted, headers: [("Retry-After", "3600")]) }
        let (dir, input) = try Self.input(8)
        defer { withExtendedLifetime(dir) {} }
        // Each line used to wait out a 60 s hold in turn: killed long before the end.
        let outcome = try BoundedRun.places(["batch", input, "--jobs", "2"], environment: Self.environment(fake), limit: 45)
        #expect(!outcome.timedOut, "the batch sat out the wait: \(outcome)")
        let r = outcome.result
        #expect(r.status == 75, "\(r)")
        let records = try BatchEndToEndTests.records(r.stdout)
        #expect(records.count == 8 && records.allSatisfy { $0["exitCode"] as? Int == 75 }, "\(r)")
        for record in records {
            let error = record["error"] as? String ?? ""
            #expect(error.contains("wait 3600 s") && error.contains("try again after"), "each record says why: \(record)")
        }
        #expect(fake.requests.count <= 2, "only the lines already on their way were sent: \(fake.requests.count)")
    }

    @Test func holdsDoNotStack() throws {
        let wait = 4.0
        let fake = try FakeGooglePlaces { _ in .json(429, Self.exhausted, headers: [("Retry-After", "\(Int(wait))")]) }
        let (dir, input) = try Self.input(5)
        defer { withExtendedLifetime(dir) {} }
        let outcome = try BoundedRun.places(
            ["batch", input, "--jobs", "5", "--retries", "0"], environment: Self.environment(fake), limit: 60)
        #expect(!outcome.timedOut, "\(outcome)")
        #expect(outcome.result.status == 75, "\(outcome)")
        let arrivals = fake.requests.map(\.arrival).sorted()
        #expect(arrivals.count == 5, "each line once: \(arrivals)")
        // The first 429 holds the batch once; the others fall inside that hold and start none
        // of their own (each used to start a new one: four gaps as long as the wait).
        let holds = zip(arrivals, arrivals.dropFirst()).filter { $1 - $0 >= wait - 0.5 }.count
        #expect(holds == 1, "holds seen between requests: \(holds); arrivals \(arrivals.map { $0 - arrivals[0] })")
    }

    @Test func aBatchWhoseReaderWentAwaySaysNothingMore() throws {
        let counter = BatchEndToEndTests.Counter()
        let fake = try FakeGooglePlaces { _ in
            switch counter.next() {
            case 1: return nil
            case 2: Thread.sleep(forTimeInterval: 0.5); return nil
            default: Thread.sleep(forTimeInterval: 4); return nil
            }
        }
        let (dir, input) = try Self.input(6)
        var env = Self.environment(fake)
        env["IN"] = input
        env["ERR"] = dir.file("stderr")
        let r = try PlacesBinary.shell(
            #""$PLACES" batch "$IN" --jobs 6 --qps 100 --retries 2 2>"$ERR" | head -1 >/dev/null; echo "status ${PIPESTATUS[0]}""#,
            environment: env)
        #expect(r.stdout == "status 0\n", "\(r)")
        let stderr = (try? String(contentsOfFile: dir.file("stderr"), encoding: .utf8)) ?? ""
        #expect(stderr.isEmpty, "after the reader went away: \(stderr)")
    }

    @Test func aFailedWriteIsWordedNotAnErrno() throws {
        let (dir, input) = try Self.input(3)
        var env = PlacesBinary.baseEnvironment()
        env["IN"] = input
        env["OUT"] = dir.file("out")
        let r = try PlacesBinary.shell(
            #"""
            ulimit -f 1
            "$PLACES" batch "$IN" --data "$DATA" > "$OUT"; echo "batch $?"
            "$PLACES" nearby --near Helsinki --data "$DATA" --json > "$OUT"; echo "single $?"
            """#, environment: env)
        #expect(r.stdout == "batch 74\nsingle 74\n", "\(r)")
        #expect(
            r.errorLines
                == Array(
                    repeating: "places: error: cannot write the output: File too large (the file size limit, ulimit -f, was reached)",
                    count: 2), "\(r)")
    }

    @Test func aFIFOToResumeFromIsAnnouncedThenRead() throws {
        let (dir, input) = try Self.input(2)
        let previous = try dir.write("previous.ndjson", Data())
        var env = PlacesBinary.baseEnvironment()
        env["IN"] = input
        env["T"] = dir.path
        env["PREVIOUS"] = previous
        // The writer comes a second after the batch starts waiting for one.
        let outcome = try BoundedRun.shell(
            #"""
            mkfifo "$T/resume"
            (sleep 1; cat "$PREVIOUS" > "$T/resume") </dev/null >/dev/null 2>&1 &
            "$PLACES" batch "$IN" --resume "$T/resume" --data "$DATA"
            """#, environment: env)
        #expect(!outcome.timedOut, "\(outcome)")
        let r = outcome.result
        let records = try BatchEndToEndTests.records(r.stdout)
        #expect(r.status == 0 && records.count == 2, "\(r)")
        #expect(
            r.stderr.contains("places: note: the output to resume \(dir.path)/resume is a FIFO with no writer yet; waiting for one"), "\(r)"
        )
    }
}
