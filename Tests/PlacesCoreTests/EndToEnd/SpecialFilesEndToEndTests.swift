import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import PlacesSupport
@testable import places_cli

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths that are not regular files, through the binary: a FIFO or a device where a file is
/// needed is refused at once (never a hang), a pipe given on purpose to `--data` is read as
/// a stream, and odd files get messages that say what they are. Every run has a watchdog.
@Suite("End to end: FIFOs, pipes, devices and odd files")
struct SpecialFilesEndToEndTests {
    static let query = ["search", "sushi", "--near", "Helsinki", "--json"]

    func environment(_ dir: TemporaryDirectory) -> [String: String] {
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        env["PLACES_FAVORITES_FILE"] = dir.file("favorites.json")
        return env
    }

    /// What the query prints from the bundled extract read as a plain file.
    func expectedOutput(_ env: [String: String]) throws -> String {
        let r = try BoundedRun.places(Self.query + ["--data", PlacesBinary.helsinkiData, "--no-cache"], environment: env)
        #expect(r.result.status == 0 && !r.timedOut, "\(r)")
        #expect(try JSONHelpers.array(r.result.stdout).count > 3)
        return r.result.stdout
    }

    func makeFIFO(_ path: String) {
        #expect(mkfifo(path, 0o600) == 0, "mkfifo \(path)")
    }

    @Test func aPipeGivenOnPurposeIsReadAsAStream() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let expected = try expectedOutput(env)
        let q = Self.query.map { "'\($0)'" }.joined(separator: " ")
        for script in [
            "\"$PLACES\" \(q) --data <(cat \"$DATA\")",
            "cat \"$DATA\" | \"$PLACES\" \(q) --data /dev/stdin",
            "cat \"$DATA\" | \"$PLACES\" \(q) --data -",
            "\"$PLACES\" \(q) --data - < \"$DATA\"",
            "\"$PLACES\" \(q) --data /dev/stdin < \"$DATA\"",
        ] {
            let r = try BoundedRun.shell(script, environment: env)
            #expect(!r.timedOut && r.signal == nil, "\(script): \(r)")
            #expect(r.result.status == 0 && r.result.stdout == expected && r.result.stderr.isEmpty, "\(script): \(r)")
        }
        // A stream is never indexed: only the plain file (by its real path) may be.
        #expect(dir.contents(of: "cache/places").count <= 1, "\(dir.contents(of: "cache/places"))")
    }

    /// route-estimate looks two places up; a stream can be read once, so it is kept.
    @Test func aStreamServesTwoLookUps() throws {
        let dir = try TemporaryDirectory()
        let r = try BoundedRun.shell(
            "cat \"$DATA\" | \"$PLACES\" route-estimate --from osm:node/1369465615 --to osm:node/1371746679 --data - --json",
            environment: environment(dir))
        #expect(r.result.status == 0 && !r.timedOut, "\(r)")
        let route = try JSONHelpers.object(r.result.stdout)
        #expect((route["from"] as? [String: Any])?["name"] as? String == "Loiste", "\(r)")
        #expect((route["to"] as? [String: Any])?["name"] as? String == "D'Wok", "\(r)")
    }

    /// A named FIFO given to --data is read as `cat` reads it: waiting for a writer.
    @Test func aNamedFIFOAsDataWaitsForItsWriter() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let expected = try expectedOutput(env)
        let fifo = dir.file("extract.fifo")
        makeFIFO(fifo)
        let writer = FIFOWriter(path: fifo, data: try Data(contentsOf: URL(fileURLWithPath: PlacesBinary.helsinkiData)), after: 0.3)
        let r = try BoundedRun.places(Self.query + ["--data", fifo], environment: env)
        writer.wait()
        #expect(!r.timedOut && r.signal == nil, "\(r)")
        #expect(r.result.status == 0 && r.result.stdout == expected, "\(r)")
        #expect(r.result.stderrLines.allSatisfy { $0.hasPrefix("places: note: --data \(fifo) is a FIFO with no writer yet") }, "\(r)")
        #expect(dir.contents(of: "cache/places").isEmpty, "a FIFO is never indexed")
    }

    @Test func streamsThatAreNotJSONFailAtOnce() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        for (data, message) in [("/dev/zero", "starts with NUL bytes"), ("/dev/null", "the file is empty")] {
            let r = try BoundedRun.places(["nearby", "--at", "60.17,24.94", "--data", data], environment: env)
            #expect(!r.timedOut && r.result.status == 65 && r.result.stdout.isEmpty, "\(data): \(r)")
            #expect(r.result.errorLines.count == 1 && r.result.errorLines[0].contains(message), "\(data): \(r)")
        }
        let r = try BoundedRun.shell("yes | \"$PLACES\" nearby --at 60.17,24.94 --data -", environment: env)
        #expect(!r.timedOut && r.result.status == 65, "\(r)")
        #expect(
            r.result.errorLines == [
                "places: error: standard input is not Overpass JSON: expected '{' (an Overpass document is a JSON object) but found 'y' at byte 0 (line 1, column 1); export with [out:json] and 'out center tags;'"
            ], "\(r)")
    }

    /// A FIFO as the favorites file used to block `favorite list` and even `nearby`.
    @Test func aFIFOAsTheFavoritesFileIsRefusedAtOnce() throws {
        let dir = try TemporaryDirectory()
        var env = environment(dir)
        let fifo = dir.file("favorites.fifo")
        makeFIFO(fifo)
        env["PLACES_FAVORITES_FILE"] = fifo
        let message =
            "places: error: the favorites path \(fifo) is a FIFO (named pipe), not a regular file; set PLACES_FAVORITES_FILE to the path of a regular file (it is created on the first favorite add)"
        for arguments in [
            ["favorite", "list"], ["favorite", "add", "osm:node/1369465615", "--data", PlacesBinary.helsinkiData],
            ["favorite", "remove", "osm:node/1369465615"],
            ["nearby", "--at", "60.17,24.94", "--favorites-only", "--data", PlacesBinary.helsinkiData],
        ] {
            let r = try BoundedRun.places(arguments, environment: env)
            #expect(!r.timedOut && r.result.status == 78 && r.result.stdout.isEmpty, "\(arguments): \(r)")
            #expect(r.result.errorLines == [message], "\(arguments): \(r)")
        }
        // isFavorite alone is not worth failing for: a warning, and the places.
        let r = try BoundedRun.places(["nearby", "--at", "60.17,24.94", "--json", "--data", PlacesBinary.helsinkiData], environment: env)
        #expect(!r.timedOut && r.result.status == 0, "\(r)")
        #expect(try JSONHelpers.array(r.result.stdout).count == 20)
        #expect(
            r.result.stderrLines.count == 1 && r.result.stderrLines[0].hasPrefix("places: warning: the favorites path \(fifo) is a FIFO"),
            "\(r)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && FileKind(mode: info.st_mode) == .fifo, "the FIFO is left as it was")
    }

    @Test func aDeviceAsTheFavoritesFileIsNamedForWhatItIs() throws {
        let dir = try TemporaryDirectory()
        var env = environment(dir)
        env["PLACES_FAVORITES_FILE"] = "/dev/null"
        let r = try BoundedRun.places(["favorite", "list"], environment: env)
        #expect(r.result.status == 78, "\(r)")
        #expect(
            r.result.errorLines == [
                "places: error: the favorites path /dev/null is a character device, not a regular file; set PLACES_FAVORITES_FILE to the path of a regular file (it is created on the first favorite add)"
            ], "\(r)")
    }

    @Test func aFIFOAsTheFavoritesLockIsRefused() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        makeFIFO(dir.file("favorites.json.lock"))
        let r = try BoundedRun.places(["favorite", "add", "osm:node/1369465615", "--data", PlacesBinary.helsinkiData], environment: env)
        #expect(!r.timedOut && r.result.status == 78, "\(r)")
        #expect(
            r.result.errorLines.count == 1
                && r.result.errorLines[0].contains(
                    "lock file \(dir.file("favorites.json.lock")) is a FIFO (named pipe), not a regular file"),
            "\(r)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("favorites.json")))
    }

    /// A FIFO where the cached index should be is damage: noted once and replaced.
    @Test func aFIFOAsTheIndexIsReplaced() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let data = try dir.write("extract.json", Data(contentsOf: URL(fileURLWithPath: PlacesBinary.helsinkiData)))
        let cache = try #require(VenueIndexCache(environment: env))
        try FileManager.default.createDirectory(atPath: cache.directory, withIntermediateDirectories: true)
        let index = cache.indexPath(forSource: OverpassDataSource.absolutePath(data))
        makeFIFO(index)
        let expected = try expectedOutput(env)
        let r = try BoundedRun.places(Self.query + ["--data", data], environment: env)
        #expect(!r.timedOut && r.result.status == 0 && r.result.stdout == expected, "\(r)")
        #expect(
            r.result.stderrLines == [
                "places: note: the cached index \(index) of \(data) is damaged (it is a FIFO (named pipe), not a regular file); rebuilding it"
            ], "\(r)")
        var info = stat()
        #expect(lstat(index, &info) == 0 && FileKind(mode: info.st_mode) == .regular)
        let again = try BoundedRun.places(Self.query + ["--data", data], environment: env)
        #expect(again.result.stdout == expected && again.result.stderr.isEmpty, "\(again)")
    }

    /// A sparse file of zeros is not "UTF-16": it is named for what it is.
    @Test func aSparseFileOfZerosIsNotJSON() throws {
        let dir = try TemporaryDirectory()
        let path = try sparseFile(in: dir, start: "", size: 2 << 30)
        let r = try BoundedRun.places(["nearby", "--at", "60.17,24.94", "--data", path], environment: environment(dir))
        #expect(!r.timedOut && r.signal == nil && r.result.status == 65 && r.result.stdout.isEmpty, "\(r)")
        #expect(
            r.result.errorLines == [
                "places: error: \(path) is not Overpass JSON: the file starts with NUL bytes (zeros), not JSON text (a sparse or preallocated file, or an unfinished download?) at byte 0 (line 1, column 1); export with [out:json] and 'out center tags;'"
            ], "\(r)")
        #expect(dir.contents(of: "cache/places").isEmpty, "\(dir.contents(of: "cache/places"))")
    }

    /// A terabyte that starts like an extract: the room reserved to index it, guessed from
    /// its size, used to be more than the system would map (a crash); it is now only a guess.
    @Test func aTerabyteThatStartsLikeAnExtractIsBadDataNotACrash() throws {
        let dir = try TemporaryDirectory()
        let path = try sparseFile(in: dir, start: "{\"elements\":[", size: 1 << 40)
        let r = try BoundedRun.places(["nearby", "--at", "60.17,24.94", "--data", path], environment: environment(dir))
        #expect(!r.timedOut && r.signal == nil && r.result.status == 65 && r.result.stdout.isEmpty, "\(r)")
        #expect(
            r.result.errorLines == [
                "places: error: \(path) is not Overpass JSON: expected a value but found byte 0x0 at byte 13 (line 1, column 14); export with [out:json] and 'out center tags;'"
            ], "\(r)")
        #expect(dir.contents(of: "cache/places").isEmpty, "\(dir.contents(of: "cache/places"))")
    }

    /// `start`, then zeros up to `size` bytes, without writing them (a sparse file).
    func sparseFile(in dir: TemporaryDirectory, start: String, size: UInt64) throws -> String {
        let path = try dir.write("sparse.json", Data(start.utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: size)
        try handle.close()
        return path
    }
}
