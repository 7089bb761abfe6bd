import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract

/// Offline along a route: the extract's answer, through its index (cell by cell along the
/// line) and by a scan of the file, against the brute force of every place of the bundled
/// Helsinki extract measured against every segment of the line.
@Suite("Along a route, offline, against brute force")
struct AlongRouteOfflineTests {
    typealias W = AlongRouteWorld

    static let everyPlace: [Venue] = (try? OverpassFileProvider(path: W.helsinki).loadVenues()) ?? []

    /// The provider's answer after the pipeline, through an index (written by a first query
    /// and read by the second) and without one.
    static func answers(_ request: SearchRequest, in dir: TemporaryDirectory) async throws -> (indexed: [Venue], scanned: [Venue]) {
        let cache = VenueIndexCache(directory: dir.file("cache"))
        let indexed = OverpassFileProvider(path: W.helsinki, cache: cache)
        _ = try await indexed.search(request, diagnostics: .silent)
        let fromIndex = VenuePipeline.run(try await indexed.search(request, diagnostics: .silent), for: request, provider: .osm).venues
        let scanned = VenuePipeline.run(
            try await OverpassFileProvider(path: W.helsinki).search(request, diagnostics: .silent), for: request,
            provider: .osm
        ).venues
        return (fromIndex, scanned)
    }

    /// Every place measured against each line the tests use, once.
    static let lines: [[Coordinate]] = W.straightLines + [W.windingLine()]
    static let measured: [[W.Expected]] = lines.map { W.measured(everyPlace, line: $0) }

    func check(
        line index: Int, radius: Double, sort: VenueSortOrder = .along, limit: Int, types: [PlaceCategory] = [],
        query: String? = nil
    ) async throws {
        let line = Self.lines[index]
        let dir = try TemporaryDirectory()
        let request = W.request(line: line, radius: radius, sort: sort, limit: limit, types: types, query: query)
        var pool = Self.measured[index]
        if !types.isEmpty || query != nil { pool = pool.filter { OSMSearchMatcher.matches($0.venue, request: request) } }
        let expected = Array(W.bruteForce(pool, radius: radius, byOffset: sort == .detour).prefix(limit))
        let (indexed, scanned) = try await Self.answers(request, in: dir)
        let label = "\(line.count) points, \(radius) m, \(sort), limit \(limit), types \(types), query \(query ?? "-")"
        #expect(indexed.map(\.id) == expected.map(\.venue.id), "indexed: \(label)")
        #expect(scanned.map(\.id) == expected.map(\.venue.id), "scanned: \(label)")
        for (venue, truth) in zip(indexed, expected) {
            // Each measure stops within 0.1 mm of the foot, from its own first guess.
            #expect(
                abs((venue.alongMeters ?? -1) - truth.along) < 1e-3 && abs((venue.routeOffsetMeters ?? -1) - truth.offset) < 1e-3,
                "\(label): \(venue.id)")
            #expect(venue.routeOffsetMeters.map { $0 <= radius } == true)
        }
    }

    @Test func theExtractHasPlacesToFind() {
        #expect(Self.everyPlace.count > 1000)
    }

    @Test(arguments: [50.0, 300, 1000])
    func straightLinesEveryPlaceInOrder(_ radius: Double) async throws {
        for line in W.straightLines.indices {
            try await check(line: line, radius: radius, limit: 1000)
            try await check(line: line, radius: radius, limit: 20)
        }
    }

    @Test func straightLinesByOffsetWithTypesAndText() async throws {
        for line in 0..<3 {
            try await check(line: line, radius: 500, sort: .detour, limit: 15)
            try await check(line: line, radius: 800, limit: 10, types: [.restaurant, .cafe])
            try await check(line: line, radius: 2000, limit: 50, query: "sushi")
        }
    }

    @Test(arguments: [40.0, 250, 1500])
    func aWindingLineEveryPlaceInOrder(_ radius: Double) async throws {
        let line = Self.lines.count - 1
        try await check(line: line, radius: radius, limit: 1000)
        try await check(line: line, radius: radius, limit: 7)
        try await check(line: line, radius: radius, sort: .detour, limit: 25)
    }

    /// The brute force finds places near the line, so the comparison is not of two empty lists.
    @Test func theComparisonsAreNotEmpty() {
        #expect(W.bruteForce(Self.measured[0], radius: 300).count > 50)
        #expect(W.bruteForce(Self.measured[Self.lines.count - 1], radius: 250).count > 100)
    }

    /// The corridor's quick lookup finds exactly what measuring every segment finds.
    @Test func theCorridorAgreesWithEverySegment() throws {
        for (index, radius) in [(Self.lines.count - 1, 250.0), (Self.lines.count - 1, 30), (0, 700)] {
            let corridor = try #require(RouteCorridor(Self.lines[index], radiusMeters: radius))
            for truth in Self.measured[index] {
                let found = corridor.locate(truth.venue.coordinate)
                if truth.offset <= radius {
                    let f = try #require(found, "\(truth.venue.id) is \(truth.offset) m off")
                    #expect(abs(f.alongMeters - truth.along) < 1e-3 && abs(f.offsetMeters - truth.offset) < 1e-3)
                } else {
                    #expect(found == nil)
                }
            }
        }
    }
}
