import Foundation
import Testing

/// Issue 22, item 11: `PLACES_REPLAY_LOG` naming a FIFO nobody reads blocked the replay
/// without a word. It is treated as `--data` treats a FIFO: a note says what it waits for,
/// and once a reader comes the line is written and the command ends.
@Suite("End to end: a replay log that is a FIFO")
struct ReplayLogFIFOEndToEndTests {
    @Test func aFIFOWithNoReaderIsAnnouncedThenWritten() throws {
        let dir = try TemporaryDirectory()
        var env = FixtureScenario.offlineEnvironment
        env["T"] = dir.path
        // The reader comes a second after the replay starts waiting for one.
        let outcome = try BoundedRun.shell(
            #"""
            mkfifo "$T/log"
            (sleep 1; cat "$T/log" > "$T/read") </dev/null >/dev/null 2>&1 &
            PLACES_REPLAY_LOG="$T/log" "$PLACES" details osm:node/1369465615 --json --replay Fixtures
            s=$?; wait; exit $s
            """#, environment: env)
        #expect(!outcome.timedOut, "\(outcome)")
        let r = outcome.result
        #expect(r.status == 0 && r.stdout.contains("\"id\": \"osm:node/1369465615\""), "\(r)")
        #expect(r.stderr.contains("places: note: the replay log \(dir.path)/log is a FIFO with no reader yet; waiting for one"), "\(r)")
        let read = (try? String(contentsOfFile: dir.file("read"), encoding: .utf8)) ?? ""
        #expect(read.hasSuffix(".json\n") && read.contains("/Fixtures/osm/"), "the reader got the line: \(read)")
    }
}
