import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesProviderKit

/// Issue 33, item 3: a route's line of millions of points (10 MB of encoded polyline, far
/// inside the 64 MiB body cap) expanded without bound: 10 million points peaked at 7.1 GB
/// along a route, 1 million at 696 MB. Now a line of more than `PlausibleRoute.maxLinePoints`
/// is thinned while it is read, with a note, and memory stays bounded whatever the count.
/// Through the binary, under an address-space limit (`ulimit -v`): the whole line does not fit
/// in it (the unfixed binary aborts, "failed to allocate"), the thinned one does with room to
/// spare. (Not the child's peak resident size: read by `wait4` after `posix_spawn` it starts at
/// the test process's own, which other tests running beside this one make hundreds of MB.)
@Suite("Route lines of any length stay bounded, end to end")
struct RouteLineBoundsEndToEndTests {
    /// Twenty times the points kept.
    static let written = 5_000_000
    static let start = Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)

    /// A line of `written` points from `start`, each 1e-5° east of the one before and
    /// alternately 1e-5° north and back (two characters a point), and its last point.
    static func zigzag() -> (text: String, last: Coordinate) {
        let steps = written - 1
        let text = EncodedPolyline.encode([start]) + String(repeating: "AA@A", count: steps / 2) + (steps % 2 == 1 ? "?A" : "")
        return (text, Coordinate(uncheckedLatitude: 60.17, longitude: (2_494_000 + Double(steps)) / 1e5))
    }

    static func osrmAnswer(_ line: String) -> String {
        #"{"code":"Ok","routes":[{"distance":3500000,"duration":250000,"geometry":"\#(line)","legs":[{"steps":[]}]}],"#
            + #""waypoints":[{"distance":1.5,"location":[24.94,60.17]},{"distance":0,"location":[74.94,60.17]}]}"#
    }

    static func googleAnswer(_ line: String) -> String {
        #"{"routes":[{"distanceMeters":3500000,"duration":"250000s","polyline":{"encodedPolyline":"\#(line)"}}]}"#
    }

    static func environment(_ server: FakeHTTPServer) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_OSRM_URL"] = server.baseURL
        env["PLACES_GOOGLE_ROUTES_URL"] = server.baseURL
        env["GOOGLE_MAPS_API_KEY"] = "AIzaSyBOUNDS-test-key-0123456789abcdef"
        return env
    }

    /// The thinned line runs in under 600 MB of address space (debug and release builds, along
    /// a route with the bundled extract); the whole line took 3.6 GB resident along a route and
    /// 1.5 GB drawn (static release build).
    static let addressSpace = 1536 << 20
    static let note = "has \(written) points, more than the \(PlausibleRoute.maxLinePoints) kept: it is thinned to "

    @Test func aSearchAlongAnOSRMLineOfMillionsOfPointsStaysBounded() throws {
        let (line, last) = Self.zigzag()
        let server = try FakeHTTPServer { _ in .json(200, Self.osrmAnswer(line)) }
        let run = try PlacesBinary.runMeasured(
            [
                "nearby", "--type", "cafe", "--from", "60.17,24.94", "--to", "\(last.latitude),\(last.longitude)",
                "--router", "osrm", "--data", PlacesBinary.helsinkiData, "--limit", "3", "--json",
            ],
            environment: Self.environment(server), addressSpaceLimit: Self.addressSpace, killAfter: 600)
        let r = run.result
        #expect(r.status == 0, "\(run)")
        #expect(r.stderr.contains("places: note: the route line OSRM drew (routes[0].geometry) " + Self.note), "\(run)")
        // The line's start is kept exactly: the cafés near it are found, in the order met.
        let found = try JSONHelpers.array(r.stdout)
        #expect(found.count == 3, "\(run)")
        #expect(found.allSatisfy { ($0["routeOffsetMeters"] as? Double ?? .infinity) <= 1000 }, "\(run)")
    }

    @Test func aGoogleRoutesLineOfMillionsOfPointsIsDrawnThinnedWithItsEnds() throws {
        let (line, last) = Self.zigzag()
        let server = try FakeHTTPServer { _ in .json(200, Self.googleAnswer(line)) }
        let run = try PlacesBinary.runMeasured(
            [
                "route-estimate", "--from", "60.17,24.94", "--to", "\(last.latitude),\(last.longitude)",
                "--router", "google", "--mode", "drive", "--format", "geojson",
            ],
            environment: Self.environment(server), addressSpaceLimit: Self.addressSpace, killAfter: 600)
        let r = run.result
        #expect(r.status == 0, "\(run)")
        #expect(
            r.stderr.contains("places: note: the route line Google Routes drew (routes[0].polyline.encodedPolyline) " + Self.note), "\(run)"
        )
        let features = try #require(try JSONHelpers.object(r.stdout)["features"] as? [[String: Any]])
        let drawn = try #require((features.first?["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect((2...PlausibleRoute.maxLinePoints).contains(drawn.count), "\(drawn.count) points drawn")
        #expect(drawn.first == [Self.start.longitude, Self.start.latitude])
        #expect(drawn.last == [last.longitude, last.latitude])
    }

    @Test func stepsAndJSONOfTheSameLineStayBoundedToo() throws {
        let (line, last) = Self.zigzag()
        let server = try FakeHTTPServer { _ in .json(200, Self.osrmAnswer(line)) }
        let run = try PlacesBinary.runMeasured(
            [
                "route-estimate", "--from", "60.17,24.94", "--to", "\(last.latitude),\(last.longitude)",
                "--router", "osrm", "--mode", "drive", "--steps", "--json",
            ],
            environment: Self.environment(server), addressSpaceLimit: Self.addressSpace, killAfter: 600)
        #expect(run.result.status == 0, "\(run)")
        #expect(run.result.stderr.contains(Self.note), "\(run)")
        #expect(try JSONHelpers.object(run.result.stdout)["distanceMeters"] as? Double == 3_500_000)
    }
    /// 1,001 points jumping 10° south and 170° west and back (`~b`|@~brl_@`, `_c`|@_crl_@`):
    /// about 10 million km of line through Helsinki 500 times, every place near which a search
    /// along it measured against every segment.
    @Test(arguments: [
        ["route-estimate", "--format", "geojson"], ["route-estimate", "--steps"], ["nearby", "--data", PlacesBinary.helsinkiData],
    ])
    func aLineLongerThanTwiceRoundTheEarthIsBadData(_ form: [String]) throws {
        let line = EncodedPolyline.encode([Self.start]) + String(repeating: "~b`|@~brl_@_c`|@_crl_@", count: 500)
        let server = try FakeHTTPServer { _ in .json(200, Self.osrmAnswer(line)) }
        let run = try PlacesBinary.runMeasured(
            [form[0], "--from", "60.17,24.94", "--to", "60.2,24.9", "--router", "osrm", "--mode", "drive"] + form.dropFirst(),
            environment: Self.environment(server), addressSpaceLimit: Self.addressSpace, killAfter: 600)
        let r = run.result
        #expect(r.status == 65, "\(run)")
        #expect(r.errorLines.count == 1 && r.errorLines[0].hasPrefix("places: error: OSRM answered a route line of "), "\(run)")
        #expect(
            r.errorLines.first?.hasSuffix(" km (routes[0].geometry), longer than twice round the Earth: not a plausible route") == true,
            "\(run)")
        #expect(r.stdout.isEmpty, "\(run)")
    }
}
