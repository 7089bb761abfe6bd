import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract

/// openNow on osm venues: evaluated only when asked, the same with and without the index,
/// and from the clock override.
@Suite("OSM openNow")
struct OSMOpenNowTests {
    typealias C = ScannerComparison

    static let wednesdayNoonHelsinki = ISO8601DateFormatter().date(from: "2026-11-25T10:00:00Z")!

    @Test func evaluatedOnlyWhenTheRequestNeedsIt() async throws {
        let provider = OverpassFileProvider(path: PlacesBinary.helsinkiData, now: Self.wednesdayNoonHelsinki)
        let center = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let plain = try await provider.search(
            SearchRequest(kind: .nearby, center: center, radiusMeters: 3000, limit: 1000), diagnostics: .silent)
        #expect(plain.contains { $0.openingHours != nil })
        #expect(plain.allSatisfy { $0.openNow == nil })

        var asked = SearchRequest(kind: .nearby, center: center, radiusMeters: 3000, limit: 1000)
        asked.fields = FieldSelection(fields: asked.fields.fields + [.openNow], isExplicit: false)
        let evaluated = try await provider.search(asked, diagnostics: .silent)
        #expect(evaluated.map(\.id) == plain.map(\.id))
        #expect(evaluated.filter { $0.openNow == true }.count > 100)
        #expect(evaluated.filter { $0.openNow == false }.count > 10)
        #expect(evaluated.allSatisfy { $0.openingHours != nil || $0.openNow == nil })

        let detail = try await provider.details(try PlaceID(parsing: "osm:node/310151801"), fields: [.openNow], diagnostics: .silent)
        #expect(detail.openNow == false)  // Tu-Sa 17:00-23:00
    }

    @Test(arguments: ["bundled", "overpass-8000"])
    func indexedAndScannedAnswersAgreeWithOpenNow(_ dataset: String) async throws {
        let dir = try TemporaryDirectory()
        let data = try VenueIndexTests.data(dataset)
        let path = try dir.write("extract.json", data)
        let reference = try C.decodedVenues(data)
        var random = SplitMix(seed: 77)
        for hour in 0..<24 {
            let now = Self.wednesdayNoonHelsinki.addingTimeInterval(Double(hour * 3600 + random.below(3600)))
            let indexed = OverpassFileProvider(path: path, cache: VenueIndexCache(directory: dir.file("cache")), now: now)
            let scanned = OverpassFileProvider(path: path, now: now)
            var request = try VenueIndexTests.randomRequest(&random, near: reference)
            request.openNow = random.below(3) != 0
            if random.below(2) == 0 { request.fields = FieldSelection(fields: request.fields.fields + [.openNow], isExplicit: false) }
            let fromIndex = try await VenueIndexTests.answers(indexed, request)
            let fromScan = try await VenueIndexTests.answers(scanned, request)
            #expect(fromIndex == fromScan, "hour \(hour): \(request)")
            if request.openNow { #expect(fromScan.allSatisfy { $0.openNow == true }) }
        }
    }
}
