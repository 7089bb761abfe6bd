import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy

/// Issue 33, item 8: the checks on a router's answer and the notes they give do not depend on
/// how the route is printed. An OSRM answer whose `waypoints[0].distance` is 1e30 was 65 for a
/// plain `route-estimate --router osrm` and 0 with `--steps` or `--format geojson` (and along a
/// route), and an end moved 400 m onto the network was noted only without them: the figures-
/// only answer was checked, the answer with the line was not. Through the binary, in every form.
@Suite("Route checks in every form, end to end")
struct RouteChecksInEveryFormEndToEndTests {
    static let from = "60.1699,24.9384", to = "60.1841,24.9497"

    /// A well-formed OSRM answer with its line and steps, the start snapped `snap` metres
    /// (the raw JSON text of the number).
    static func osrmAnswer(snap: String) -> String {
        let line = EncodedPolyline.encode([
            Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384),
            Coordinate(uncheckedLatitude: 60.1772, longitude: 24.9440),
            Coordinate(uncheckedLatitude: 60.1841, longitude: 24.9497),
        ])
        let escaped = line.replacingOccurrences(of: "\\", with: "\\\\")
        return #"""
            {"code":"Ok","routes":[{"distance":1820.5,"duration":1310.2,"weight":1310.2,"weight_name":"duration","geometry":"\#(escaped)",
              "legs":[{"distance":1820.5,"duration":1310.2,"summary":"","steps":[
                {"distance":1820.5,"duration":1310.2,"name":"Mannerheimintie","maneuver":{"location":[24.9384,60.1699],"type":"depart"}},
                {"distance":0,"duration":0,"name":"","maneuver":{"location":[24.9497,60.1841],"type":"arrive"}}]}]}],
             "waypoints":[{"location":[24.9384,60.1699],"name":"Mannerheimintie","distance":\#(snap)},{"location":[24.9497,60.1841],"name":"","distance":2.5}]}
            """#
    }

    static func environment(_ server: FakeHTTPServer) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_OSRM_URL"] = server.baseURL
        return env
    }

    /// Every way of asking: the figures alone, with steps, drawn, as JSON, and a search along it.
    static let forms: [[String]] = [
        ["route-estimate", "--from", from, "--to", to, "--router", "osrm"],
        ["route-estimate", "--from", from, "--to", to, "--router", "osrm", "--json"],
        ["route-estimate", "--from", from, "--to", to, "--router", "osrm", "--steps"],
        ["route-estimate", "--from", from, "--to", to, "--router", "osrm", "--steps", "--json"],
        ["route-estimate", "--from", from, "--to", to, "--router", "osrm", "--format", "geojson"],
        ["nearby", "--type", "cafe", "--from", from, "--to", to, "--router", "osrm", "--data", PlacesBinary.helsinkiData, "--limit", "3"],
    ]

    @Test(arguments: forms)
    func anImplausibleSnapIsBadDataInEveryForm(_ arguments: [String]) async throws {
        let server = try FakeHTTPServer { _ in .json(200, Self.osrmAnswer(snap: "1e30")) }
        let r = try await PlacesBinary.runDetached(arguments, environment: Self.environment(server))
        #expect(r.status == 65, "\(r)")
        #expect(
            r.errorLines == [
                "places: error: OSRM answered a snapping distance of 1e+30 m (waypoints[0].distance), which is not a plausible value"
            ],
            "\(r)")
        #expect(r.stdout.isEmpty, "\(r)")
    }

    @Test(arguments: forms)
    func aStartMovedFarIsNotedInEveryForm(_ arguments: [String]) async throws {
        let server = try FakeHTTPServer { _ in .json(200, Self.osrmAnswer(snap: "400")) }
        let r = try await PlacesBinary.runDetached(arguments, environment: Self.environment(server))
        #expect(r.status == 0, "\(r)")
        #expect(
            r.stderr.contains("places: note: OSRM moved the start 400 m to the nearest place it routes from; the figures start there"),
            "\(r)")
        #expect(r.errorLines.isEmpty, "\(r)")
    }
}
