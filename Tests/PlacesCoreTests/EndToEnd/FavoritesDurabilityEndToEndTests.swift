import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The favorites file under concurrent writers and killed writers, through the binary.
/// The figures measured are printed (`favorites durability: ...`) for the record.
@Suite("End to end: favorites never lost")
struct FavoritesDurabilityEndToEndTests {
    /// Distinct real ids from the bundled extract, nearest first.
    static func helsinkiIDs(_ count: Int) throws -> [String] {
        let r = try PlacesBinary.run([
            "nearby", "--near", "Helsinki", "--radius", "3000", "--limit", "\(count)", "--json", "--fields", "id",
            "--data", PlacesBinary.helsinkiData,
        ])
        let ids = try JSONHelpers.array(r.stdout).compactMap { $0["id"] as? String }
        try #require(Set(ids).count == count, "\(r)")
        return ids
    }

    /// 50 `places favorite add` processes started at once, one id each: all 50 land.
    @Test func fiftyConcurrentAddsAllLand() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        let ids = try Self.helsinkiIDs(50)
        var env = s.environment
        env["IDS"] = ids.joined(separator: " ")
        let r = try PlacesBinary.shell(
            """
            pids=()
            for id in $IDS; do "$PLACES" favorite add "$id" --data "$DATA" 2>/dev/null & pids+=($!); done
            ok=0; for p in "${pids[@]}"; do wait "$p" && ok=$((ok+1)); done
            echo "started=${#pids[@]} succeeded=$ok"
            """, environment: env)
        let listed = try s.listedIDs()
        print(
            "favorites durability: concurrent adds \(r.stdout.trimmingCharacters(in: .newlines)) found=\(listed.count) distinct=\(Set(listed).count)"
        )
        #expect(r.stdout == "started=50 succeeded=50\n", "\(r)")
        #expect(Set(listed) == Set(ids) && listed.count == 50)
    }

    /// Writers killed with SIGKILL at random moments: after each kill the file is the old
    /// one byte for byte, or the new one (old + the id being added), and parses. Half the
    /// writers run unslowed and are killed at a random moment of their life; the other half
    /// run with `PLACES_FAVORITES_WRITE_PAUSE_MS=400` (a sleep halfway through writing the
    /// temporary file) and are killed at a random moment once that file exists.
    @Test func killedWritersLeaveTheOldFileOrTheNewOne() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        // A large file (3,000 favorites, ~1.4 MB) so that reading, encoding and writing take a while.
        let synthetic = try (1...3000).map { i in
            try Favorite(
                id: PlaceID(parsing: "osm:node/\(9_000_000_000 + i)"), name: "Synthetic \(i)",
                coordinate: Coordinate(latitude: 60.1 + Double(i) * 1e-6, longitude: 24.9), address: "Street \(i)",
                categories: ["restaurant"], cuisines: ["sushi"], addedAt: "2024-01-01T00:00:00Z")
        }
        try FavoritesDocument(favorites: synthetic).encoded().write(to: s.file)
        let ids = try Self.helsinkiIDs(32)

        func startAdd(_ id: String, pause: Bool) throws -> Process {
            let p = Process()
            p.executableURL = PlacesBinary.executable
            p.arguments = ["favorite", "add", id, "--data", PlacesBinary.helsinkiData]
            var env = s.environment
            if pause { env["PLACES_FAVORITES_WRITE_PAUSE_MS"] = "400" }
            p.environment = env
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        func temporaryFiles() -> Set<String> {
            Set(
                ((try? FileManager.default.contentsOfDirectory(atPath: s.directory.path)) ?? []).filter {
                    $0.hasPrefix(".favorites.json.tmp-")
                })
        }
        // How long a writer runs here, to spread the kills over its whole life: the shortest
        // uncut run so far (other tests share the machine). Not an assertion.
        var lifetime = Double.infinity
        var expected = Set(synthetic.map(\.id.description))
        for (pause, id) in [(true, ids[0]), (false, ids[1])] {
            let start = Date()
            let calibration = try startAdd(id, pause: pause)
            calibration.waitUntilExit()
            #expect(calibration.terminationStatus == 0)
            lifetime = min(lifetime, Date().timeIntervalSince(start) + (pause ? 0 : 0.4))
            expected.insert(id)
        }

        // Per mode (slowed or not): how each writer ended and what it left.
        var tally: [String: Int] = [:]
        for (n, id) in ids.dropFirst(2).enumerated() {
            let paused = n % 2 == 0
            let mode = paused ? "slowed, killed in the write" : "unslowed, killed at random"
            let old = try #require(s.bytes())
            // Stray temporary files of earlier killed writers stay until a writer gets to write.
            let strayBefore = temporaryFiles()
            let started = Date()
            let process = try startAdd(id, pause: paused)
            if paused {
                // Wait for the temporary file to appear, then kill at a random moment of the
                // 400 ms pause or just after it (flush, rename, exit).
                while process.isRunning, temporaryFiles().subtracting(strayBefore).isEmpty { usleep(2_000) }
                Thread.sleep(forTimeInterval: Double.random(in: 0...0.5))
            } else {
                Thread.sleep(forTimeInterval: Double.random(in: 0...lifetime))
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let killed = process.terminationReason == .uncaughtSignal
            if !killed {
                #expect(process.terminationStatus == 0)
                lifetime = min(lifetime, Date().timeIntervalSince(started) + (paused ? 0 : 0.4))
            }
            let leftTemporaryFile = !temporaryFiles().subtracting(strayBefore).isEmpty
            let now = try #require(s.bytes())
            let ids = try FavoritesDocument.decode(now, path: s.path).favorites.map(\.id.description)
            let outcome: String
            if now == old {
                #expect(killed, "a writer that finished must have changed the file")
                outcome = "old"
            } else {
                expected.insert(id)
                #expect(Set(ids) == expected && ids.count == expected.count, "the file is neither the old one nor the new one")
                outcome = "new"
            }
            let ending = killed ? (leftTemporaryFile ? "killed-mid-write" : "killed") : "finished"
            tally["\(mode): \(ending), file \(outcome)", default: 0] += 1
        }
        // The next writer is not blocked by a killed one's lock, and clears its stray temporary files.
        let last = try s.run(["favorite", "add", FavoritesEndToEndTests.loiste], data: true)
        #expect(last.status == 0, "\(last)")
        expected.insert(FavoritesEndToEndTests.loiste)
        #expect(try Set(FavoritesDocument.decode(#require(s.bytes()), path: s.path).favorites.map(\.id.description)) == expected)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: s.directory.path).sorted() == ["favorites.json", "favorites.json.lock"])
        let kills = tally.filter { $0.key.contains(": killed") }.values.reduce(0, +)
        print(
            "favorites durability: writers=\(ids.count - 2) lifetime≈\(String(format: "%.2f", lifetime))s kills=\(kills) favorites=\(expected.count) "
                + tally.sorted { $0.key < $1.key }.map { "[\($0.key): \($0.value)]" }.joined(separator: " "))
        #expect(kills > 0)
    }
}
