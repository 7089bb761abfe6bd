import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths a user gives, through the binary: one-character names, names Foundation reads
/// specially (`~`), relative directories. Each is used as given, relative to the current
/// directory, and nothing crashes (issue 10's fuzz found `favorite add` trapping on them).
@Suite("End to end: odd paths")
struct OddPathsEndToEndTests {
    /// A fresh working directory and a HOME beside it, so a path misread as `~/…` shows.
    func sandbox() throws -> (dir: TemporaryDirectory, work: URL, env: [String: String]) {
        let dir = try TemporaryDirectory()
        let work = dir.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.file("home"), withIntermediateDirectories: true)
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        return (dir, work, env)
    }

    @Test(arguments: ["x", "=", "é", ".x", "a/f.json", "b/c/é", "~/x.json", "~"])
    func favoriteAddTakesAnyRelativePath(_ file: String) throws {
        let (dir, work, base) = try sandbox()
        var env = base
        env["PLACES_FAVORITES_FILE"] = file
        let add = try PlacesBinary.run(
            ["favorite", "add", "osm:node/1369465615", "--data", PlacesBinary.helsinkiData],
            environment: env, currentDirectory: work)
        #expect(add.status == 0 && add.stdout.isEmpty && add.errorLines.isEmpty, "\(file): \(add)")
        let written = work.appendingPathComponent(file).path
        #expect(FileManager.default.fileExists(atPath: written), "\(file) was not written at \(written)")
        #expect(dir.contents(of: "home").isEmpty, "\(file) was written under HOME: \(dir.contents(of: "home"))")
        let list = try PlacesBinary.run(["favorite", "list", "--json"], environment: env, currentDirectory: work)
        #expect(list.status == 0 && list.stdout.contains("osm:node/1369465615"), "\(file): \(list)")
    }

    /// `--record '~/…'` is a path under a directory named `~` here (the shell expands a `~` it
    /// wants expanded); the replay reads it back from the same place.
    @Test func recordAndReplayDirectoriesAreUsedAsGiven() throws {
        let (dir, work, base) = try sandbox()
        // Read as Foundation's URL reads it, `~` is the account's home directory (not $HOME):
        // a unique name there shows the misreading and is removed whatever happens.
        let name = "places-odd-path-test-\(UUID().uuidString)"
        let accountHome = getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "/nonexistent"
        defer { try? FileManager.default.removeItem(atPath: accountHome + "/" + name) }
        let overpass = try FakeOverpass()
        var env = base
        env["PLACES_OVERPASS_URL"] = overpass.endpoint
        let query = ["nearby", "--at", "60.1699,24.9384", "--provider", "osm", "--radius", "300", "--json"]
        let recorded = try PlacesBinary.run(query + ["--record", "~/" + name], environment: env, currentDirectory: work)
        #expect(recorded.status == 0, "\(recorded)")
        let cassettes = (try? FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("~/\(name)/osm").path)) ?? []
        #expect(cassettes.count == 1 && cassettes.allSatisfy { $0.hasSuffix("-1.json") }, "\(cassettes)")
        #expect(!FileManager.default.fileExists(atPath: accountHome + "/" + name), "recorded under the home directory")
        env["PLACES_OVERPASS_URL"] = "http://127.0.0.1:9/api/interpreter"
        let replayed = try PlacesBinary.run(query + ["--replay", "~/" + name], environment: env, currentDirectory: work)
        #expect(replayed.status == 0 && replayed.stdout == recorded.stdout, "\(replayed)")
        #expect(overpass.requests.count == 1)
        withExtendedLifetime(dir) {}
    }

    /// A relative HOME puts the index cache under the current directory, not at the root.
    @Test func aRelativeHomeKeepsTheIndexCacheRelative() throws {
        let (dir, work, base) = try sandbox()
        // Misread as absolute it would land in /tmp, where the test can see (and remove) it.
        let home = "tmp/places-relative-home-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: "/" + home) }
        var env = base
        env["HOME"] = home
        env["XDG_CACHE_HOME"] = nil
        let r = try PlacesBinary.run(
            ["nearby", "--at", "60.1699,24.9384", "--data", PlacesBinary.helsinkiData, "--limit", "1"],
            environment: env, currentDirectory: work)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let indexes =
            (try? FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent(home + "/.cache/places").path)) ?? []
        #expect(indexes.contains { $0.hasSuffix(".idx") }, "no index under the relative HOME: \(indexes)")
        #expect(!FileManager.default.fileExists(atPath: "/" + home), "the index cache went to /\(home)")
        withExtendedLifetime(dir) {}
    }
}
