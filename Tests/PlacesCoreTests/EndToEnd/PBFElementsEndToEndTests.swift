import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import overpass_synth

/// Hand-made PBF files through the binary: DenseNodes and plain nodes, raw and zlib blobs,
/// granularities and offsets other than the defaults, ways placed at the centre of their
/// nodes (or of their own locations), relations placed from their members, what is not a
/// place, and the note for places nothing places.
@Suite("End to end: what a .osm.pbf file holds")
struct PBFElementsEndToEndTests {
    func environment(_ dir: TemporaryDirectory) -> [String: String] {
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        return env
    }

    /// Every place of the file near 60.17,24.94 (10 km unless told), by id: name, latitude, longitude.
    func places(
        _ path: String, _ dir: TemporaryDirectory, radius: Int = 10_000
    ) throws -> (places: [String: (String, Double, Double)], result: PlacesBinary.Result) {
        let r = try PlacesBinary.run(
            [
                "nearby", "--at", "60.17,24.94", "--radius", "\(radius)", "--limit", "100", "--json",
                "--fields", "id,name,latitude,longitude", "--data", path,
            ], environment: environment(dir))
        var found: [String: (String, Double, Double)] = [:]
        for venue in try JSONHelpers.array(r.stdout) {
            if let id = venue["id"] as? String, let name = venue["name"] as? String, let lat = venue["latitude"] as? Double,
                let lon = venue["longitude"] as? Double
            {
                found[id] = (name, lat, lon)
            }
        }
        return (found, r)
    }

    /// The centre of a box as Overpass prints it (7 decimals), the rule ways are placed by.
    static func centre(_ a: Double, _ b: Double) -> Double {
        Double(String(format: "%.7f", (a + b) / 2))!
    }

    static func nodesFile(compression: PBFWriter.Compression) -> Data {
        PBFFiles.file { w in
            var dense = PBFWriter.BlockOptions()
            dense.compression = compression
            dense.metadata = true
            w.nodes(
                [
                    .init(id: 1, lat: 60.17, lon: 24.94, tags: [("name", "Dense Cafe"), ("amenity", "cafe")]),
                    .init(id: 2, lat: 60.1701, lon: 24.9401),
                    .init(id: 3, lat: 60.1702, lon: 24.9402, tags: [("name", "Zebra"), ("highway", "crossing")]),
                    .init(id: 4, lat: 60.1703, lon: 24.9403, tags: [("name", "   "), ("shop", "bakery")]),
                    .init(id: 5, lat: 60.1704, lon: 24.9404, tags: [("name", "Terveysasema"), ("healthcare", "centre")]),
                ], dense)
            var plain = PBFWriter.BlockOptions()
            plain.compression = compression
            plain.dense = false
            plain.metadata = true
            plain.granularity = 1000
            plain.latOffset = 500
            plain.lonOffset = -700
            w.nodes(
                [
                    .init(
                        id: 10, latNano: 60_171_234_500, lonNano: 24_941_235_300,
                        tags: [("amenity", "restaurant"), ("name", "Plain Restaurant")])
                ], plain)
            var fine = PBFWriter.BlockOptions()
            fine.compression = compression
            fine.granularity = 1
            w.nodes(
                [.init(id: 11, latNano: 60_172_000_001, lonNano: 24_942_000_003, tags: [("name", "Nanodegree Bar"), ("amenity", "bar")])],
                fine)
        }
    }

    @Test func denseAndPlainNodesInRawAndZlibBlobsAtAnyGranularity() throws {
        let dir = try TemporaryDirectory()
        var answers: [[String: (String, Double, Double)]] = []
        for (name, compression) in [("zlib", PBFWriter.Compression.zlibDefault), ("raw", .raw)] {
            let path = try dir.write("nodes-\(name).osm.pbf", Self.nodesFile(compression: compression))
            let (found, r) = try places(path, dir)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
            #expect(Set(found.keys) == ["osm:node/1", "osm:node/5", "osm:node/10", "osm:node/11"], "\(r)")
            #expect(found["osm:node/1"].map { $0 == ("Dense Cafe", 60.17, 24.94) } == true)
            #expect(found["osm:node/5"]?.0 == "Terveysasema")
            // 500 + 1000 × 60_171_234 nanodegrees, and −700 + 1000 × 24_941_236.
            #expect(found["osm:node/10"].map { $0 == ("Plain Restaurant", 60.1712345, 24.9412353) } == true, "\(found)")
            #expect(found["osm:node/11"].map { $0 == ("Nanodegree Bar", 60.172000001, 24.942000003) } == true, "\(found)")
            answers.append(found)
            // From the index (its venue records beside it), the same; and from the blocks.
            let cached = dir.contents(of: "cache/places")
            #expect(
                cached.count == 2 && cached.contains { $0.hasSuffix(".idx") } && cached.contains { $0.hasSuffix(".idx.venues") },
                "\(cached)")
            #expect(try places(path, dir).result.stdout == r.stdout)
            for name in cached where name.hasSuffix(".venues") { unlink(dir.file("cache/places/\(name)")) }
            #expect(try places(path, dir).result.stdout == r.stdout)
            try FileManager.default.removeItem(atPath: dir.file("cache"))
        }
        #expect(answers[0].mapValues { "\($0)" } == answers[1].mapValues { "\($0)" })
    }

    /// Ways at the centre of their nodes' box (nodes in an earlier block), with their own
    /// locations (`LocationsOnWays`), or unplaced when no node is in the file; relations at
    /// the centre of their member nodes' and ways' boxes.
    static func waysAndRelationsFile(order: [Int] = [0, 1, 2, 3]) -> Data {
        PBFFiles.file(optional: ["LocationsOnWays"]) { w in
            for block in order { waysAndRelationsBlock(block, &w) }
        }
    }

    /// Nodes, more nodes, ways, relations: in this order a file sorted by type.
    static func waysAndRelationsBlock(_ index: Int, _ w: inout PBFWriter) {
        switch index {
        case 0:
            w.nodes([
                .init(id: 100, lat: 60.1000001, lon: 24.9000001),
                .init(id: 101, lat: 60.1000004, lon: 24.9000003),
                .init(id: 102, lat: 60.1000004, lon: 24.9000008),
                .init(id: 103, lat: 60.1000001, lon: 24.9000008),
            ])
        case 1:
            w.nodes([
                .init(id: 200, lat: 60.2, lon: 24.8),
                .init(id: 201, lat: 60.21, lon: 24.8),
                .init(id: 202, lat: 60.21, lon: 24.81),
                .init(id: 204, lat: 60.19, lon: 24.85, tags: [("entrance", "main")]),
            ])
        case 2:
            w.ways([
                .init(id: 500, refs: [100, 101, 102, 103, 100], tags: [("shop", "bakery"), ("name", "Leipomo")]),
                .init(
                    id: 501, refs: [9001, 9002], tags: [("tourism", "museum"), ("name", "Museo")],
                    locations: [(60_150_000_000, 24_950_000_000), (60_150_000_300, 24_950_000_700)]),
                .init(id: 502, refs: [9003, 9004], tags: [("amenity", "cafe"), ("name", "Lost Cafe")]),
                .init(id: 503, refs: [100, 101], tags: [("highway", "residential"), ("name", "Katu")]),
                .init(id: 600, refs: [200, 201, 202, 200], tags: [("building", "school")]),
            ])
        default:
            w.relations([
                .init(
                    id: 900, members: [(.way, 600, "outer"), (.node, 204, "entrance"), (.relation, 901, "")],
                    tags: [("type", "multipolygon"), ("amenity", "school"), ("name", "Koulu")]),
                .init(id: 901, members: [(.node, 9100, ""), (.relation, 900, "")], tags: [("leisure", "park"), ("name", "Nowhere Park")]),
                .init(id: 902, members: [(.way, 500, "outer")], tags: [("leisure", "park"), ("name", "Leipomopuisto")]),
            ])
        }
    }

    @Test func waysAndRelationsArePlacedFromTheirMembers() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("ways.osm.pbf", Self.waysAndRelationsFile())
        for run in 0..<2 {
            let (found, r) = try places(path, dir, radius: 40_000)
            #expect(r.status == 0, "\(r)")
            #expect(Set(found.keys) == ["osm:way/500", "osm:way/501", "osm:relation/900", "osm:relation/902"], "run \(run): \(r)")
            let bakery = (Self.centre(60.1000001, 60.1000004), Self.centre(24.9000001, 24.9000008))
            #expect(found["osm:way/500"].map { $0.1 == bakery.0 && $0.2 == bakery.1 } == true, "\(found)")
            #expect(found["osm:relation/902"].map { $0.1 == bakery.0 && $0.2 == bakery.1 } == true, "\(found)")
            #expect(
                found["osm:way/501"].map { $0.1 == Self.centre(60.15, 60.1500003) && $0.2 == Self.centre(24.95, 24.9500007) } == true,
                "\(found)")
            // Way 600's nodes and node 204: latitudes 60.19–60.21, longitudes 24.8–24.85.
            #expect(found["osm:relation/900"].map { $0 == ("Koulu", 60.2, 24.825) } == true, "\(found)")
            let notes = r.stderrLines.filter { $0.contains("without coordinates") }
            #expect(
                notes == [
                    "places: note: 2 named elements of \(path) without coordinates skipped: none of their member nodes is in the file (an extract cut from a larger one?)"
                ], "\(r)")
        }
        let details = try PlacesBinary.run(["details", "osm:relation/900", "--json", "--data", path], environment: environment(dir))
        let venue = try JSONHelpers.object(details.stdout)
        #expect(
            venue["name"] as? String == "Koulu" && venue["mapsUrl"] as? String == "https://www.openstreetmap.org/relation/900", "\(details)"
        )
        let search = try PlacesBinary.run(["search", "leipomo", "--json", "--data", path], environment: environment(dir))
        #expect(
            try JSONHelpers.array(search.stdout).compactMap { $0["id"] as? String } == ["osm:way/500", "osm:relation/902"], "\(search)")
    }

    /// A file not sorted by type (ways before some of their nodes, nodes after the ways or
    /// the relations) gives the sorted file's answer: its blocks are read as they come and
    /// the members' blocks read again.
    @Test func aFileInAnyOrderGivesTheSortedFilesAnswer() throws {
        let dir = try TemporaryDirectory()
        let sorted = try places(try dir.write("sorted.osm.pbf", Self.waysAndRelationsFile()), dir, radius: 40_000)
        #expect(sorted.places.count == 4)
        for order in [[0, 2, 1, 3], [2, 0, 1, 3], [0, 2, 3, 1], [3, 2, 1, 0]] {
            let path = try dir.write("order-\(order.map(String.init).joined()).osm.pbf", Self.waysAndRelationsFile(order: order))
            let other = try places(path, dir, radius: 40_000)
            // The same places where they were (ties in distance keep file order, which differs).
            #expect(other.places.mapValues { "\($0)" } == sorted.places.mapValues { "\($0)" }, "\(order): \(other.result)")
            #expect(other.result.stderrLines.count == 1 && other.result.stderrLines[0].contains("2 named elements"), "\(other.result)")
        }
    }

    /// A block of a type the format does not define is passed over; a PBF on standard input
    /// (a pipe) is read whole, without an index.
    @Test func unknownBlocksAreSkippedAndStandardInputWorks() throws {
        let dir = try TemporaryDirectory()
        var data = Self.nodesFile(compression: .zlibDefault)
        var extra = PBFWriter()
        extra.otherBlock(type: "x-places-test", data: Array("anything at all".utf8))
        data.append(contentsOf: extra.bytes)
        let path = try dir.write("extra.osm.pbf", data)
        let (found, r) = try places(path, dir)
        #expect(r.status == 0 && found.count == 4, "\(r)")
        var env = environment(dir)
        env["XDG_CACHE_HOME"] = dir.file("stdin-cache")
        let piped = try PlacesBinary.shell(
            "cat '\(path)' | \"$PLACES\" nearby --at 60.17,24.94 --radius 10000 --json --fields id,name,latitude,longitude --limit 100 --data -",
            environment: env)
        #expect(piped.status == 0 && piped.stdout == r.stdout, "\(piped)")
        #expect(dir.contents(of: "stdin-cache/places").isEmpty)
    }
}
