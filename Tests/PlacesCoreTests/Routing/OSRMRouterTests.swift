import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesRouting

/// The OSRM router over real loopback TCP against `FakeHTTPServer`.
@Suite("OSRM router over loopback")
struct OSRMRouterTests {
    static let from = try! Coordinate(latitude: 51.5415, longitude: -0.1472)
    static let to = try! Coordinate(latitude: 51.508, longitude: -0.0741)

    /// shared/reference/examples/osrm-route-london-trimmed-2026.json: a real answer, hints removed.
    static let london = #"""
        {"code":"Ok","routes":[{"legs":[{"steps":[],"weight":1286.6,"summary":"","duration":1284.7,"distance":7790.7}],
          "weight_name":"routability","weight":1286.6,"duration":1284.7,"distance":7790.7}],
         "waypoints":[{"location":[-0.147152,51.541489],"name":"","distance":56.27},
                      {"location":[-0.074135,51.507956],"name":"Tower Bridge Approach","distance":123.54}]}
        """#

    func router(_ server: FakeHTTPServer, path: String = "", timeout: Double = 5, retries: Int = 0) -> OSRMRouter {
        let client = HTTPClient(transport: URLSessionTransport(), timeout: timeout, policy: RetryPolicy(retries: retries), sleep: { _ in })
        return OSRMRouter(client: client, baseURL: server.baseURL + path)
    }

    @Test(arguments: [(TravelMode.walk, "walking"), (.bike, "cycling"), (.drive, "driving")])
    func requestShape(_ mode: TravelMode, _ profile: String) async throws {
        let server = try FakeHTTPServer { _ in .json(200, Self.london) }
        let notes = NoteLog()
        let measure = try await router(server).measure(from: Self.from, to: Self.to, mode: mode, diagnostics: notes.diagnostics)
        #expect(measure == RouteMeasure(distanceMeters: 7790.7, durationSeconds: 1284.7))
        let seen = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(seen.method == "GET")
        #expect(seen.target == "/route/v1/\(profile)/-0.1472,51.5415;-0.0741,51.508?overview=false")
        #expect(seen.body.isEmpty)
        // Not compressed: osrm-routed mislabels compressed error bodies.
        #expect(seen.header("Accept-Encoding") == "identity")
        #expect(notes.lines.isEmpty, "\(notes.lines)")
    }

    @Test func baseURLMayHaveAPathAndATrailingSlash() async throws {
        let server = try FakeHTTPServer { _ in .json(200, Self.london) }
        _ = try await router(server, path: "/osrm/").measure(from: Self.from, to: Self.to, mode: .drive, diagnostics: .silent)
        #expect(server.requests.first?.path == "/osrm/route/v1/driving/-0.1472,51.5415;-0.0741,51.508")
    }

    @Test func coordinatesNeverUseExponents() throws {
        let tiny = try Coordinate(latitude: 0.00001, longitude: -0.0000004)
        let request = try OSRMRequest.make(baseURL: "http://example.org", from: tiny, to: tiny, mode: .walk)
        #expect(request.url.absoluteString == "http://example.org/route/v1/walking/0,0.00001;0,0.00001?overview=false")
    }

    @Test func aPointMovedFarToTheNetworkIsNoted() async throws {
        let server = try FakeHTTPServer { _ in
            .json(
                200,
                #"{"code":"Ok","routes":[{"distance":900,"duration":650}],"waypoints":[{"distance":1234.5,"location":[0,0]},{"distance":3,"location":[0,0]}]}"#
            )
        }
        let notes = NoteLog()
        _ = try await router(server).measure(from: Self.from, to: Self.to, mode: .walk, diagnostics: notes.diagnostics)
        #expect(notes.lines == ["places: note: OSRM moved the start 1.2 km to the nearest place it routes from; the figures start there"])
    }

    @Test func transitIsRefusedBeforeAnyRequest() async throws {
        let server = try FakeHTTPServer { _ in .json(200, Self.london) }
        await #expect(throws: OSRMRouter.transitRefusal(wording: .library)) {
            _ = try await router(server).measure(from: Self.from, to: Self.to, mode: .transit, diagnostics: .silent)
        }
        #expect(server.requests.isEmpty)
        #expect(OSRMRouter.transitRefusal(wording: .library).kind == .usage)
    }

    /// The public demo serves cars only; asking it to walk gets a note (seen via a dry run, so nothing is sent).
    @Test func theCarOnlyDemoServerIsNotedForWalking() async throws {
        let client = HTTPClient(transport: DryRunTransport())
        let notes = NoteLog()
        let outcome = try await DryRun.capture {
            try await OSRMRouter(client: client, baseURL: ServiceDescriptor.osrm.defaultBaseURL).measure(
                from: Self.from, to: Self.to, mode: .walk, diagnostics: notes.diagnostics)
        }
        guard case .wouldSend(let request) = outcome else {
            Issue.record("a dry run answered instead of stopping at its request")
            return
        }
        #expect(request.url.absoluteString.contains("/route/v1/walking/"), "\(request.url)")
        #expect(notes.lines.count == 1 && notes.lines[0].contains("routes cars only") && notes.lines[0].contains("routed-foot"))
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let status: Int
        let body: String
        let kind: PlacesError.Kind
        let fragment: String
        var testDescription: String { "\(status) \(fragment)" }
    }

    static let errorCases: [ErrorCase] = [
        // The real NoRoute body of osrm-routed 26.10 (two unconnected networks).
        ErrorCase(
            status: 400, body: #"{"message":"Impossible route between points","code":"NoRoute"}"#, kind: .notFound,
            fragment: "NoRoute: Impossible route between points"),
        ErrorCase(
            status: 400, body: #"{"message":"Could not find a matching segment for coordinate 1","code":"NoSegment"}"#, kind: .notFound,
            fragment: "move the point nearer a street"),
        ErrorCase(
            status: 400, body: #"{"message":"Query string malformed close to position 53","code":"InvalidQuery"}"#, kind: .usage,
            fragment: "InvalidQuery"),
        ErrorCase(
            status: 400, body: #"{"message":"Invalid coordinate value.","code":"InvalidValue"}"#, kind: .usage, fragment: "InvalidValue"),
        ErrorCase(
            status: 400, body: #"{"message":"Service nearest not found!","code":"InvalidService"}"#, kind: .unavailable,
            fragment: "check the base URL of OSRM"),
        ErrorCase(status: 400, body: #"{"message":"Too many table coordinates","code":"TooBig"}"#, kind: .unavailable, fragment: "TooBig"),
        ErrorCase(
            status: 200, body: #"{"code":"NoRoute","message":"Impossible route between points"}"#, kind: .notFound, fragment: "NoRoute"),
        ErrorCase(status: 200, body: #"{"code":"Ok","routes":[],"waypoints":[]}"#, kind: .notFound, fragment: "no route"),
        ErrorCase(status: 200, body: "<html>captive portal</html>", kind: .badData, fragment: "not an OSRM route response"),
        ErrorCase(
            status: 200, body: #"{"code":"Ok","routes":[{"distance":-1,"duration":5}]}"#, kind: .badData,
            fragment: "route distance of -1.0 m (routes[0].distance), which is not a plausible value"),
        ErrorCase(status: 404, body: "<html>Not Found</html>", kind: .unavailable, fragment: "no OSRM route service at that path"),
        ErrorCase(status: 400, body: "bad request", kind: .usage, fragment: "OSRM refused the request"),
        ErrorCase(status: 429, body: #"{"code":"TooManyRequests"}"#, kind: .temporary, fragment: "rate-limited"),
        ErrorCase(status: 502, body: "<html>Bad Gateway</html>", kind: .unavailable, fragment: "failed with 502"),
    ]

    @Test(arguments: errorCases)
    func errorsMapToTheContractsCodes(_ c: ErrorCase) async throws {
        let server = try FakeHTTPServer { _ in .json(c.status, c.body) }
        do {
            _ = try await router(server).measure(from: Self.from, to: Self.to, mode: .walk, diagnostics: .silent)
            Issue.record("expected \(c.kind)")
        } catch let error as PlacesError {
            #expect(error.kind == c.kind, "\(error.message)")
            #expect(error.message.contains(c.fragment), "\(error.message)")
        }
    }

    @Test func noAnswerInTimeIsUnavailable() async throws {
        let server = try FakeHTTPServer { _ in .stall(seconds: 3) }
        await #expect {
            _ = try await router(server, timeout: 0.4).measure(from: Self.from, to: Self.to, mode: .drive, diagnostics: .silent)
        } throws: { ($0 as? PlacesError)?.kind == .unavailable && ($0 as? PlacesError)?.message.contains("did not answer in time") == true }
    }
}
