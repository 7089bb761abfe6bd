import Foundation
import Testing

@testable import overpass_synth

/// Offline data as people have it, through the binary: every Overpass export shape placed,
/// what cannot be placed counted in one note, a centre no place can be near said so, no
/// --limit ceiling for a file, progress on a terminal, stale indexes cleaned up.
@Suite("End to end: offline export shapes and notes")
struct OfflineShapesAndNotesEndToEndTests {
    func environment(_ dir: TemporaryDirectory) -> [String: String] {
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        return env
    }

    /// `out center`, `out bb`, `out geom`, `out body; >; out skel qt;` and a relation of a way.
    static let shapes = """
        {"version":0.6,"elements":[
        {"type":"node","id":1,"lat":60.1700,"lon":24.9400,"tags":{"name":"Node Cafe","amenity":"cafe"}},
        {"type":"way","id":9,"center":{"lat":60.1700,"lon":24.9410},"tags":{"name":"Center Cafe","amenity":"cafe"}},
        {"type":"way","id":10,"bounds":{"minlat":60.1701,"minlon":24.9401,"maxlat":60.1703,"maxlon":24.9403},"tags":{"name":"Bounds Bar","amenity":"bar"}},
        {"type":"way","id":11,"geometry":[{"lat":60.1704,"lon":24.9404},{"lat":60.1706,"lon":24.9406}],"tags":{"name":"Geometry Pub","amenity":"pub"}},
        {"type":"way","id":12,"nodes":[100,101],"tags":{"name":"Noded Restaurant","amenity":"restaurant"}},
        {"type":"way","id":13,"nodes":[900,901],"tags":{"name":"Lost Restaurant","amenity":"restaurant"}},
        {"type":"way","id":14,"tags":{"name":"Bare Restaurant","amenity":"restaurant"}},
        {"type":"relation","id":20,"members":[{"type":"way","ref":12,"role":"outer"}],"tags":{"name":"Member Museum","tourism":"museum"}},
        {"type":"node","id":100,"lat":60.1710,"lon":24.9410},
        {"type":"node","id":101,"lat":60.1712,"lon":24.9412}
        ]}
        """

    @Test func everyExportShapeIsPlacedAndTheRestCountedOnce() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("shapes.json", Data(Self.shapes.utf8))
        let env = environment(dir)
        // Scanned (writing the index), read from the index, and without one: the same.
        for extra in [[], [], ["--no-cache"]] {
            let r = try PlacesBinary.run(["nearby", "--at", "60.17,24.94", "--data", path, "--json"] + extra, environment: env)
            #expect(r.status == 0, "\(r)")
            let places = try JSONHelpers.array(r.stdout)
            let byID = Dictionary(places.map { ($0["id"] as? String ?? "", $0) }) { first, _ in first }
            #expect(Set(byID.keys) == ["osm:node/1", "osm:way/9", "osm:way/10", "osm:way/11", "osm:way/12", "osm:relation/20"], "\(r)")
            func position(_ id: String) -> [Double] { [byID[id]?["latitude"] as? Double ?? 0, byID[id]?["longitude"] as? Double ?? 0] }
            #expect(zip(position("osm:way/10"), [60.1702, 24.9402]).allSatisfy { abs($0 - $1) < 1e-9 }, "bounds: \(r)")
            #expect(zip(position("osm:way/11"), [60.1705, 24.9405]).allSatisfy { abs($0 - $1) < 1e-9 }, "geometry: \(r)")
            #expect(zip(position("osm:way/12"), [60.1711, 24.9411]).allSatisfy { abs($0 - $1) < 1e-9 }, "nodes: \(r)")
            #expect(zip(position("osm:relation/20"), [60.1711, 24.9411]).allSatisfy { abs($0 - $1) < 1e-9 }, "members: \(r)")
            #expect(
                r.stderrLines == [
                    "places: note: 2 named elements of \(path) without coordinates skipped: export ways and relations with 'out center;' (or 'out geom;', or list their nodes in the same file)"
                ], "\(r)")
        }
    }

    @Test func geoJSONFeatureCollectionsWithOSMTagsAreRead() throws {
        let dir = try TemporaryDirectory()
        let geojson = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"node/5","properties":{"name":"Geo Cafe","amenity":"cafe"},"geometry":{"type":"Point","coordinates":[24.9400,60.1700]}},
            {"type":"Feature","properties":{"@id":"way/6","name":"Geo Kiosk","shop":"kiosk"},"geometry":{"type":"Polygon","coordinates":[[[24.9401,60.1701],[24.9403,60.1701],[24.9403,60.1703],[24.9401,60.1701]]]}}
            ]}
            """
        let path = try dir.write("export.geojson", Data(geojson.utf8))
        let r = try PlacesBinary.run(["nearby", "--at", "60.17,24.94", "--data", path, "--json"], environment: environment(dir))
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let places = try JSONHelpers.array(r.stdout)
        #expect(places.map { $0["id"] as? String } == ["osm:node/5", "osm:way/6"], "\(r)")
        #expect(places.map { $0["name"] as? String } == ["Geo Cafe", "Geo Kiosk"], "\(r)")
    }

    /// `--near Tampere` on a Helsinki extract, and LAT,LON swapped: one note each, not silence.
    @Test func aCentreNoPlaceCanBeNearIsSaidSo() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let data = ["--data", PlacesBinary.helsinkiData]
        let tampere = try PlacesBinary.run(["nearby", "--near", "Tampere", "--json"] + data, environment: env)
        #expect(tampere.status == 0 && tampere.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(tampere)")
        #expect(tampere.stderrLines.count == 1, "\(tampere)")
        let note = try #require(tampere.stderrLines.first)
        #expect(note.hasPrefix("places: note: 61.4991,23.7871 is at least 159 km"), "\(tampere)")
        #expect(note.contains("from every place of \(PlacesBinary.helsinkiData) (they lie within 60.16"), "\(tampere)")
        #expect(!note.contains("swap"), "\(tampere)")

        for extra in [[], ["--no-cache"]] {
            let swapped = try PlacesBinary.run(["nearby", "--at", "24.9384,60.1699"] + data + extra, environment: env)
            #expect(swapped.status == 0 && swapped.stdout.isEmpty, "\(swapped)")
            #expect(
                swapped.stderrLines.count == 2 && swapped.stderrLines[0].hasSuffix("did you swap LAT,LON? (try --at 60.1699,24.9384)"),
                "\(swapped)")
            #expect(swapped.stderrLines.last == "places: note: no places found within 1000 m", "\(swapped)")
        }
        // Inside the box, or the circle reaching it: no such note.
        let near = try PlacesBinary.run(["nearby", "--at", "60.15,24.94", "--radius", "3000", "--json"] + data, environment: env)
        #expect(near.status == 0 && near.stderr.isEmpty, "\(near)")
    }

    /// A file has no --limit ceiling; a web provider keeps its ceiling, with a note.
    @Test func aFileHasNoLimitCeiling() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let all = try PlacesBinary.run(
            ["search", "a", "--data", PlacesBinary.helsinkiData, "--limit", "100000", "--format", "ndjson"], environment: env)
        #expect(all.status == 0 && all.stderr.isEmpty, "\(all)")
        let lines = all.stdout.split(separator: "\n")
        #expect(lines.count > 1000, "\(lines.count)")
        #expect(Set(lines).count == lines.count)
        // Written in pieces as rendered: the same places, in the same order, as --json.
        let json = try PlacesBinary.run(
            ["search", "a", "--data", PlacesBinary.helsinkiData, "--limit", "100000", "--json"], environment: env)
        let streamed = try lines.map { try JSONHelpers.object(String($0)) }
        let whole = try JSONHelpers.array(json.stdout)
        func canonical(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object, options: .sortedKeys) }
        #expect(try streamed.map(canonical) == whole.map(canonical))
        #expect(streamed.count > 1000)
        let csv = try PlacesBinary.run(
            ["search", "a", "--data", PlacesBinary.helsinkiData, "--limit", "100000", "--format", "csv"], environment: env)
        #expect(csv.status == 0 && csv.stdout.split(separator: "\n").count == lines.count + 1, "\(csv.status)")
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = try PlacesBinary.shell(
                "\"$PLACES\" search a --data '\(PlacesBinary.helsinkiData)' --limit 100000 --format ndjson > /dev/full", environment: env)
            #expect(full.status == 74 && full.stderrLines == ["places: error: cannot write the output: No space left on device"], "\(full)")
        }

        var web = env
        web["PLACES_OSM_DATA"] = nil
        let dry = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--provider", "osm", "--limit", "5000", "--dry-run"], environment: web)
        #expect(dry.status == 0, "\(dry)")
        #expect(
            dry.stderrLines.contains(
                "places: note: --limit 5000 is over osm's ceiling of 1000: showing at most 1000 (a --data file has no ceiling)"), "\(dry)")
        let bad = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--data", PlacesBinary.helsinkiData, "--limit", "0"], environment: env)
        #expect(bad.status == 64 && bad.stdout.isEmpty && bad.errorLines.count == 1 && bad.stderrLines.count == 1, "\(bad)")
    }

    /// The index of a file that is gone is removed when the next index is written.
    @Test func indexesOfGoneFilesAreCleanedUpOnTheNextWrite() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let first = try dir.write("first.json", Data(Self.shapes.utf8))
        let second = try dir.write("second.json", try Data(contentsOf: URL(fileURLWithPath: PlacesBinary.helsinkiData)))
        for path in [first, second] {
            let r = try PlacesBinary.run(["nearby", "--at", "60.17,24.94", "--data", path, "--json"], environment: env)
            #expect(r.status == 0, "\(r)")
        }
        #expect(dir.contents(of: "cache/places").count == 2)
        try FileManager.default.removeItem(atPath: first)
        let third = try dir.write("third.json", Data(Self.shapes.utf8))
        let r = try PlacesBinary.run(["nearby", "--at", "60.17,24.94", "--data", third, "--json"], environment: env)
        #expect(r.status == 0, "\(r)")
        #expect(dir.contents(of: "cache/places").count == 2, "\(dir.contents(of: "cache/places"))")
    }

    /// On a terminal (a pseudo-terminal from script(1)): the count beyond --limit, and
    /// progress for a scan (shown from the start: PLACES_PROGRESS_AFTER=0; a second by
    /// default), cleared when it ends. Off a terminal neither.
    @Test func aTerminalIsToldHowManyMoreAndShownProgress() throws {
        #if os(Linux)
        let dir = try TemporaryDirectory()
        // util-linux script(1): -q quiet, -e the command's status, -c the command.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            Issue.record("script(1) is needed to give the binary a terminal")
            return
        }
        var data = Data()
        var synthesizer = OverpassSynthesizer(seed: 3, style: .overpass)
        synthesizer.document(elements: 120_000) { data.append(contentsOf: $0) }
        let big = try dir.write("big.json", data)
        let binary = PlacesBinary.executable.path
        var env = environment(dir)
        env["PLACES_PROGRESS_AFTER"] = "0"
        func onTerminal(_ arguments: [String]) throws -> PlacesBinary.Result {
            let command = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
            return try PlacesBinary.shell("script -qec \"\(command)\" /dev/null", environment: env)
        }
        let small = try onTerminal(["search", "sushi", "--data", PlacesBinary.helsinkiData, "--limit", "5", "--no-cache"])
        #expect(small.status == 0 && small.stdout.contains("places: note: 5 of 21 shown (--limit N for more)"), "\(small)")
        #expect(!small.stdout.contains("reading"), "\(small)")

        let slow = try onTerminal(["nearby", "--near", "Helsinki", "--data", big, "--limit", "3", "--no-cache"])
        #expect(slow.status == 0, "\(slow)")
        #expect(slow.stdout.contains("\r\u{1B}[Kplaces: reading \(big): "), "\(slow)")
        #expect(slow.stdout.contains("% of "), "\(slow)")
        // Cleared after the last draw: nothing after the last clear is progress.
        #expect(slow.stdout.components(separatedBy: "\r\u{1B}[K").last?.contains("places: reading") == false, "cleared: \(slow)")
        #expect(slow.stdout.contains("places: note: 3 of "), "\(slow)")
        let piped = try PlacesBinary.run(["nearby", "--near", "Helsinki", "--data", big, "--limit", "3", "--no-cache"], environment: env)
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped)")
        #endif
    }
}
