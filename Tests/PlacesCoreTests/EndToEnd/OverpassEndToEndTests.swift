import Foundation
import Testing

/// The `osm` provider online through the binary, against `FakeOverpass` over loopback.
@Suite("End to end: Overpass (osm online)")
struct OverpassEndToEndTests {
    func env(_ fake: FakeOverpass) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_OVERPASS_URL"] = fake.endpoint
        return env
    }

    @Test func oneQueryWithTheMappedTagsAndTheSameAnswerAsTheExtract() throws {
        let fake = try FakeOverpass()
        let args = ["nearby", "--near", "Helsinki", "--type", "cafe,restaurant", "--radius", "600", "--limit", "500", "--json"]
        let online = try PlacesBinary.run(args + ["--provider", "osm"], environment: env(fake))
        #expect(online.status == 0, "\(online)")
        #expect(fake.requests.count == 1)
        let request = try #require(fake.requests.first)
        #expect(request.method == "POST" && request.path == "/api/interpreter")
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.header("User-Agent")?.hasPrefix("places/") == true)
        let ql = try #require(String(decoding: request.body, as: UTF8.self).dropFirst(5).removingPercentEncoding)
        #expect(ql.hasPrefix("[out:json][timeout:25];"))
        #expect(ql.contains("nwr[\"amenity\"~\"^(cafe|restaurant)$\"][\"name\"](around:600,60.16952,24.93545);"))
        #expect(ql.contains("nwr[\"shop\"=\"coffee\"][\"name\"](around:600,60.16952,24.93545);"))
        #expect(ql.hasSuffix("out center tags;"))

        let offline = try PlacesBinary.run(args + ["--data", PlacesBinary.helsinkiData])
        #expect(online.stdout == offline.stdout, "online and offline answers differ")
        #expect(try JSONHelpers.array(online.stdout).count > 50)
    }

    @Test func detailsOfAnOSMIdWithoutData() throws {
        let fake = try FakeOverpass()
        let r = try PlacesBinary.run(["details", "osm:node/1369465615", "--json"], environment: env(fake))
        #expect(r.status == 0, "\(r)")
        #expect(try JSONHelpers.object(r.stdout)["name"] as? String == "Loiste")
        let ql = String(decoding: try #require(fake.requests.first).body, as: UTF8.self).removingPercentEncoding ?? ""
        #expect(ql.contains("node(1369465615);"))
        let missing = try PlacesBinary.run(["details", "osm:way/1"], environment: env(fake))
        #expect(missing.status == 66 && missing.errorLines.first?.contains("OpenStreetMap has no way/1") == true, "\(missing)")
    }

    @Test func runtimeErrorRemarkIsAnErrorNotAnEmptyResult() throws {
        let fake = try FakeOverpass()
        let r = try PlacesBinary.run(
            ["nearby", "--provider", "osm", "--near", "Helsinki", "--radius", "30000", "--json"], environment: env(fake))
        #expect(r.status == 69, "\(r)")
        #expect(
            r.errorLines.count == 1 && r.errorLines[0].contains("Overpass gave up on the query (runtime error: Query timed out"), "\(r)")
        #expect(r.stdout.isEmpty)
    }

    @Test func busyServerStatusesAndBadBodies() throws {
        let busy = try FakeOverpass { _ in
            .respond(status: 429, headers: [("Content-Type", "text/html")], body: Data("<html>Too Many Requests</html>".utf8))
        }
        let limited = try PlacesBinary.run(["nearby", "--provider", "osm", "--near", "Helsinki", "--retries", "1"], environment: env(busy))
        #expect(limited.status == 75 && limited.errorLines.first?.contains("Overpass rate-limited") == true, "\(limited)")
        #expect(busy.requests.count == 2)
        let overloaded = try FakeOverpass { _ in .respond(status: 504, headers: [], body: Data()) }
        let timeout = try PlacesBinary.run(
            ["nearby", "--provider", "osm", "--near", "Helsinki", "--retries", "0"], environment: env(overloaded))
        #expect(timeout.status == 69 && timeout.errorLines.first?.contains("504 Gateway Timeout") == true, "\(timeout)")
        let garbage = try FakeOverpass { _ in .json(200, "{\"elements\": {}}") }
        let bad = try PlacesBinary.run(["nearby", "--provider", "osm", "--near", "Helsinki"], environment: env(garbage))
        #expect(bad.status == 65 && bad.errorLines.first?.contains("Overpass answered with a body that cannot be read") == true, "\(bad)")
        let syntax = try PlacesBinary.run(
            ["nearby", "--provider", "osm", "--near", "Helsinki"],
            environment: env(
                try FakeOverpass { _ in
                    .respond(
                        status: 400, headers: [("Content-Type", "text/html")],
                        body: Data("<p><strong>Error</strong>: line 3: parse error: unexpected '('</p>".utf8))
                }))
        #expect(syntax.status == 64 && syntax.errorLines.first?.contains("line 3: parse error") == true, "\(syntax)")
    }

    @Test func searchNeedsALocationOnline() throws {
        let fake = try FakeOverpass()
        let r = try PlacesBinary.run(["search", "sushi", "--provider", "osm"], environment: env(fake))
        #expect(r.status == 64 && r.errorLines.first?.contains("Overpass needs a location") == true, "\(r)")
        #expect(fake.requests.isEmpty)
        let found = try PlacesBinary.run(["search", "sushi", "--provider", "osm", "--near", "Helsinki", "--json"], environment: env(fake))
        let venues = try JSONHelpers.array(found.stdout)
        #expect(found.status == 0 && venues.count > 3, "\(found)")
    }
}
