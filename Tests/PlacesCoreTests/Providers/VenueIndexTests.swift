import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSM
@testable import PlacesOSMExtract
@testable import PlacesRouting
@testable import overpass_synth
@testable import places_cli

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The indexed path, the scan without an index, and JSONDecoder + the mapper (the path
/// before either existed) must give the same answers.
@Suite("Spatial index of --data files")
struct VenueIndexTests {
    typealias C = ScannerComparison

    /// A search request drawn at random: centre near the data or anywhere, radius, types,
    /// text, sort, limit, grouping and filter.
    static func randomRequest(_ random: inout SplitMix, near venues: [Venue]) throws -> SearchRequest {
        let types = PlaceCategory.allCases.filter { _ in random.below(12) == 0 }
        let limit = [1, 5, 20, 100, 1000][random.below(5)]
        let filter = random.below(6) == 0 ? ["kala", "sushi", "grill", "é"][random.below(4)] : nil
        let group = random.below(8) == 0
        let query: String? = random.below(4) == 0 ? ["sushi", "ravintola", "cafe", "pizza bistro", "kallio"][random.below(5)] : nil
        var center: Coordinate? = nil
        if query == nil || random.below(2) == 0 {
            if random.below(8) == 0 || venues.isEmpty {
                center = try Coordinate(latitude: random.unit() * 180 - 90, longitude: random.unit() * 360 - 180)
            } else {
                let v = venues[random.below(venues.count)].coordinate
                center = try Coordinate(latitude: max(-90, min(90, v.latitude + random.unit() * 0.02 - 0.01)), longitude: v.longitude)
            }
        }
        // 10 m to 20,000 km, evenly on a log scale (nearest-k must stop early or read it all).
        var radius: Double? = random.below(6) == 0 ? [10, 20_000_000][random.below(2)] : 10 * pow(2_000_000, random.unit())
        if query != nil && random.below(2) == 0 { radius = nil }
        if center == nil { radius = nil }
        let sorts: [PlacesCore.VenueSortOrder] = center == nil ? [.relevance, .rating] : [.distance, .relevance, .best, .distance]
        let sort = query == nil && center != nil && random.below(2) == 0 ? nil : sorts[random.below(sorts.count)]
        return SearchRequest(
            kind: query.map { .text($0) } ?? .nearby, center: center, radiusMeters: radius, types: types,
            sort: sort, limit: limit, filterText: filter, groupByCuisine: group)
    }

    static func answers(_ provider: OverpassFileProvider, _ request: SearchRequest, _ notes: Diagnostics = .silent) async throws -> [Venue]
    {
        VenuePipeline.run(try await provider.search(request, diagnostics: notes), for: request, provider: .osm).venues
    }

    /// Real data, clustered synthetic data, every place within 50 km (dense) and a few
    /// hundred places over thousands of kilometres (sparse).
    static let datasets: [String] = ["bundled", "overpass-8000", "varied-4000", "dense-6000", "sparse-400"]

    static func data(_ name: String) throws -> Data {
        switch name {
        case "bundled": return try C.bundledExtract
        case "overpass-8000": return C.synthetic(elements: 8000, seed: 5, style: .overpass)
        case "dense-6000": return Self.synthetic(elements: 6000, seed: 21, disc: .init(lat: 60.25, lon: 25.0, km: 50))
        case "sparse-400": return Self.synthetic(elements: 400, seed: 22, disc: .init(lat: 40, lon: 10, km: 6000))
        default: return C.synthetic(elements: 4000, seed: 8, style: .varied)
        }
    }

    static func synthetic(elements: Int, seed: UInt64, disc: OverpassSynthesizer.Disc) -> Data {
        var data = Data()
        var synthesizer = OverpassSynthesizer(seed: seed, style: .overpass, disc: disc)
        synthesizer.document(elements: elements) { data.append(contentsOf: $0) }
        return data
    }

    @Test(arguments: datasets)
    func indexedScannedAndDecodedAnswersAgree(_ dataset: String) async throws {
        let dir = try TemporaryDirectory()
        let data = try Self.data(dataset)
        let path = try dir.write("extract.json", data)
        let reference = try C.decodedVenues(data)
        let cache = VenueIndexCache(directory: dir.file("cache"))
        // The index written by a two-thread scan (as on a large file); the plain scan on one.
        let indexed = OverpassFileProvider(path: path, cache: cache, parallelFrom: 0)
        let scanned = OverpassFileProvider(path: path)
        let notes = CollectedDiagnostics()
        var random = SplitMix(seed: UInt64(dataset.utf8.count))
        var nonEmpty = 0
        for round in 0..<80 {
            let request = try Self.randomRequest(&random, near: reference)
            let expected = VenuePipeline.run(
                OSMRanking.ranked(
                    reference.filter { OSMSearchMatcher.matches($0, request: request) }, by: OverpassSelection(request: request)),
                for: request, provider: .osm
            ).venues
            let fromIndex = try await Self.answers(indexed, request, notes.diagnostics)
            let fromScan = try await Self.answers(scanned, request)
            #expect(fromIndex == expected, "round \(round): \(request)")
            #expect(fromScan == expected, "round \(round): \(request)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > (dataset.hasPrefix("sparse") ? 8 : 15), "\(nonEmpty)")
        // The varied extract has nodes with a null latitude and elements with a negative id:
        // a note for each kind each time, nothing else.
        let known = ["without coordinates skipped", "dropped: an id below 1"]
        #expect(notes.lines.allSatisfy { line in known.contains { line.contains($0) } }, "\(notes.lines)")
        #expect(dir.contents(of: "cache").count == 1)
        for venue in stride(from: 0, to: reference.count, by: max(1, reference.count / 40)).map({ reference[$0] }) {
            #expect(try await indexed.details(venue.id, fields: [], diagnostics: .silent) == reference.first { $0.id == venue.id })
        }
        await #expect(throws: PlacesError.self) {
            try await indexed.details(PlaceID(parsing: "osm:relation/424242424242"), fields: [], diagnostics: .silent)
        }
    }

    @Test func theFirstQueryWritesTheIndexAndLaterOnesReadIt() async throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("extract.json", try C.bundledExtract)
        // Settled first (FileStatus.isSettled: 2 s): an index of a file written just now is
        // rewritten once, without its content hash, by the first query after the file settles,
        // which on a slow machine (or under a sanitizer) is the second query here.
        try await Task.sleep(for: .milliseconds(2_200))
        let cache = VenueIndexCache(directory: dir.file("cache/places"))
        let provider = OverpassFileProvider(path: path, cache: cache)
        let request = SearchRequest(kind: .nearby, center: try Coordinate(latitude: 60.1699, longitude: 24.9384), radiusMeters: 1000)
        let first = try await Self.answers(provider, request)
        let files = dir.contents(of: "cache/places")
        #expect(files.count == 1 && files[0].hasPrefix("osm-") && files[0].hasSuffix(".idx"), "\(files)")
        let index = dir.file("cache/places/\(files[0])")
        let before = try FileManager.default.attributesOfItem(atPath: index)
        #expect(try await Self.answers(provider, request) == first)
        let after = try FileManager.default.attributesOfItem(atPath: index)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(first.count == 20)
    }

    @Test func aChangedSourceIsReindexed() async throws {
        let dir = try TemporaryDirectory()
        let original = try C.bundledExtract
        let path = try dir.write("extract.json", original)
        let cache = VenueIndexCache(directory: dir.file("cache"))
        let provider = OverpassFileProvider(path: path, cache: cache)
        let id = try PlaceID(parsing: "osm:node/1369465615")
        #expect(try await provider.details(id, fields: [], diagnostics: .silent).name == "Loiste")

        // Same size, inode and modification time (to the nanosecond): only the content hash can tell.
        var before = stat()
        #expect(stat(path, &before) == 0)
        let renamed = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\"Loiste\"", with: "\"Leiste\"")
        try Data(renamed.utf8).write(to: URL(fileURLWithPath: path))
        #if canImport(Darwin)
        var times = [before.st_atimespec, before.st_mtimespec]
        #else
        var times = [before.st_atim, before.st_mtim]
        #endif
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0 && after.st_size == before.st_size && after.st_ino == before.st_ino)
        #expect(try await provider.details(id, fields: [], diagnostics: .silent).name == "Leiste")

        // A different size.
        try (renamed.replacingOccurrences(of: "\"Leiste\"", with: "\"Loiste again\"")).write(
            toFile: path, atomically: false, encoding: .utf8)
        #expect(try await provider.details(id, fields: [], diagnostics: .silent).name == "Loiste again")
        #expect(dir.contents(of: "cache").count == 1)
    }

    /// Ways to damage an index file: each is noticed, noted once, and the index rebuilt.
    static let damages: [String] = ["truncated", "empty", "garbage", "header", "entry", "cell table", "tail", "wrong element"]

    @Test(arguments: damages)
    func aDamagedIndexIsRebuiltWithANote(_ damage: String) async throws {
        let dir = try TemporaryDirectory()
        let data = C.synthetic(elements: 6000, seed: 21, style: .overpass)
        let path = try dir.write("extract.json", data)
        let cache = VenueIndexCache(directory: dir.file("cache"))
        let provider = OverpassFileProvider(path: path, cache: cache)
        let request = SearchRequest(
            kind: .nearby, center: try Coordinate(latitude: 60.1699, longitude: 24.9384), radiusMeters: 3000, limit: 1000)
        let expected = try await Self.answers(provider, request)
        #expect(expected.count > 100)
        let index = dir.file("cache/\(dir.contents(of: "cache")[0])")
        var surgery = try IndexSurgery(path: index)
        let header = surgery.header
        switch damage {
        case "truncated": surgery.bytes.removeLast(100)
        case "empty": surgery.bytes = []
        case "garbage": surgery.bytes = Array("not an index at all".utf8)
        case "header": surgery.bytes[60] ^= 0x01
        case "entry":
            // An entry in the middle of the cells the query reads: flip a bit of every
            // entry's latitude, so whichever cells are read, one fails its checksum.
            for i in 0..<Int(header.venueCount) { surgery.bytes[surgery.entryWord(i, 0) + 3] ^= 0x10 }
        case "cell table": surgery.bytes[Int(header.cellsOffset) + 8] ^= 0x01
        case "tail": surgery.bytes.append(0)
        default:
            // Consistent checksums, but entries that point at the wrong elements of the source.
            for i in 0..<Int(header.venueCount) {
                surgery.setWord(at: surgery.entryWord(i, 4), surgery.word(at: surgery.entryWord(i, 4)) + 1)
            }
            surgery.rechecksum()
        }
        try surgery.write(to: index)
        let notes = CollectedDiagnostics()
        #expect(try await Self.answers(provider, request, notes.diagnostics) == expected)
        #expect(notes.lines.count == 1 && notes.lines[0].contains("is damaged") && notes.lines[0].contains("rebuilding"), "\(notes.lines)")
        notes.clear()
        #expect(try await Self.answers(provider, request, notes.diagnostics) == expected)
        #expect(notes.lines.isEmpty, "rebuilt index still damaged: \(notes.lines)")
        #expect(dir.contents(of: "cache").count == 1, "\(dir.contents(of: "cache"))")
    }

    @Test func anUnwritableCacheIsNotedAndTheAnswerStillComes() async throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("extract.json", try C.bundledExtract)
        try dir.write("cache", Data("a file where the cache directory should be".utf8))
        let provider = OverpassFileProvider(path: path, cache: VenueIndexCache(directory: dir.file("cache/places")))
        let notes = CollectedDiagnostics()
        let request = SearchRequest(kind: .nearby, center: try Coordinate(latitude: 60.1699, longitude: 24.9384), radiusMeters: 1000)
        #expect(
            try await Self.answers(provider, request, notes.diagnostics)
                == (try await Self.answers(OverpassFileProvider(path: path), request)))
        #expect(notes.lines.count == 1 && notes.lines[0].contains("cannot write an index"), "\(notes.lines)")
    }

    @Test func badDataLeavesNoIndexBehind() async throws {
        let dir = try TemporaryDirectory()
        let cache = VenueIndexCache(directory: dir.file("cache"))
        for (name, body) in [
            ("broken.json", #"{"elements":[{"type":"node","id":1,"lat":1,"lon":2,"tags":{"name":"x"}},"#),
            (
                "remark.json",
                #"{"elements":[{"type":"node","id":1,"lat":1,"lon":2,"tags":{"name":"x"}}],"remark":"runtime error: timeout"}"#
            ),
        ] {
            let path = try dir.write(name, Data(body.utf8))
            await #expect(throws: PlacesError.self) {
                try await OverpassFileProvider(path: path, cache: cache).search(
                    SearchRequest(kind: .text("x"), center: nil, radiusMeters: nil), diagnostics: .silent)
            }
        }
        #expect(dir.contents(of: "cache").isEmpty, "\(dir.contents(of: "cache"))")
    }

    @Test func theCacheLivesWhereXDGSays() {
        #expect(VenueIndexCache(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.directory == "/x/cache/places")
        #expect(VenueIndexCache(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.directory == "/home/u/.cache/places")
        #expect(VenueIndexCache(environment: ["HOME": "/home/u"])?.directory == "/home/u/.cache/places")
        #expect(VenueIndexCache(environment: ["XDG_CACHE_HOME": ""]) == nil)
        let cache = VenueIndexCache(directory: "/c")
        #expect(cache.indexPath(forSource: "/a.json") != cache.indexPath(forSource: "/b.json"))
        #expect(cache.indexPath(forSource: "/a.json") == cache.indexPath(forSource: "/a.json"))
    }
}

@Suite("Spatial index file layout")
struct VenueIndexLayoutTests {
    @Test func entriesAreWrittenAsTheyLieInMemory() {
        #expect(MemoryLayout<VenueIndexBuilder.Entry>.size == VenueIndexFormat.entryLength)
        #expect(MemoryLayout<VenueIndexBuilder.Entry>.stride == VenueIndexFormat.entryLength)
        #expect(VenueIndexHeader.length(forPath: "/a") % 8 == 0)
    }

    @Test func aGridCellHoldsItsCorners() {
        let grid = GeoGrid(degrees: VenueIndexFormat.cellDegrees)
        #expect(grid.cell(latitude: -90, longitude: -180) == 0)
        #expect(grid.cell(latitude: 90, longitude: 180) == UInt64(grid.rows * grid.columns - 1))
        #expect(grid.cellBits <= 32)
    }
}
