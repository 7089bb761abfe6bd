import Foundation
import Testing

/// Redirects through the binary: a request that carries a key never follows a redirect to
/// another origin (the key would go with it), whatever the command or provider; same-origin
/// redirects and those of keyless services are followed, a few hops at most, and never to a
/// scheme other than http(s).
@Suite("End to end: redirects")
struct RedirectEndToEndTests {
    static let canary = "CANARY-redirect-\(UUID().uuidString.prefix(8))"

    /// Where a hostile server sends us; it must never hear from the binary.
    static func elsewhere() throws -> FakeHTTPServer {
        try FakeHTTPServer { _ in .json(200, "{}") }
    }

    static func env(_ extra: [String: String]) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = canary
        env["FOURSQUARE_API_KEY"] = canary
        env.merge(extra) { $1 }
        return env
    }

    static func expectRefused(_ r: PlacesBinary.Result, target: FakeHTTPServer, _ comment: String) {
        #expect(r.status == 69, "\(comment): \(r)")
        #expect(r.errorLines.count == 1, "\(comment): \(r)")
        let line = r.errorLines.first ?? ""
        #expect(line.contains("127.0.0.1:\(target.port)") && line.contains("API key") && line.contains("not followed"), "\(comment): \(r)")
        #expect(r.stdout.isEmpty, "\(comment): \(r)")
        #expect(!r.stdout.contains(canary) && !r.stderr.contains(canary), "\(comment): the key was printed: \(r)")
        #expect(target.requests.isEmpty, "\(comment): the redirect was followed: \(target.requests.map(\.raw))")
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func googleNearbyNeverTakesTheKeyToAnotherOrigin(_ status: Int) throws {
        let other = try Self.elsewhere()
        let google = try FakeGooglePlaces { _ in .redirect(status, to: "http://127.0.0.1:\(other.port)/x") }
        let r = try PlacesBinary.run(
            ["nearby", "--provider", "google", "--near", "Helsinki"],
            environment: Self.env(["PLACES_GOOGLE_PLACES_URL": google.baseURL]))
        Self.expectRefused(r, target: other, "nearby, \(status)")
        #expect(google.requests.count == 1, "a refused redirect is not retried")
    }

    @Test func everyCommandThatCarriesAKeyRefusesACrossOriginRedirect() throws {
        let other = try Self.elsewhere()
        let location = "http://127.0.0.1:\(other.port)/x"
        let google = try FakeGooglePlaces { _ in .redirect(302, to: location) }
        let routes = try FakeHTTPServer { _ in .redirect(307, to: location) }
        let foursquare = try FakeFoursquare { _ in .redirect(302, to: location) }
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("places-redirect-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: record) }
        let env = Self.env([
            "PLACES_GOOGLE_PLACES_URL": google.baseURL, "PLACES_GOOGLE_ROUTES_URL": routes.baseURL,
            "PLACES_FOURSQUARE_URL": foursquare.baseURL,
        ])
        let commands: [[String]] = [
            ["search", "sushi", "--provider", "google", "--near", "Helsinki"],
            ["details", "google:ChIJN1t_tDeuEmsRUsoyG83frY4"],
            ["route-estimate", "--from", "60.1699,24.9384", "--to", "60.1675,24.9522", "--router", "google"],
            ["nearby", "--provider", "foursquare", "--near", "Helsinki"],
            ["search", "sushi", "--provider", "foursquare", "--near", "Helsinki"],
            ["details", "foursquare:4b5a2e2ef964a520d3b428e3"],
            ["nearby", "--provider", "google", "--near", "Helsinki", "--record", record.path],
        ]
        for command in commands {
            Self.expectRefused(try PlacesBinary.run(command, environment: env), target: other, command.joined(separator: " "))
        }
        #expect(!FileManager.default.fileExists(atPath: record.appendingPathComponent("google").path), "nothing recorded")
    }

    @Test func aFoursquareNextPageThatRedirectsElsewhereIsRefused() throws {
        let other = try Self.elsewhere()
        // Page 1 is the fake's own answer; its same-origin Link is followed, and that page redirects.
        let foursquare = try FakeFoursquare { request in
            request.query["cursor"] == nil ? nil : .redirect(302, to: "http://127.0.0.1:\(other.port)/places/search")
        }
        let r = try PlacesBinary.run(
            ["nearby", "--provider", "foursquare", "--near", "Helsinki", "--limit", "60"],
            environment: Self.env(["PLACES_FOURSQUARE_URL": foursquare.baseURL]))
        Self.expectRefused(r, target: other, "page 2")
        #expect(foursquare.requests.count == 2 && foursquare.requests[1].query["cursor"] != nil)
    }

    @Test func aSameOriginRedirectIsFollowedWithItsKey() throws {
        let routes = try FakeHTTPServer { request in
            request.path.hasPrefix("/moved/")
                ? .json(200, #"{"routes":[{"distanceMeters":1843,"duration":"1342.5s"}]}"#)
                : .redirect(308, to: "/moved" + request.path)
        }
        let r = try PlacesBinary.run(
            ["route-estimate", "--from", "60.1699,24.9384", "--to", "60.1675,24.9522", "--router", "google", "--json"],
            environment: Self.env(["PLACES_GOOGLE_ROUTES_URL": routes.baseURL]))
        #expect(r.status == 0, "\(r)")
        #expect(try JSONHelpers.object(r.stdout)["distanceMeters"] as? Double == 1843)
        try #require(routes.requests.count == 2)
        let (first, moved) = (routes.requests[0], routes.requests[1])
        #expect(moved.path == "/moved" + first.path)
        #expect(moved.method == "POST" && !moved.body.isEmpty && moved.body == first.body, "308 repeats the method and the body")
        #expect(moved.header("X-Goog-Api-Key") == Self.canary && moved.header("X-Goog-FieldMask") == first.header("X-Goog-FieldMask"))
    }

    @Test func aKeylessServiceFollowsAnotherOriginButNotEndlessly() throws {
        let overpass = try FakeOverpass()
        let mirror = try FakeHTTPServer { _ in .redirect(307, to: overpass.endpoint) }
        let followed = try PlacesBinary.run(
            ["nearby", "--provider", "osm", "--near", "Helsinki", "--type", "cafe", "--json"],
            environment: Self.env(["PLACES_OVERPASS_URL": mirror.baseURL + "/api/interpreter"]))
        #expect(followed.status == 0, "\(followed)")
        #expect(try JSONHelpers.array(followed.stdout).count > 5)
        #expect(mirror.requests.count == 1 && overpass.requests.count == 1 && overpass.requests[0].method == "POST")

        // A server that always sends the request on to itself: a bounded number of hops, then 69.
        let bouncing = try FakeHTTPServer { request in .redirect(302, to: "/again\(request.target.count)") }
        let endless = try PlacesBinary.run(
            ["nearby", "--provider", "osm", "--near", "Helsinki", "--retries", "0"],
            environment: Self.env(["PLACES_OVERPASS_URL": bouncing.baseURL + "/api/interpreter"]))
        #expect(endless.status == 69, "\(endless)")
        #expect(endless.errorLines.count == 1 && endless.errorLines[0].contains("redirect"), "\(endless)")
        #expect(bouncing.requests.count <= 6, "\(bouncing.requests.count) requests")
    }

    @Test func aRedirectToAnotherSchemeIsNeverFollowed() throws {
        let other = try Self.elsewhere()
        let overpass = try FakeHTTPServer { _ in .redirect(302, to: "ftp://127.0.0.1:\(other.port)/x") }
        let r = try PlacesBinary.run(
            ["nearby", "--provider", "osm", "--near", "Helsinki"],
            environment: Self.env(["PLACES_OVERPASS_URL": overpass.baseURL + "/api/interpreter"]))
        #expect(r.status == 69, "\(r)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].contains("ftp"), "\(r)")
        #expect(other.requests.isEmpty)
    }
}
