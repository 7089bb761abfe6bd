import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesSupport

/// Offline autocomplete from an extract's index and the word list beside it, against a
/// brute-force answer over every name of the bundled Helsinki extract (JSON and PBF).
@Suite("Offline autocomplete")
struct OfflineAutocompleteTests {
    static let kamppi = try! Coordinate(latitude: 60.1690, longitude: 24.9320)
    static let inputs = ["sush", "kah", "ka", "r", "hanko s", "SUSHI bar", "cafe", "k", "töö", "caf", "ravintola", "b 2", "xyzq", "o"]

    final class Notes: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var all: [String] { lock.withLock { lines } }
        func add(_ line: String) { lock.withLock { lines.append(line) } }
    }

    struct Cache {
        let directory: String
        init() { directory = NSTemporaryDirectory() + "places-autocomplete-\(UUID().uuidString)" }
        func provider(_ path: String = PlacesBinary.helsinkiData) -> OverpassFileProvider {
            OverpassFileProvider(path: path, cache: VenueIndexCache(directory: directory))
        }
        func remove() { try? FileManager.default.removeItem(atPath: directory) }
        var wordFiles: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".idx.words") }
        }
    }

    /// The words of a name, by Swift's characters rather than the library's bytes: runs of
    /// ASCII letters and digits and of anything not ASCII.
    static func words(_ text: String) -> [String] {
        TextFolding.fold(text).unicodeScalars.split { $0.isASCII && !(("a"..."z").contains($0) || ("0"..."9").contains($0)) }
            .map { String(String.UnicodeScalarView($0)) }
    }

    struct Expected {
        let venue: Venue
        let meters: Double?
        let tier: Int
        let length: Int
    }

    /// Every matching place of the extract, by the rule: each input word begins a word of the name.
    static func bruteForce(_ venues: [Venue], _ request: AutocompleteRequest) -> [Expected] {
        let input = words(request.input)
        var out: [Expected] = []
        for venue in venues {
            let name = words(venue.name)
            guard input.allSatisfy({ w in name.contains { $0.hasPrefix(w) } }) else { continue }
            if !request.categories.isEmpty, !request.categories.contains(where: { venue.categories.contains($0.rawValue) }) { continue }
            let meters = request.center.map { GeodesicDistance.meters(from: $0, to: venue.coordinate) }
            if let radius = request.radiusMeters, let meters, meters > radius { continue }
            out.append(
                Expected(
                    venue: venue, meters: meters, tier: name.first?.hasPrefix(input[0]) == true ? 0 : 1,
                    length: TextFolding.fold(venue.name).utf8.count))
        }
        return out
    }

    /// The answer is the best `limit` of the brute force: the same ranking keys in order, and
    /// every place strictly better than the last one shown is shown.
    static func check(_ got: [AutocompletePrediction], against all: [Expected], _ request: AutocompleteRequest) {
        let label = "\(request.input) center=\(request.center != nil) radius=\(request.radiusMeters ?? 0) types=\(request.categories)"
        #expect(got.count == min(request.limit, all.count), "\(label): \(got.count) of \(all.count)")
        let byID = Dictionary(all.map { ($0.venue.id, $0) }, uniquingKeysWith: { a, _ in a })
        let shown = got.compactMap { $0.id.flatMap { byID[$0] } }
        #expect(shown.count == got.count, "\(label): a prediction the brute force does not have")
        #expect(Set(got.compactMap(\.id)).count == got.count, "\(label): a place twice")
        if request.center != nil {
            let meters = shown.compactMap(\.meters)
            #expect(meters == meters.sorted(), "\(label): not nearest first")
            for (prediction, expected) in zip(got, shown) { #expect(prediction.distanceMeters == expected.meters) }
            if let last = meters.last, got.count == request.limit {
                let better = Set(all.filter { ($0.meters ?? 0) < last }.map(\.venue.id))
                #expect(better.isSubset(of: Set(got.compactMap(\.id))), "\(label): a nearer place left out")
            }
        } else {
            let keys = shown.map { [$0.tier, $0.length] }
            #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) }, "\(label): not in order")
            if let last = keys.last, got.count == request.limit {
                let better = Set(all.filter { [$0.tier, $0.length].lexicographicallyPrecedes(last) }.map(\.venue.id))
                #expect(better.isSubset(of: Set(got.compactMap(\.id))), "\(label): a better place left out")
            }
        }
        for prediction in got {
            #expect(prediction.kind == .place && prediction.mainText == prediction.id.flatMap { byID[$0] }?.venue.name)
        }
    }

    static func requests(_ input: String) -> [AutocompleteRequest] {
        [
            .init(input: input, limit: 10), .init(input: input, center: kamppi, limit: 10),
            .init(input: input, center: kamppi, radiusMeters: 800, limit: 7),
            .init(input: input, center: kamppi, categories: [.cafe, .bar], limit: 5),
        ]
    }

    @Test(arguments: [PlacesBinary.helsinkiData, PBFFiles.helsinki])
    func indexedAnswersAreTheBruteForcesBest(_ path: String) throws {
        let cache = Cache()
        defer { cache.remove() }
        let venues = try OverpassFileProvider(path: path).loadVenues()
        #expect(venues.count > 1000)
        let provider = cache.provider(path)
        for input in Self.inputs {
            for request in Self.requests(input) {
                let got = try provider.predictions(for: request, diagnostics: .silent)
                Self.check(got, against: Self.bruteForce(venues, request), request)
            }
            // Without an index (every place read) the answer is the brute force's too.
            let request = AutocompleteRequest(input: input, center: Self.kamppi, limit: 10)
            let plain = OverpassFileProvider.predictions(from: venues, request: request, input: AutocompleteWords.words(of: input))
            Self.check(plain, against: Self.bruteForce(venues, request), request)
        }
        #expect(cache.wordFiles.count == 1)
    }

    @Test func sushFindsHankoSushiAndTheIdGoesToDetails() async throws {
        let cache = Cache()
        defer { cache.remove() }
        let provider = cache.provider()
        let found = try provider.predictions(for: .init(input: "sush", center: Self.kamppi, limit: 50), diagnostics: .silent)
        let hanko = try #require(found.first { $0.mainText == "Hanko Sushi" })
        #expect(hanko.mainTextMatches == [6..<10] && hanko.coordinate != nil && hanko.types.contains("restaurant"))
        let venue = try await provider.details(try #require(hanko.id), fields: [.name], diagnostics: .silent)
        #expect(venue.name == "Hanko Sushi" && venue.coordinate == hanko.coordinate)
        let kah = try provider.predictions(for: .init(input: "kah"), diagnostics: .silent)
        #expect(kah.contains { $0.mainText == "Kahvi Charlotta" })
        #expect(try provider.predictions(for: .init(input: "ushi"), diagnostics: .silent).isEmpty)
    }

    @Test func theWordListIsWrittenOnceAndRebuiltWhenDamagedOrStale() throws {
        let cache = Cache()
        defer { cache.remove() }
        let notes = Notes()
        let diagnostics = Diagnostics { _, message in notes.add(message) }
        let provider = cache.provider()
        let request = AutocompleteRequest(input: "ka", center: Self.kamppi, limit: 10)
        let first = try provider.predictions(for: request, diagnostics: diagnostics)
        let words = cache.directory + "/" + (try #require(cache.wordFiles.first))
        let written = try FileManager.default.attributesOfItem(atPath: words)[.modificationDate] as? Date
        #expect(try provider.predictions(for: request, diagnostics: diagnostics).map(\.id) == first.map(\.id))
        #expect(try FileManager.default.attributesOfItem(atPath: words)[.modificationDate] as? Date == written)
        #expect(notes.all.isEmpty)

        // A flipped byte in every posting, then one in the pool: each noticed, said, rebuilt, the same answer.
        let original = try Data(contentsOf: URL(fileURLWithPath: words))
        func number(at offset: Int) -> Int { Int(original[offset..<(offset + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }) }
        let pool = 64 + number(at: 32) * 24
        let postings = pool + (number(at: 48) + 7) / 8 * 8
        var bytes = original
        for offset in stride(from: postings + 10, to: bytes.count, by: 20) { bytes[offset] ^= 0x5A }
        var poolDamage = original
        poolDamage[pool + 1] ^= 0x20
        for damaged in [bytes, poolDamage] {
            let said = notes.all.count
            try damaged.write(to: URL(fileURLWithPath: words))
            #expect(try provider.predictions(for: request, diagnostics: diagnostics).map(\.id) == first.map(\.id))
            #expect(notes.all.dropFirst(said).contains { $0.contains("damaged") && $0.contains("rebuilding") })
            #expect(try Data(contentsOf: URL(fileURLWithPath: words)) == original)
        }

        // Cut short: the same.
        try Data(bytes.prefix(100)).write(to: URL(fileURLWithPath: words))
        #expect(try provider.predictions(for: request, diagnostics: diagnostics).map(\.id) == first.map(\.id))

        // Made from another index (its identity differs): rebuilt without a word.
        var stale = try Data(contentsOf: URL(fileURLWithPath: words))
        stale[16] ^= 1
        try stale.write(to: URL(fileURLWithPath: words))
        let before = notes.all.count
        #expect(try provider.predictions(for: request, diagnostics: diagnostics).map(\.id) == first.map(\.id))
        #expect(notes.all.count == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: words)) != stale)
    }

    @Test func aStreamIsReadWhole() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: PlacesBinary.helsinkiData))
        let pipe = Pipe()
        let writer = Thread {
            pipe.fileHandleForWriting.write(data)
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let provider = OverpassFileProvider(path: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        let found = try provider.predictions(for: .init(input: "hanko s", limit: 10), diagnostics: .silent)
        // A chain: six places of that name in the extract.
        #expect(found.count == 6 && found.allSatisfy { $0.mainText.lowercased() == "hanko sushi" && $0.id?.provider == .osm })
    }
}
