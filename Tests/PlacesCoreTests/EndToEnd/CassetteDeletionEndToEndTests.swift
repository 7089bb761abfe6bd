import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 22, item 2: `places cassettes unused DIR --delete` deletes only DIR's own unused
/// recordings. A service folder that is a symbolic link to elsewhere, a recording that is a
/// link, an exchange-named `{}` file in a folder that is no service or in a service folder:
/// all left, each a note. `--dry-run` lists what would go and deletes nothing.
@Suite("End to end: cassette deletion stays in its directory")
struct CassetteDeletionEndToEndTests {
    /// Real recordings, as `--record` wrote them.
    static let recordings: [String] = {
        let osm = PlacesBinary.repositoryRoot.appendingPathComponent("Fixtures/osm").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: osm)) ?? []).filter { $0.hasSuffix("-1.json") }.sorted()
    }()

    struct Scene {
        let root: TemporaryDirectory
        var dir: String { root.file("cassettes") }
        var outside: String { root.file("elsewhere") }
        var log: String { root.file("used.log") }

        /// DIR/osm holds the recordings, the first one used; DIR/google is a link to a folder
        /// of recordings elsewhere; DIR/osm has a link to a recording elsewhere and a `{}`
        /// file; DIR/golden (no service) has an exchange-named `{}` file.
        init() throws {
            root = try TemporaryDirectory()
            let fm = FileManager.default
            let source = PlacesBinary.repositoryRoot.appendingPathComponent("Fixtures/osm").path
            for folder in ["cassettes/osm", "cassettes/golden", "elsewhere/google", "elsewhere/single"] {
                try fm.createDirectory(atPath: root.file(folder), withIntermediateDirectories: true)
            }
            for name in CassetteDeletionEndToEndTests.recordings {
                try fm.copyItem(atPath: source + "/" + name, toPath: dir + "/osm/" + name)
                try fm.copyItem(atPath: source + "/" + name, toPath: outside + "/google/" + name)
            }
            try fm.copyItem(
                atPath: source + "/" + CassetteDeletionEndToEndTests.recordings[0], toPath: outside + "/single/abababababababab-1.json")
            try fm.createSymbolicLink(atPath: dir + "/google", withDestinationPath: outside + "/google")
            try fm.createSymbolicLink(
                atPath: dir + "/osm/abababababababab-1.json", withDestinationPath: outside + "/single/abababababababab-1.json")
            try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/osm/0000000000000000-1.json"))
            try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/golden/1111111111111111-1.json"))
            let used = try #require(realpath(dir + "/osm/" + CassetteDeletionEndToEndTests.recordings[0], nil))
            defer { free(used) }
            try Data((String(cString: used) + "\n").utf8).write(to: URL(fileURLWithPath: log))
        }

        /// Every file under the scene (links as links), with its size: what must not change.
        func inventory(_ top: String) -> [String] {
            ((try? FileManager.default.subpathsOfDirectory(atPath: top)) ?? []).sorted()
        }
    }

    @Test func deleteRemovesOnlyDIRsOwnUnusedRecordings() throws {
        try #require(Self.recordings.count >= 2, "Fixtures/osm has recordings")
        let scene = try Scene()
        let outsideBefore = scene.inventory(scene.outside)
        let r = try PlacesBinary.run(["cassettes", "unused", scene.dir, "--log", scene.log, "--delete"])
        #expect(r.status == 0, "\(r)")
        let unused = Self.recordings.dropFirst().map { "osm/" + $0 }
        #expect(r.stdout == unused.map { $0 + "\n" }.joined(), "\(r)")
        // Elsewhere is untouched: the linked folder and the linked file.
        #expect(scene.inventory(scene.outside) == outsideBefore)
        let fm = FileManager.default
        #expect(fm.fileExists(atPath: scene.outside + "/single/abababababababab-1.json"))
        // In DIR: the used recording, the link, and the files that are no recordings stay.
        #expect(fm.fileExists(atPath: scene.dir + "/osm/" + Self.recordings[0]))
        for gone in unused { #expect(!fm.fileExists(atPath: scene.dir + "/" + gone), "\(gone)") }
        #expect((try? fm.destinationOfSymbolicLink(atPath: scene.dir + "/osm/abababababababab-1.json")) != nil)
        #expect(fm.fileExists(atPath: scene.dir + "/osm/0000000000000000-1.json"))
        #expect(fm.fileExists(atPath: scene.dir + "/golden/1111111111111111-1.json"))
        // Each passed over is a note; nothing but notes on stderr.
        #expect(r.stderr.contains("places: note: left google/ is a symbolic link, which is not followed"), "\(r)")
        #expect(r.stderr.contains("places: note: left osm/abababababababab-1.json is a symbolic link"), "\(r)")
        #expect(r.stderr.contains("places: note: left golden/ is not a service folder"), "\(r)")
        #expect(r.stderr.contains("places: note: left osm/0000000000000000-1.json: it does not read as a recorded exchange"), "\(r)")
        #expect(r.stderr.contains("places: note: deleted \(unused.count) unused exchange(s)"), "\(r)")
        #expect(r.errorLines.isEmpty, "\(r)")
    }

    @Test func dryRunListsWhatWouldGoAndDeletesNothing() throws {
        let scene = try Scene()
        let before = scene.inventory(scene.root.path)
        let r = try PlacesBinary.run(["cassettes", "unused", scene.dir, "--log", scene.log, "--delete", "--dry-run"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == Self.recordings.dropFirst().map { "osm/" + $0 + "\n" }.joined(), "\(r)")
        #expect(r.stderr.contains("places: note: dry run: would delete \(Self.recordings.count - 1) unused exchange(s)"), "\(r)")
        #expect(scene.inventory(scene.root.path) == before, "a dry run deletes nothing")
        // The same listing without --delete, and the flag is documented where flags are.
        let listing = try PlacesBinary.run(["cassettes", "unused", scene.dir, "--log", scene.log])
        #expect(listing.status == 0 && listing.stdout == r.stdout, "\(listing)")
        let help = try PlacesBinary.run(["cassettes", "unused", "--help"])
        #expect(help.stdout.contains("--dry-run"), "\(help)")
    }
}
