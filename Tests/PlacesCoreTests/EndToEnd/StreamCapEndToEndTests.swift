import Foundation
import Testing

@testable import PlacesCore

/// Issue 33, item 7: a stream given as `--data -` is held whole in memory, so it is read up
/// to 512 MiB and no further. An extract followed by 3 GB of zeros (a `cat` of the wrong
/// files, `/dev/zero` behind a real header) grew until it aborted with a stack trace under a
/// memory limit; now it is one error line, exit 65, whichever format it begins as. Run under
/// `ulimit -v` and a watchdog, so a regression fails here instead of taking the machine.
@Suite("End to end: how much of a stream is read")
struct StreamCapEndToEndTests {
    static let pbf = PBFFiles.helsinki

    /// `extract` and then 3 GB of zeros into `nearby --data -`, under a 2 GB address space.
    static func overlong(_ extract: String) throws -> BoundedRun.Outcome {
        let dir = try TemporaryDirectory()
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        env["EXTRACT"] = extract
        // What the writers say of the pipe places closed is theirs (the test process ignores
        // SIGPIPE, and so its children do): not one of places' lines.
        let writer = #"(cat "$EXTRACT"; head -c 3000000000 /dev/zero) 2>/dev/null"#
        let script = writer + #" | (ulimit -v 2000000; exec "$PLACES" nearby --near Helsinki --data -)"#
        return try BoundedRun.shell(script, environment: env, limit: 300)
    }

    @Test(arguments: [PlacesBinary.helsinkiData, pbf])
    func aStreamOverTheCapIsOneErrorLine(_ extract: String) throws {
        let run = try Self.overlong(extract)
        let r = run.result
        #expect(!run.timedOut && run.signal == nil, "\(run)")
        #expect(r.status == 65, "\(run)")
        #expect(r.stdout.isEmpty && r.stderrLines.count == 1, "\(run)")
        #expect(
            r.errorLines.first == "places: error: --data standard input is longer than the 512 MiB places reads from a stream "
                + "(a stream is held in memory); save it to a file and give --data FILE, which is mapped rather than read in, and indexed",
            "\(run)")
    }

    /// Under the cap, a stream is read as before.
    @Test func aStreamUnderTheCapIsRead() throws {
        let dir = try TemporaryDirectory()
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        env["EXTRACT"] = Self.pbf
        let run = try BoundedRun.shell(#"exec "$PLACES" nearby --near Helsinki --json --data - < "$EXTRACT""#, environment: env)
        #expect(run.result.status == 0 && !run.timedOut, "\(run)")
        #expect(try JSONHelpers.array(run.result.stdout).count == 20, "\(run)")
    }
}
