import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import overpass_synth

/// The PBF reader in the library: two threads give what one gives, the places of a
/// synthetic country are exactly its named elements with a main tag, the index gives what
/// the file gives, and bytes flipped anywhere in a file are bad data, never a crash.
@Suite("PBF extracts in the library")
struct PBFExtractScanTests {
    static func country(nodes: Int, seed: UInt64, in dir: TemporaryDirectory) throws -> String {
        var bytes: [UInt8] = []
        var synthesizer = PBFCountrySynthesizer(seed: seed)
        synthesizer.write(nodes: nodes) { bytes += $0 }
        return try dir.write("country-\(seed).osm.pbf", Data(bytes))
    }

    static func summary(_ venues: [Venue]) -> [String] {
        venues.map {
            "\($0.id.rawID) \($0.name) \($0.coordinate.latitude) \($0.coordinate.longitude) \($0.categories) \($0.address ?? "-")"
        }
    }

    @Test func twoThreadsGiveWhatOneGivesAndEveryPlaceIsFound() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.country(nodes: 300_000, seed: 3, in: dir)
        let one = try OverpassFileProvider(path: path, cache: nil, parallelFrom: .max).select(.everything, diagnostics: .silent)
        let two = try OverpassFileProvider(path: path, cache: nil, parallelFrom: 0).select(.everything, diagnostics: .silent)
        #expect(Self.summary(one.venues) == Self.summary(two.venues))
        #expect(one.facts == two.facts && one.facts.unplacedCount == 0 && one.facts.idsIncrease)
        let expected = try PBFFiles.taggedElements(path).filter { element in
            guard let name = element.tags["name"], !name.trimmingCharacters(in: .whitespaces).isEmpty else { return false }
            return OSMCategoryTable.primaryKeys.contains { element.tags[$0] != nil }
        }
        #expect(Set(one.venues.map { "osm:\($0.id.rawID)" }) == Set(expected.map(\.placeID)))
        #expect(
            expected.contains { $0.kind == .way } && expected.contains { $0.kind == .relation } && expected.contains { $0.kind == .node })
        // In file order: nodes, ways, relations, each by rising id.
        #expect(one.venues.map { "osm:\($0.id.rawID)" } == expected.map(\.placeID))
    }

    @Test func theIndexGivesWhatTheFileGives() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.country(nodes: 120_000, seed: 5, in: dir)
        let cache = VenueIndexCache(directory: dir.file("cache"))
        let requests = [
            SearchRequest(kind: .nearby, center: try Coordinate(latitude: 60.1699, longitude: 24.9384), radiusMeters: 3000, limit: 25),
            SearchRequest(
                kind: .nearby, center: try Coordinate(latitude: 61.4978, longitude: 23.7610), radiusMeters: 5000,
                types: [.restaurant, .cafe], limit: 10),
            SearchRequest(kind: .text("pizza"), center: nil, radiusMeters: nil, limit: 15),
        ]
        let records = PBFVenueRecords.path(forIndex: cache.indexPath(forSource: OverpassDataSource.absolutePath(path)))
        for request in requests {
            let bare = try OverpassFileProvider(path: path, cache: nil).extractAnswer(request, diagnostics: .silent)
            let first = try OverpassFileProvider(path: path, cache: cache).extractAnswer(request, diagnostics: .silent)
            let indexed = try OverpassFileProvider(path: path, cache: cache).extractAnswer(request, diagnostics: .silent)
            #expect(!bare.venues.isEmpty)
            #expect(Self.summary(first.venues) == Self.summary(bare.venues))
            #expect(Self.summary(indexed.venues) == Self.summary(bare.venues))
            // Without the venue records, or with damaged ones, the blocks give the same.
            let kept = try Data(contentsOf: URL(fileURLWithPath: records))
            var damaged = kept
            damaged[damaged.count - 3] ^= 0x55
            for replacement in [nil, damaged, Data(kept.prefix(kept.count / 2)), Data("junk".utf8)] {
                if let replacement { try replacement.write(to: URL(fileURLWithPath: records)) } else { unlink(records) }
                let fromBlocks = try OverpassFileProvider(path: path, cache: cache).extractAnswer(request, diagnostics: .silent)
                #expect(Self.summary(fromBlocks.venues) == Self.summary(bare.venues))
            }
            try kept.write(to: URL(fileURLWithPath: records))
        }
    }

    /// From the index without its venue records, a way's block is inflated only as far as
    /// the way: the first, a middle and the last way of a large zlib block are found, with
    /// their tags and centres.
    @Test func aWayIsFoundWhereverItLiesInItsBlock() async throws {
        let dir = try TemporaryDirectory()
        let count = 6000
        let data = PBFFiles.file { w in
            w.nodes((1...count).map { PBFWriter.Node(id: Int64($0), lat: 60 + Double($0) * 1e-4, lon: 24 + Double($0) * 1e-4) })
            w.ways(
                (1...count).map { i in
                    PBFWriter.Way(
                        id: Int64(i), refs: [Int64(i), Int64(i % count + 1)],
                        tags: [
                            ("name", "Way \(i)" + String(repeating: "x", count: i % 40)), ("shop", "kiosk"),
                            ("opening_hours", "Mo-Fr 0\(i % 10):00-18:00"),
                        ])
                })
        }
        let path = try dir.write("ways.osm.pbf", data)
        let cache = VenueIndexCache(directory: dir.file("cache"))
        _ = try OverpassFileProvider(path: path, cache: cache).select(.everything, diagnostics: .silent)
        let indexPath = cache.indexPath(forSource: OverpassDataSource.absolutePath(path))
        #expect(unlink(PBFVenueRecords.path(forIndex: indexPath)) == 0, "the records were written beside the index")
        for i in [1, 2, count / 2, count - 1, count] {
            let venue = try await OverpassFileProvider(path: path, cache: cache).details(
                PlaceID(provider: .osm, rawID: "way/\(i)"), fields: [], diagnostics: .silent)
            #expect(venue.name == "Way \(i)" + String(repeating: "x", count: i % 40))
            // The nodes' latitudes as written (whole 1e-7 degrees), and the centre of the two.
            func latitude(_ id: Int) -> Double { Double(Int64(((60 + Double(id) * 1e-4) * 1e7).rounded()) * 100) / 1e9 }
            let (a, b) = (latitude(i), latitude(i % count + 1))
            #expect(venue.coordinate.latitude == PBFMemberPlacement.roundedTo7Decimals((min(a, b) + max(a, b)) / 2))
        }
    }

    /// Bytes flipped in raw blocks (so the protocol buffers themselves are hit): every
    /// outcome is an answer or bad data (65), never another error or a crash.
    @Test func flippedBytesAreAnswersOrBadData() throws {
        let dir = try TemporaryDirectory()
        var original = [UInt8](PBFElementsEndToEndTests.nodesFile(compression: .raw))
        original += [UInt8](PBFElementsEndToEndTests.waysAndRelationsFile()).dropFirst(0)
        var random = SplitMix64(seed: 26)
        var outcomes = (answers: 0, bad: 0)
        for round in 0..<600 {
            var bytes = original
            for _ in 0..<(1 + random.below(4)) {
                bytes[16 + random.below(bytes.count - 16)] = UInt8(random.below(256))
            }
            let path = try dir.write("flipped-\(round % 4).osm.pbf", Data(bytes))
            do {
                _ = try OverpassFileProvider(path: path, cache: nil).select(.everything, diagnostics: .silent)
                outcomes.answers += 1
            } catch PlacesError.badFile {
                outcomes.bad += 1
            }
        }
        #expect(outcomes.answers > 0 && outcomes.bad > 0, "\(outcomes)")
    }
}
