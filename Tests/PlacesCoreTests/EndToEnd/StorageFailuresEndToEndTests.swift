import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesOSM
@testable import overpass_synth

/// Storage that fails under `places`, through the binary: a write that cannot complete (a
/// full disk, here a file size limit, `ulimit -f 0`, which fails writes with EFBIG exactly
/// where a full disk fails them with ENOSPC) and a data file cut short while it is read.
@Suite("End to end: full disks and files cut short")
struct StorageFailuresEndToEndTests {
    func environment(_ dir: TemporaryDirectory) -> [String: String] {
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        env["PLACES_FAVORITES_FILE"] = dir.file("favorites/favorites.json")
        return env
    }

    /// A favorites write that fails for want of room is an I/O error (74) naming the file
    /// and the system's reason; the file is left byte for byte, and nothing else is left.
    @Test func aFavoritesWriteThatCannotCompleteIs74AndLosesNothing() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let first = try PlacesBinary.run(["favorite", "add", "osm:node/1369465615", "--data", PlacesBinary.helsinkiData], environment: env)
        #expect(first.status == 0, "\(first)")
        let before = try Data(contentsOf: URL(fileURLWithPath: dir.file("favorites/favorites.json")))

        let r = try BoundedRun.shell("ulimit -f 0; exec \"$PLACES\" favorite add osm:node/1371746679 --data \"$DATA\"", environment: env)
        #expect(!r.timedOut && r.signal == nil, "\(r)")
        #expect(r.result.status == 74 && r.result.stdout.isEmpty, "\(r)")
        #expect(r.result.errorLines.count == 1, "\(r)")
        let line = r.result.errorLines.first ?? ""
        #expect(
            line.hasPrefix("places: error: cannot write the favorites file \(dir.file("favorites/favorites.json")): File too large"), "\(r)"
        )
        #expect(line.contains("it was left as it was, nothing is lost") && !line.contains("writable"), "\(r)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("favorites/favorites.json"))) == before)
        #expect(dir.contents(of: "favorites") == ["favorites.json", "favorites.json.lock"], "no temporary file left")
    }

    /// The index cache is only a cache: a write that fails is a note, and the answer comes.
    @Test func anIndexWriteThatCannotCompleteIsANote() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let query = "nearby --at 60.1699,24.9384 --json --data \"$DATA\""
        let plain = try BoundedRun.shell("exec \"$PLACES\" \(query) --no-cache", environment: env)
        let r = try BoundedRun.shell("ulimit -f 0; exec \"$PLACES\" \(query)", environment: env)
        #expect(!r.timedOut && r.signal == nil && r.result.status == 0 && r.result.stdout == plain.result.stdout, "\(r)")
        #expect(
            r.result.stderrLines.count == 1 && r.result.stderrLines[0].hasPrefix("places: note: cannot save the index of ")
                && r.result.stderrLines[0].contains("(File too large)"), "\(r)")
        #expect(dir.contents(of: "cache/places").isEmpty, "no temporary index left: \(dir.contents(of: "cache/places"))")
    }

    /// A data file cut short while it is scanned used to kill places with SIGBUS. Whenever the
    /// cut lands, the outcome is an answer (it came first), bad data (it came before the
    /// open), or one error line and 74: never a signal.
    @Test func aDataFileCutShortWhileReadIsNeverACrash() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let data = ScannerComparison.synthetic(elements: 150_000, seed: 41, style: .overpass)
        var outcomes: [Int32: Int] = [:]
        for round in 0..<8 {
            let path = try dir.write("extract-\(round).json", data)
            let runner = DispatchQueue(label: "places")
            nonisolated(unsafe) var outcome: BoundedRun.Outcome?
            let finished = DispatchSemaphore(value: 0)
            runner.async {
                outcome = try? BoundedRun.places(["nearby", "--at", "60.1699,24.9384", "--no-cache", "--data", path], environment: env)
                finished.signal()
            }
            Thread.sleep(forTimeInterval: 0.05 * Double(round + 1))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: UInt64(round % 2 == 0 ? 0 : data.count / 3))
            try handle.close()
            finished.wait()
            let r = try #require(outcome)
            #expect(!r.timedOut && r.signal == nil, "round \(round): \(r)")
            #expect([0, 65, 74].contains(r.result.status), "round \(round): \(r)")
            if r.result.status != 0 { #expect(r.result.errorLines.count == 1 && r.result.stdout.isEmpty, "round \(round): \(r)") }
            if r.result.status == 74 {
                #expect(
                    r.result.errorLines == [
                        "places: error: \(path) was cut short while it was being read (another program is writing it?); run the command again when it is complete"
                    ], "\(r)")
            }
            outcomes[r.result.status, default: 0] += 1
        }
        #expect(outcomes.values.reduce(0, +) == 8, "\(outcomes)")
    }
}
