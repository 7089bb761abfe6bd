import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesFoursquare
@testable import PlacesGeodesy
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesOSM
@testable import PlacesSupport

/// Providers that search only circles: the circles cover the route's corridor, are bounded in
/// number, and become Overpass `around` clauses and Foursquare searches (over loopback).
@Suite("Corridor circles for Overpass and Foursquare")
struct CorridorSamplingTests {
    typealias W = AlongRouteWorld

    /// Every point within the radius of the line lies in one of the circles.
    @Test(arguments: [(0, 100.0, 40), (4, 250, 40), (4, 30, 8), (0, 2000, 3)])
    func circlesCoverTheCorridor(_ lineIndex: Int, _ radius: Double, _ maxCircles: Int) throws {
        let line = AlongRouteOfflineTests.lines[lineIndex]
        let corridor = try #require(RouteCorridor(line, radiusMeters: radius))
        let circles = RouteSampling.circles(corridor, maxCircles: maxCircles)
        #expect(circles.count <= maxCircles && circles.count >= 2)
        var random = SplitMix(seed: 99)
        for _ in 0..<2000 {
            let foot = corridor.line.point(atAlong: random.unit() * corridor.line.lengthMeters)
            let p = GeodesicLine(latitude: foot.latitude, longitude: foot.longitude, azimuth: random.unit() * 360).position(
                at: random.unit() * radius)
            let point = W.c(p.latitude, p.longitude)
            guard corridor.locate(point) != nil else { continue }
            #expect(circles.contains { GeodesicDistance.meters(from: $0.center, to: point) <= $0.radiusMeters + 1e-6 }, "\(point)")
        }
    }

    @Test func overpassAsksOneAroundPerCircleAndFilter() throws {
        let request = W.request(line: AlongRouteOfflineTests.lines[0], radius: 300, types: [.pharmacy])
        let route = try #require(request.route)
        let query = OverpassQuery.corridor(request, route.corridor)
        let circles = RouteSampling.circles(route.corridor, maxCircles: OverpassQuery.maxCorridorCircles)
        // One `around` per circle for each tag filter the type maps to.
        let arounds = query.components(separatedBy: "(around:").count - 1
        #expect(arounds >= circles.count && arounds % circles.count == 0, "\(arounds) for \(circles.count) circles")
        #expect(query.hasPrefix("[out:json][timeout:25];") && query.hasSuffix("out center tags;"))
        #expect(query.contains("[\"amenity\"=\"pharmacy\"]") || query.contains("pharmacy"))
    }

    @Test func foursquareSearchesEachCircleOnceAndTheCorridorFilterKeepsWhatIsNear() async throws {
        // Two places: one on the route, one 5 km off it; the same answer for every circle.
        let body = #"""
            {"results":[
              {"fsq_place_id":"near1","name":"Apteekki","latitude":60.1850,"longitude":24.9550,"categories":[]},
              {"fsq_place_id":"far1","name":"Kaukana","latitude":60.2200,"longitude":24.8000,"categories":[]}]}
            """#
        let server = try FakeHTTPServer { _ in .json(200, body) }
        let client = HTTPClient(transport: URLSessionTransport(), timeout: 5, policy: RetryPolicy(retries: 0), sleep: { _ in })
        let provider = FoursquarePlacesProvider(http: client, baseURL: server.baseURL, key: "fsq-test-key")
        let request = W.request(line: AlongRouteOfflineTests.lines[1], radius: 400)
        let found = try await provider.search(request, diagnostics: .silent)
        let circles = RouteSampling.circles(try #require(request.route).corridor, maxCircles: FoursquarePlacesProvider.maxCorridorCircles)
        #expect(server.requests.count == circles.count)
        for (sent, circle) in zip(server.requests, circles) {
            let items = URLComponents(string: "http://x" + sent.target)?.queryItems ?? []
            let ll = items.first { $0.name == "ll" }?.value
            #expect(ll == "\(JSONValue.format(circle.center.latitude)),\(JSONValue.format(circle.center.longitude))")
            #expect(items.first { $0.name == "radius" }?.value == String(Int(circle.radiusMeters.rounded(.up))))
            #expect(items.first { $0.name == "sort" }?.value == "DISTANCE")
        }
        #expect(found.count == 2)
        let kept = VenuePipeline.run(found, for: request, provider: .foursquare).venues
        #expect(kept.map(\.id.rawID) == ["near1"])
        #expect(kept[0].routeOffsetMeters.map { $0 < 400 } == true)
    }
}
