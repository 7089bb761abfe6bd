import Foundation
import Testing

/// An error body is an error whatever the HTTP status: Google's `google.rpc.Status` envelope in
/// a 200 is mapped exactly as the same envelope with its `error.code` as the status (same exit
/// code, same line); Foursquare's `{"message"}`, an Overpass HTML page and an OSRM `code` other
/// than "Ok" in a 200 are errors too, never an empty result.
@Suite("End to end: error bodies in a 200")
struct ErrorEnvelopeEndToEndTests {
    typealias A = HostileAnswers

    struct GoogleCase: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let code: Int
        let envelope: String
        let status: Int32
        let fragment: String
        var testDescription: String { name }
    }

    static func envelope(_ code: Int?, _ status: String?, _ message: String, reason: String? = nil) -> String {
        var members: [String] = []
        if let code { members.append(#""code":\#(code)"#) }
        members.append(#""message":"\#(message)""#)
        if let status { members.append(#""status":"\#(status)""#) }
        if let reason {
            members.append(
                #""details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"\#(reason)","domain":"googleapis.com"}]"#)
        }
        return #"{"error":{\#(members.joined(separator: ","))}}"#
    }

    static let nearby = ["nearby", "--provider", "google", "--at", A.at, "--retries", "0"]
    static let search = ["search", "cafe", "--provider", "google", "--at", A.at, "--limit", "60", "--retries", "0"]
    static let details = ["details", "google:ChIJhostile0", "--retries", "0"]
    static let routes = ["route-estimate", "--from", "60.17,24.94", "--to", "60.18,24.95", "--router", "google", "--retries", "0"]

    static let googleCases: [GoogleCase] = [
        GoogleCase(
            name: "nearby API_KEY_INVALID", arguments: nearby, code: 400,
            envelope: envelope(400, "INVALID_ARGUMENT", "API key not valid: \(A.key)", reason: "API_KEY_INVALID"),
            status: 77, fragment: "Google Places rejected the key (400 INVALID_ARGUMENT, API_KEY_INVALID)"),
        GoogleCase(
            name: "search SERVICE_DISABLED", arguments: search, code: 403,
            envelope: envelope(403, "PERMISSION_DENIED", "Places API (New) has not been used", reason: "SERVICE_DISABLED"),
            status: 77, fragment: "rejected the key (403 PERMISSION_DENIED, SERVICE_DISABLED)"),
        GoogleCase(
            name: "search RESOURCE_EXHAUSTED", arguments: search, code: 429,
            envelope: envelope(429, "RESOURCE_EXHAUSTED", "Quota exceeded"),
            status: 75, fragment: "Google Places rate-limited the request (429 RESOURCE_EXHAUSTED)"),
        GoogleCase(
            name: "nearby UNAVAILABLE", arguments: nearby, code: 503,
            envelope: envelope(503, "UNAVAILABLE", "The service is currently unavailable."),
            status: 69, fragment: "Google Places failed with 503 UNAVAILABLE"),
        GoogleCase(
            name: "nearby INVALID_ARGUMENT", arguments: nearby, code: 400, envelope: envelope(400, "INVALID_ARGUMENT", "Invalid radius."),
            status: 64, fragment: "Google Places refused the request (400 INVALID_ARGUMENT): Invalid radius."),
        GoogleCase(
            name: "nearby status word only", arguments: nearby, code: 403, envelope: envelope(nil, "PERMISSION_DENIED", "no code given"),
            status: 77, fragment: "rejected the key (403 PERMISSION_DENIED)"),
        GoogleCase(
            name: "details NOT_FOUND", arguments: details, code: 404,
            envelope: envelope(404, "NOT_FOUND", "Requested entity was not found."),
            status: 66, fragment: "Google Places has no place google:ChIJhostile0"),
        GoogleCase(
            name: "details API_KEY_INVALID", arguments: details, code: 400,
            envelope: envelope(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", reason: "API_KEY_INVALID"),
            status: 77, fragment: "rejected the key (400 INVALID_ARGUMENT, API_KEY_INVALID)"),
        GoogleCase(
            name: "routes API_KEY_INVALID", arguments: routes, code: 400,
            envelope: envelope(400, "INVALID_ARGUMENT", "API key not valid: \(A.key)", reason: "API_KEY_INVALID"),
            status: 77, fragment: "Google Routes rejected the key (400 INVALID_ARGUMENT, API_KEY_INVALID)"),
        GoogleCase(
            name: "routes INTERNAL", arguments: routes, code: 500, envelope: envelope(500, "INTERNAL", "Internal error encountered."),
            status: 69, fragment: "Google Routes failed with 500 INTERNAL"),
        GoogleCase(
            name: "routes INVALID_ARGUMENT", arguments: routes, code: 400,
            envelope: envelope(400, "INVALID_ARGUMENT", "Invalid travel mode."),
            status: 64, fragment: "Google Routes refused the request (400 INVALID_ARGUMENT): Invalid travel mode."),
    ]

    static func run(_ arguments: [String], status: Int, body: String) async throws -> (PlacesBinary.Result, FakeHTTPServer) {
        let server = try FakeHTTPServer { _ in .json(status, body) }
        let r = try await PlacesBinary.runDetached(arguments, environment: A.environment(server.baseURL))
        #expect(!r.stdout.contains(A.key) && !r.stderr.contains(A.key), "the key leaked: \(r)")
        return (r, server)
    }

    @Test(arguments: googleCases)
    func googleEnvelopeIn200IsMappedAsItsCode(_ c: GoogleCase) async throws {
        let (asSent, _) = try await Self.run(c.arguments, status: c.code, body: c.envelope)
        let (in200, server) = try await Self.run(c.arguments, status: 200, body: c.envelope)
        #expect(in200.status == c.status, "\(in200)")
        #expect(in200.stdout.isEmpty, "\(in200)")
        #expect(in200.errorLines.count == 1 && in200.errorLines[0].contains(c.fragment), "\(in200)")
        #expect(server.requests.count == 1, "an error page is not paged nor retried")
        #expect(in200.status == asSent.status && in200.errorLines == asSent.errorLines, "200: \(in200)\n\(c.code): \(asSent)")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let body: String
        var contentType = "application/json"
        let status: Int32
        let fragment: String
        var testDescription: String { name }
    }

    static let overpassPage =
        #"<?xml version="1.0" encoding="UTF-8"?><html><body><p><strong style="color:#FF0000">Error</strong>: runtime error: open64: 2 No such file or directory /osm3s_v0.7.61_osm_base Dispatcher_Client::1</p></body></html>"#

    static let siblingCases: [Case] = [
        Case(
            name: "foursquare nearby message", arguments: ["nearby", "--provider", "foursquare", "--at", A.at],
            body: #"{"message":"Invalid request token."}"#, status: 69,
            fragment: "Foursquare answered with an error instead of places: Invalid request token."),
        Case(
            name: "foursquare details message", arguments: ["details", "foursquare:4b0588f9f964a52000000000"],
            body: #"{"message":"Place not found."}"#, status: 69,
            fragment: "Foursquare answered with an error instead of places: Place not found."),
        Case(
            name: "overpass nearby HTML page", arguments: ["nearby", "--provider", "osm", "--at", A.at], body: overpassPage,
            contentType: "text/html",
            status: 69, fragment: "Overpass answered with a page instead of JSON: Error: runtime error: open64"),
        Case(
            name: "overpass details HTML page", arguments: ["details", "osm:node/5"], body: overpassPage, contentType: "text/html",
            status: 69, fragment: "Overpass answered with a page instead of JSON"),
        Case(
            name: "overpass remark", arguments: ["nearby", "--provider", "osm", "--at", A.at],
            body: #"{"elements":[],"remark":"runtime error: Query run out of memory in \"query\" at line 1 using about 1 MB of RAM."}"#,
            status: 69, fragment: "Overpass gave up on the query (runtime error: Query run out of memory"),
        Case(
            name: "osrm NoRoute in a 200",
            arguments: ["route-estimate", "--from", "60.17,24.94", "--to", "60.18,24.95", "--router", "osrm"],
            body: #"{"code":"NoRoute","message":"Impossible route between points"}"#, status: 66, fragment: "OSRM found no walking route"),
        Case(
            name: "osrm InvalidUrl in a 200",
            arguments: ["route-estimate", "--from", "60.17,24.94", "--to", "60.18,24.95", "--router", "osrm"],
            body: #"{"code":"InvalidUrl","message":"URL string malformed"}"#, status: 69,
            fragment: "does not offer OSRM's route service v1 (InvalidUrl"),
    ]

    @Test(arguments: siblingCases)
    func errorBodyIn200IsAnError(_ c: Case) async throws {
        let body = c.body, type = c.contentType
        let server = try FakeHTTPServer { _ in .respond(status: 200, headers: [("Content-Type", type)], body: Data(body.utf8)) }
        let r = try await PlacesBinary.runDetached(c.arguments + ["--retries", "0"], environment: A.environment(server.baseURL))
        #expect(r.status == c.status, "\(r)")
        #expect(r.stdout.isEmpty, "\(r)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].contains(c.fragment), "\(r)")
        #expect(!r.stdout.contains(A.key) && !r.stderr.contains(A.key), "the key leaked: \(r)")
    }
}
