import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesGoogle
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesRouting

/// The Google Routes router over real loopback TCP against `FakeHTTPServer`.
@Suite("Google Routes router over loopback")
struct GoogleRoutesRouterTests {
    static let canary = "CANARY-ROUTES-KEY-7f3a9c"
    static let from = try! Coordinate(latitude: 48.8584, longitude: 2.2945)
    static let to = try! Coordinate(latitude: 48.8606, longitude: 2.3376)

    func router(_ server: FakeHTTPServer, timeout: Double = 5, retries: Int = 0) -> GoogleRoutesRouter {
        let client = HTTPClient(transport: URLSessionTransport(), timeout: timeout, policy: RetryPolicy(retries: retries), sleep: { _ in })
        return GoogleRoutesRouter(client: client, baseURL: server.baseURL, key: Self.canary)
    }

    @Test(arguments: [(TravelMode.walk, "WALK"), (.bike, "BICYCLE"), (.drive, "DRIVE"), (.transit, "TRANSIT")])
    func requestShape(_ mode: TravelMode, _ travelMode: String) async throws {
        let server = try FakeHTTPServer { _ in .json(200, #"{"routes":[{"distanceMeters":1843,"duration":"1342s"}]}"#) }
        let measure = try await router(server).measure(from: Self.from, to: Self.to, mode: mode, diagnostics: .silent)
        #expect(measure == RouteMeasure(distanceMeters: 1843, durationSeconds: 1342))

        let seen = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(seen.method == "POST" && seen.target == "/directions/v2:computeRoutes")
        #expect(seen.header("X-Goog-Api-Key") == Self.canary)
        #expect(seen.header("X-Goog-FieldMask") == "routes.distanceMeters,routes.duration")
        #expect(seen.header("Content-Type") == "application/json")
        let body = try #require(seen.json)
        let origin = try #require(((body["origin"] as? [String: Any])?["location"] as? [String: Any])?["latLng"] as? [String: Double])
        let destination = try #require(
            ((body["destination"] as? [String: Any])?["location"] as? [String: Any])?["latLng"] as? [String: Double])
        #expect(origin == ["latitude": 48.8584, "longitude": 2.2945])
        #expect(destination == ["latitude": 48.8606, "longitude": 2.3376])
        #expect(body["travelMode"] as? String == travelMode)
        // Google rejects routingPreference for anything but DRIVE (and TWO_WHEELER).
        #expect(body["routingPreference"] as? String == (mode == .drive ? "TRAFFIC_UNAWARE" : nil))
        #expect(Set(body.keys).isSubset(of: ["origin", "destination", "travelMode", "routingPreference"]))
        #expect(!seen.target.contains(Self.canary))
    }

    @Test func durationsAndZeroLengthRoutes() async throws {
        let fractional = try FakeHTTPServer { _ in .json(200, #"{"routes":[{"distanceMeters":12,"duration":"12.5s"}]}"#) }
        #expect(
            try await router(fractional).measure(from: Self.from, to: Self.to, mode: .walk, diagnostics: .silent)
                == RouteMeasure(distanceMeters: 12, durationSeconds: 12.5))
        // Proto3 JSON leaves zeros out: a route to the same point is {}.
        let zero = try FakeHTTPServer { _ in .json(200, #"{"routes":[{}]}"#) }
        #expect(
            try await router(zero).measure(from: Self.from, to: Self.from, mode: .drive, diagnostics: .silent)
                == RouteMeasure(distanceMeters: 0, durationSeconds: 0))
    }

    @Test func walkingAndCyclingCarryGooglesBetaWarning() async throws {
        let server = try FakeHTTPServer { _ in .json(200, #"{"routes":[{"distanceMeters":100,"duration":"80s"}]}"#) }
        for (mode, warned) in [(TravelMode.walk, true), (.bike, true), (.drive, false), (.transit, false)] {
            let notes = NoteLog()
            _ = try await router(server).measure(from: Self.from, to: Self.to, mode: mode, diagnostics: notes.diagnostics)
            #expect(notes.lines.contains { $0.contains("in beta") } == warned, "\(mode)")
        }
    }

    /// A real answer to an invalid key (shared/reference/examples/google-error-invalid-key-real.json).
    static let invalidKey = #"""
        {"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
          "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com",
                       "metadata": {"service": "generativelanguage.googleapis.com"}},
                      {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US", "message": "API key not valid. Please pass a valid API key."}]}}
        """#

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let status: Int
        let body: String
        let kind: PlacesError.Kind
        let fragment: String
        var testDescription: String { "\(status) \(fragment)" }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(status: 400, body: invalidKey, kind: .permission, fragment: "API_KEY_INVALID"),
        ErrorCase(
            status: 403,
            body: #"{"error":{"code":403,"message":"Method doesn't allow unregistered callers","status":"PERMISSION_DENIED"}}"#,
            kind: .permission, fragment: "403 PERMISSION_DENIED"),
        ErrorCase(
            status: 403,
            body:
                #"{"error":{"code":403,"message":"Routes API has not been used","status":"PERMISSION_DENIED","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"SERVICE_DISABLED"}]}}"#,
            kind: .permission, fragment: "SERVICE_DISABLED"),
        ErrorCase(
            status: 400, body: #"{"error":{"code":400,"message":"Invalid JSON payload received.","status":"INVALID_ARGUMENT"}}"#,
            kind: .usage, fragment: "Invalid JSON payload"),
        ErrorCase(
            status: 429, body: #"{"error":{"code":429,"message":"Quota exceeded","status":"RESOURCE_EXHAUSTED"}}"#, kind: .temporary,
            fragment: "rate-limited"),
        ErrorCase(
            status: 503, body: #"{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}"#,
            kind: .unavailable, fragment: "503 UNAVAILABLE"),
        ErrorCase(status: 200, body: "{}", kind: .notFound, fragment: "found no walking route"),
        ErrorCase(status: 200, body: #"{"routes":[]}"#, kind: .notFound, fragment: "found no walking route"),
        ErrorCase(status: 200, body: "<html>proxy</html>", kind: .badData, fragment: "not a ComputeRoutes response"),
        ErrorCase(status: 200, body: #"{"routes":[{"distanceMeters":"far"}]}"#, kind: .badData, fragment: "distanceMeters"),
        ErrorCase(
            status: 200, body: #"{"routes":[{"distanceMeters":10,"duration":"soon"}]}"#, kind: .badData,
            fragment: #"duration "soon" (routes[0].duration)"#),
        ErrorCase(
            status: 200, body: #"{"routes":[{"distanceMeters":-5,"duration":"1s"}]}"#, kind: .badData,
            fragment: "route distance of -5.0 m (routes[0].distanceMeters), which is not a plausible value"),
    ]

    @Test(arguments: errorCases)
    func errorsMapToTheContractsCodes(_ c: ErrorCase) async throws {
        let server = try FakeHTTPServer { _ in .json(c.status, c.body.replacingOccurrences(of: "Quota", with: "Quota for \(Self.canary)")) }
        do {
            _ = try await router(server).measure(from: Self.from, to: Self.to, mode: .walk, diagnostics: .silent)
            Issue.record("expected \(c.kind)")
        } catch let error as PlacesError {
            #expect(error.kind == c.kind, "\(error.message)")
            #expect(error.message.contains(c.fragment), "\(error.message)")
            #expect(!error.message.contains(Self.canary))
        }
    }

    @Test func noAnswerInTimeIsUnavailable() async throws {
        let server = try FakeHTTPServer { _ in .stall(seconds: 3) }
        await #expect {
            _ = try await router(server, timeout: 0.4).measure(from: Self.from, to: Self.to, mode: .drive, diagnostics: .silent)
        } throws: { ($0 as? PlacesError)?.kind == .unavailable && ($0 as? PlacesError)?.message.contains("did not answer in time") == true }
    }

    @Test(arguments: [("123s", 123.0), ("12.5s", 12.5), ("0s", 0), ("0.000000001s", 1e-9), ("-1.5s", -1.5)])
    func protobufDurations(_ text: String, _ seconds: Double) {
        #expect(ProtobufDuration.seconds(text) == seconds)
    }

    @Test(arguments: ["123", "s", "1.s", ".5s", "1e3s", "0.1234567891s", "12 s", "", "--1s", "1.2.3s"])
    func notProtobufDurations(_ text: String) {
        #expect(ProtobufDuration.seconds(text) == nil)
    }
}
