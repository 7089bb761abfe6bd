import Foundation
import Testing

/// Issue 33, item 6, through the binary: Nominatim's usage policy is "an absolute maximum of
/// 1 request per second", whatever sends them: a `reverse -` stream, several POINTs, a batch
/// (whose `--qps` cannot raise it). The fake records when each request arrives; the smallest
/// gap must be about a second (a lower bound: a busy machine only makes the gaps longer).
@Suite("End to end: Nominatim is asked once a second at most")
struct NominatimPaceEndToEndTests {
    /// A little under a second: the gate measures on the client's clock, the fake on its own.
    static let leastGap = 0.95

    static func environment(_ nominatim: FakeNominatim, _ overpass: FakeOverpass) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_NOMINATIM_URL"] = nominatim.baseURL
        env["PLACES_OVERPASS_URL"] = overpass.endpoint
        return env
    }

    /// The gaps between the arrivals of the requests to Nominatim, in the order they came.
    static func gaps(_ nominatim: FakeNominatim) -> [Double] {
        let arrivals = nominatim.requests.map(\.arrival).sorted()
        return zip(arrivals, arrivals.dropFirst()).map { $1 - $0 }
    }

    @Test func aStreamOfPoints() throws {
        let nominatim = try FakeNominatim(), overpass = try FakeOverpass()
        let r = try PlacesBinary.shell(
            #"printf '60.01,24.94\n60.02,24.94\n60.03,24.94\n' | "$PLACES" reverse - --provider osm"#,
            environment: Self.environment(nominatim, overpass))
        #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 3, "\(r)")
        #expect(nominatim.requests.count == 3)
        // Before: 70 to 110 ms apart.
        #expect(Self.gaps(nominatim).allSatisfy { $0 >= Self.leastGap }, "gaps: \(Self.gaps(nominatim))")
    }

    @Test func severalPointsGiven() async throws {
        let nominatim = try FakeNominatim(), overpass = try FakeOverpass()
        let r = try await PlacesBinary.runDetached(
            ["reverse", "60.01,24.94", "60.02,24.94", "60.03,24.94", "--provider", "osm", "--limit", "0", "--format", "ndjson"],
            environment: Self.environment(nominatim, overpass))
        #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 3, "\(r)")
        #expect(nominatim.requests.count == 3)
        #expect(Self.gaps(nominatim).allSatisfy { $0 >= Self.leastGap }, "gaps: \(Self.gaps(nominatim))")
    }

    @Test func aBatchWhateverItsQPS() throws {
        let nominatim = try FakeNominatim(), overpass = try FakeOverpass()
        let dir = try TemporaryDirectory()
        let lines = (1...3).map { #"["reverse","60.0\#($0),24.94","--limit","0"]"# }.joined(separator: "\n") + "\n"
        let input = try dir.write("in.ndjson", Data(lines.utf8))
        let r = try PlacesBinary.run(
            ["batch", input, "--provider", "osm", "--jobs", "3", "--qps", "50"],
            environment: Self.environment(nominatim, overpass))
        #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 3, "\(r)")
        #expect(nominatim.requests.count == 3)
        // Before: --qps 50 let three lines reach Nominatim within 50 ms.
        #expect(Self.gaps(nominatim).allSatisfy { $0 >= Self.leastGap }, "gaps: \(Self.gaps(nominatim))")
    }
}
