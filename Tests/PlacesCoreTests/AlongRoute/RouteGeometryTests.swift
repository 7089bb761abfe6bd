import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesGoogle
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesRouting

/// Routers asked for a route's line and steps, over loopback: OSRM (`overview=full`,
/// `geometries=polyline`, `steps=true`) and Google Routes (the polyline and navigation
/// instructions in the field mask), and the estimate's straight line.
@Suite("Route geometry and steps")
struct RouteGeometryTests {
    typealias W = AlongRouteWorld
    static let from = W.c(60.1699, 24.9384)
    static let to = W.c(60.1900, 24.9700)

    static func client() -> HTTPClient {
        HTTPClient(transport: URLSessionTransport(), timeout: 5, policy: RetryPolicy(retries: 0), sleep: { _ in })
    }

    /// An OSRM answer shaped as osrm-backend docs/http.md documents a route with `steps=true`
    /// (RouteStep: distance, duration, name, maneuver with `location` [lon, lat], type, modifier).
    static func osrmAnswer(line: [Coordinate]) -> String {
        let polyline = EncodedPolyline.encode(line)
        let escaped = polyline.replacingOccurrences(of: "\\", with: "\\\\")
        return #"""
            {"code":"Ok","routes":[{"distance":2710.4,"duration":1950.2,"weight":1950.2,"weight_name":"duration","geometry":"\#(escaped)",
              "legs":[{"distance":2710.4,"duration":1950.2,"summary":"Mannerheimintie, Hämeentie","steps":[
                {"distance":812.5,"duration":585,"name":"Mannerheimintie","mode":"walking","geometry":"","driving_side":"right",
                 "maneuver":{"location":[24.9384,60.1699],"bearing_before":0,"bearing_after":12,"type":"depart"},"intersections":[]},
                {"distance":1500,"duration":1080.2,"name":"Hämeentie","mode":"walking","geometry":"","driving_side":"right",
                 "maneuver":{"location":[24.9512,60.1772],"bearing_before":12,"bearing_after":80,"type":"turn","modifier":"right"},"intersections":[]},
                {"distance":397.9,"duration":285,"name":"","mode":"walking","geometry":"","driving_side":"right",
                 "maneuver":{"location":[24.9610,60.1850],"bearing_before":80,"bearing_after":45,"type":"roundabout","modifier":"right","exit":2},"intersections":[]},
                {"distance":0,"duration":0,"name":"Sturenkatu","mode":"walking","geometry":"","driving_side":"right",
                 "maneuver":{"location":[24.9700,60.1900],"bearing_before":45,"bearing_after":0,"type":"arrive","modifier":"left"},"intersections":[]}]}]}],
             "waypoints":[{"location":[24.9384,60.1699],"name":"Mannerheimintie","distance":1.2},{"location":[24.97,60.19],"name":"Sturenkatu","distance":2.5}]}
            """#
    }

    @Test func osrmGeometryAndStepsAreReadAndTheRequestAsksForThem() async throws {
        let line = W.windingLine(steps: 120, seed: 3)
        let server = try FakeHTTPServer { _ in .json(200, Self.osrmAnswer(line: line)) }
        let route = try await OSRMRouter(client: Self.client(), baseURL: server.baseURL).route(
            from: Self.from, to: Self.to, mode: .walk, steps: true,
            diagnostics: .silent)
        let seen = try #require(server.requests.first)
        #expect(seen.target == "/route/v1/walking/24.9384,60.1699;24.97,60.19?overview=full&geometries=polyline&steps=true")
        #expect(route.coordinates == line)
        #expect(route.distanceMeters == 2710.4 && route.durationSeconds == 1950.2 && !route.isStraightLine)
        let steps = try #require(route.steps)
        #expect(
            steps.map(\.instruction) == [
                "Start on Mannerheimintie", "Turn right onto Hämeentie", "At the roundabout take the 2nd exit",
                "Arrive at the destination on the left",
            ])
        #expect(steps[1].distanceMeters == 1500 && steps[1].durationSeconds == 1080.2)
        #expect(steps[1].coordinate == W.c(60.1772, 24.9512))
    }

    @Test func osrmWithoutStepsAsksForNone() async throws {
        let server = try FakeHTTPServer { _ in .json(200, Self.osrmAnswer(line: [Self.from, Self.to])) }
        let route = try await OSRMRouter(client: Self.client(), baseURL: server.baseURL).route(
            from: Self.from, to: Self.to, mode: .drive, steps: false,
            diagnostics: .silent)
        #expect(server.requests.first?.target.hasSuffix("?overview=full&geometries=polyline&steps=false") == true)
        #expect(route.steps == nil)
    }

    @Test(arguments: [
        (#"{"code":"Ok","routes":[{"distance":10,"duration":5}]}"#, "no geometry"),
        (#"{"code":"Ok","routes":[{"distance":10,"duration":5,"geometry":"_p~iF~ps|U_"}]}"#, "not an encoded polyline"),
        (
            #"{"code":"Ok","routes":[{"distance":10,"duration":5,"geometry":"_p~iF~ps|U_ulLnnqC","legs":[{"steps":[{"maneuver":{"location":[500,1],"type":"turn"}}]}]}]}"#,
            "on the globe"
        ),
        (
            #"{"code":"Ok","routes":[{"distance":10,"duration":5,"geometry":"_p~iF~ps|U_ulLnnqC","legs":[{"steps":[{"distance":-4,"maneuver":{"location":[1,1],"type":"turn"}}]}]}]}"#,
            "not a plausible value"
        ),
    ])
    func badOSRMGeometryIsBadData(_ body: String, _ says: String) async throws {
        let server = try FakeHTTPServer { _ in .json(200, body) }
        do {
            _ = try await OSRMRouter(client: Self.client(), baseURL: server.baseURL).route(
                from: Self.from, to: Self.to, mode: .drive, steps: true,
                diagnostics: .silent)
            Issue.record("no error for \(body)")
        } catch let error as PlacesError {
            #expect(error.kind == .badData, "\(error.message)")
            #expect(error.message.contains(says), "\(error.message)")
        }
    }

    /// A Routes answer with the polyline and steps the field mask asked for (names from
    /// google-maps-routing: RouteLegStep, NavigationInstruction, Location).
    static func routesAnswer(line: [Coordinate]) -> String {
        let polyline = EncodedPolyline.encode(line).replacingOccurrences(of: "\\", with: "\\\\")
        return #"""
            {"routes":[{"distanceMeters":3012,"duration":"402s","polyline":{"encodedPolyline":"\#(polyline)"},
              "legs":[{"steps":[
                {"distanceMeters":1200,"staticDuration":"160s","startLocation":{"latLng":{"latitude":60.1699,"longitude":24.9384}},
                 "navigationInstruction":{"maneuver":"DEPART","instructions":"Head north on Mannerheimintie"}},
                {"distanceMeters":1812,"staticDuration":"242s","startLocation":{"latLng":{"latitude":60.1772,"longitude":24.9512}},
                 "navigationInstruction":{"maneuver":"TURN_RIGHT"}}]}]}]}
            """#
    }

    @Test func googleRoutesGeometryAndStepsAreReadAndTheMaskAsksForThem() async throws {
        let line = W.windingLine(steps: 50, seed: 9)
        let server = try FakeHTTPServer { _ in .json(200, Self.routesAnswer(line: line)) }
        let router = GoogleRoutesRouter(client: Self.client(), baseURL: server.baseURL, key: "test-key-route")
        let route = try await router.route(from: Self.from, to: Self.to, mode: .drive, steps: true, diagnostics: .silent)
        let seen = try #require(server.requests.first)
        #expect(seen.path == "/directions/v2:computeRoutes")
        let mask = try #require(seen.header("X-Goog-FieldMask"))
        #expect(
            mask.split(separator: ",").map(String.init) == [
                "routes.distanceMeters", "routes.duration", "routes.polyline.encodedPolyline", "routes.legs.steps.distanceMeters",
                "routes.legs.steps.staticDuration", "routes.legs.steps.startLocation.latLng",
                "routes.legs.steps.navigationInstruction.instructions",
                "routes.legs.steps.navigationInstruction.maneuver",
            ])
        let body = try #require(try JSONSerialization.jsonObject(with: seen.body) as? [String: Any])
        #expect(body["polylineQuality"] as? String == "HIGH_QUALITY")
        #expect(body["travelMode"] as? String == "DRIVE")
        #expect(route.coordinates == line && route.distanceMeters == 3012 && route.durationSeconds == 402)
        #expect(route.steps?.map(\.instruction) == ["Head north on Mannerheimintie", "Turn right"])
        #expect(route.steps?.last?.durationSeconds == 242 && route.steps?.last?.coordinate == W.c(60.1772, 24.9512))
    }

    /// Proto3 JSON leaves out a zero: a step that starts on the equator has no `latitude`
    /// (google.type.LatLng, read as Places reads it), and one on the prime meridian no `longitude`.
    @Test func aGoogleStepOnTheEquatorOrThePrimeMeridianIsPlacedAtZero() async throws {
        let body = Self.routesAnswer(line: [Self.from, Self.to])
            .replacingOccurrences(of: #"{"latitude":60.1699,"longitude":24.9384}"#, with: #"{"longitude":24.9384}"#)
            .replacingOccurrences(of: #"{"latitude":60.1772,"longitude":24.9512}"#, with: #"{"latitude":51.4779}"#)
        let server = try FakeHTTPServer { _ in .json(200, body) }
        let router = GoogleRoutesRouter(client: Self.client(), baseURL: server.baseURL, key: "test-key-route")
        let route = try await router.route(from: Self.from, to: Self.to, mode: .drive, steps: true, diagnostics: .silent)
        #expect(route.steps?.map(\.coordinate) == [W.c(0, 24.9384), W.c(51.4779, 0)])
    }

    @Test func googleRoutesWithoutStepsMasksOnlyTheLine() async throws {
        let server = try FakeHTTPServer { _ in .json(200, Self.routesAnswer(line: [Self.from, Self.to])) }
        let router = GoogleRoutesRouter(client: Self.client(), baseURL: server.baseURL, key: "test-key-route")
        let route = try await router.route(from: Self.from, to: Self.to, mode: .drive, steps: false, diagnostics: .silent)
        #expect(
            server.requests.first?.header("X-Goog-FieldMask") == "routes.distanceMeters,routes.duration,routes.polyline.encodedPolyline")
        #expect(route.steps == nil)
    }

    @Test func theEstimateIsTheStraightLineWithNoSteps() async throws {
        let route = try await EstimateRouter().route(from: Self.from, to: Self.to, mode: .walk, steps: true, diagnostics: .silent)
        #expect(route.coordinates == [Self.from, Self.to] && route.isStraightLine && route.steps == nil)
        #expect(route.distanceMeters > GeodesicDistance.meters(from: Self.from, to: Self.to))
    }

    /// The OSRM line served over loopback, searched along offline: the brute force again.
    @Test func placesAlongAnOSRMLineMatchBruteForce() async throws {
        let line = W.windingLine(steps: 150, seed: 11)
        let server = try FakeHTTPServer { _ in .json(200, Self.osrmAnswer(line: line)) }
        let route = try await OSRMRouter(client: Self.client(), baseURL: server.baseURL).route(
            from: Self.from, to: Self.to, mode: .walk, steps: false,
            diagnostics: .silent)
        let dir = try TemporaryDirectory()
        let request = W.request(line: route.coordinates, radius: 200, limit: 1000)
        let expected = W.bruteForce(W.measured(AlongRouteOfflineTests.everyPlace, line: line), radius: 200)
        let (indexed, scanned) = try await AlongRouteOfflineTests.answers(request, in: dir)
        #expect(expected.count > 50)
        #expect(indexed.map(\.id) == expected.map(\.venue.id))
        #expect(scanned.map(\.id) == expected.map(\.venue.id))
    }
}
