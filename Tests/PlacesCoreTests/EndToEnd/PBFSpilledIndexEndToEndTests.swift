import Foundation
import Testing

@testable import PlacesCore
@testable import overpass_synth

/// Issue 37, item 2: the first query on a PBF keeps its index entries and venue records in
/// fixed-size runs, spilled to a scratch file beside the index and merged as the files are
/// written. Forced to spill runs of a few KB (`PLACES_SORT_RUN_BYTES`), a file of thousands
/// of places must give the same answers, and the same index and records files byte for
/// byte, as when everything fits one run in memory, and leave no scratch file behind.
@Suite("End to end: a PBF indexed through spilled runs")
struct PBFSpilledIndexEndToEndTests {
    /// A dense synthetic country: 200,000 nodes, one in 8 a named place.
    static func densePBF() -> Data {
        var data = Data()
        var country = PBFCountrySynthesizer(seed: 5, placeShare: 0.125)
        country.write(nodes: 200_000) { data.append(contentsOf: $0) }
        return data
    }

    static let queries: [[String]] = [
        ["nearby", "--at", "60.1699,24.9384", "--radius", "3000", "--limit", "60", "--json"],
        ["search", "garden", "--near", "Tampere", "--json"],
        ["nearby", "--at", "61.4978,23.7610", "--type", "cafe", "--json"],
    ]

    /// The outputs of `queries` (the first writes the index, the search one with texts) and
    /// the files the cache then holds, by name.
    static func run(_ pbf: String, runBytes: String?, in dir: TemporaryDirectory) throws -> (outputs: [String], files: [String: Data]) {
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        let cache = dir.file("cache")
        env["XDG_CACHE_HOME"] = cache
        if let runBytes { env["PLACES_SORT_RUN_BYTES"] = runBytes }
        var outputs: [String] = []
        for query in queries {
            let r = try PlacesBinary.run(query + ["--data", pbf], environment: env)
            #expect(r.status == 0, "\(r)")
            outputs.append(r.stdout)
        }
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: cache)
        while let name = enumerator?.nextObject() as? String {
            let path = cache + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return (outputs, files)
    }

    @Test func tinyRunsGiveTheSameAnswersAndFilesAndLeaveNoScratch() throws {
        let source = try TemporaryDirectory()
        let pbf = try source.write("dense.osm.pbf", Self.densePBF())
        // Settled first (FileStatus.isSettled: 2 s): else whichever run comes after the file
        // settles rewrites its index without the content hash, and the headers differ.
        Thread.sleep(forTimeInterval: 2.2)
        let inMemory = try TemporaryDirectory(), spilled = try TemporaryDirectory()
        let whole = try Self.run(pbf, runBytes: nil, in: inMemory)
        let runs = try Self.run(pbf, runBytes: "4096", in: spilled)
        #expect(whole.outputs[0].contains("\"distanceMeters\""))
        #expect(whole.outputs.allSatisfy { $0.count > 100 })
        #expect(runs.outputs == whole.outputs)
        #expect(Set(runs.files.keys) == Set(whole.files.keys))
        for (name, bytes) in whole.files { #expect(runs.files[name] == bytes, "\(name) differs") }
        // The index, its records and nothing else: no temporary or scratch file.
        #expect(whole.files.keys.contains { $0.hasSuffix(".idx") })
        #expect(whole.files.keys.contains { $0.hasSuffix(".idx.venues") })
        #expect(!runs.files.keys.contains { $0.hasSuffix(".tmp") || $0.hasSuffix(".spill") }, "\(runs.files.keys.sorted())")
        #expect(try FileManager.default.contentsOfDirectory(atPath: source.path) == ["dense.osm.pbf"])
    }

    /// A place listed twice (in two blocks) has one row in the records file, whose records
    /// then move down to meet the table: the file must still be whole (its offsets meeting
    /// its length), and the first listing wins from the index as on the first query.
    @Test func aPlaceListedTwiceLeavesAWholeRecordsFile() throws {
        var writer = PBFWriter()
        writer.header()
        let tags: (String) -> [(String, String)] = { [("name", $0), ("amenity", "cafe")] }
        writer.nodes([
            PBFWriter.Node(id: 7, lat: 60.1699, lon: 24.9384, tags: tags("First")),
            PBFWriter.Node(id: 9, lat: 60.1700, lon: 24.9385, tags: tags("Other")),
        ])
        writer.nodes([PBFWriter.Node(id: 7, lat: 60.1699, lon: 24.9384, tags: tags("Second"))])
        let dir = try TemporaryDirectory()
        let pbf = try dir.write("twice.osm.pbf", Data(writer.bytes))
        Thread.sleep(forTimeInterval: 2.2)
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        let query = ["nearby", "--at", "60.1699,24.9384", "--json", "--data", pbf]
        let first = try PlacesBinary.run(query, environment: env)
        let indexed = try PlacesBinary.run(query, environment: env)
        #expect(first.status == 0 && indexed.status == 0, "\(first)\n\(indexed)")
        #expect(first.stdout.contains("\"First\"") && !first.stdout.contains("\"Second\""), "\(first)")
        #expect(indexed.stdout == first.stdout)
        let cache = dir.file("cache/places")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".idx.venues") })
        let records = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache + "/" + name)))
        func word(_ at: Int) -> Int { (0..<8).reduce(0) { $0 | Int(records[at + $1]) << (8 * $1) } }
        let (count, table, blob, blobLength) = (word(16), word(24), word(32), word(40))
        #expect(count == 2, "two places: node 7 once, node 9")
        #expect(table + count * 24 == blob)
        #expect(blob + blobLength == records.count)
    }
}
