import Foundation
import Testing

/// `--open-now`, `openNow` and `$PLACES_NOW` for the osm provider, through the binary over
/// the bundled Helsinki extract (Europe/Helsinki: UTC+2 in November, UTC+3 in July).
///
/// The expected sets were worked out apart from the Swift code: a small Python evaluator
/// of the same rules over all 1,196 elements agreed with the binary's openNow at eight
/// instants; the venues named here carry the rules quoted beside them.
@Suite("End to end: OSM opening hours")
struct OpenNowOSMEndToEndTests {
    /// Wednesday 25 November 2026, 12:00 in Helsinki.
    static let wednesdayNoon = "2026-11-25T10:00:00Z"
    /// Wednesday 25 November 2026, 03:00 in Helsinki.
    static let wednesdayThreeAM = "2026-11-25T01:00:00Z"

    static let indianHouse = "osm:node/4747221556"  // Mo-Fr 10:30-22:30, Sa 12:00-22:30; Su 12:00-20:00
    static let elRey = "osm:node/310151801"  // Tu-Sa 17:00-23:00
    static let simonkatu = "osm:node/1378007300"  // no opening_hours

    static func run(_ arguments: [String], now: String?, cache: Bool = false) throws -> PlacesBinary.Result {
        var env = PlacesBinary.baseEnvironment()
        if let now { env["PLACES_NOW"] = now }
        return try PlacesBinary.run(arguments + ["--data", PlacesBinary.helsinkiData] + (cache ? [] : ["--no-cache"]), environment: env)
    }

    static func ids(_ r: PlacesBinary.Result) throws -> [String] {
        try JSONHelpers.array(r.stdout).map { $0["id"] as? String ?? "(no id)" }
    }

    @Test func openNowAtWednesdayNoonKeepsOnlyRestaurantsWhoseHoursSayOpen() throws {
        let r = try Self.run(
            ["nearby", "--near", "Helsinki", "--type", "restaurant", "--open-now", "--json", "--limit", "1000"], now: Self.wednesdayNoon)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let ids = try Self.ids(r)
        // 81 of the 196 restaurants within 1000 m (the Python evaluation's count).
        #expect(ids.count == 81)
        #expect(ids.contains(Self.indianHouse))
        #expect(!ids.contains(Self.elRey), "opens at 17:00")
        #expect(!ids.contains(Self.simonkatu), "unknown hours never pass --open-now")
    }

    @Test func atThreeInTheMorningOnlyLateNightAndAllNightPlacesAreOpen() throws {
        let r = try Self.run(
            [
                "nearby", "--near", "Helsinki", "--radius", "3000", "--type", "fast_food,bar,pub,nightclub",
                "--open-now", "--json", "--limit", "1000",
            ], now: Self.wednesdayThreeAM)
        #expect(r.status == 0, "\(r)")
        let expected: Set = [
            "osm:node/1369465624",  // McDonald's, 24/7
            "osm:node/324164750",  // Pikku-Jaskan Grilli, Mo-Su 20:00-05:00
            "osm:node/249675574",  // Milliklubi Bar & Disco, Mo-Su 21:00-04:00
            "osm:node/320023138",  // Ale pub, Mo-Su 21:00-04:00
            "osm:node/1618153143",  // DTM Gay Night Club, Mo-Su 21:00-04:00
            "osm:node/2225393047",  // Fafa's, Mo-Sa 10:00-05:00; Su 11:00-05:00 (Tuesday's night)
            "osm:node/1376356021",  // On the rocks, Mo-Su 16:00-04:00
            "osm:node/1930869347",  // Bar All In, Mo-Su 12:00-04:00
            "osm:node/1376356020",  // Molly Malone's, Mo-Su 12:00-04:00
            "osm:node/2247984006",  // Karaoke Bar Erottaja, Mo-Sa 18:00-04:00; Su 20:00-04:00
        ]
        #expect(Set(try Self.ids(r)) == expected)
        // Same time, restaurants: none within 1000 m is open at 03:00 on a Wednesday.
        let restaurants = try Self.run(
            ["nearby", "--near", "Helsinki", "--type", "restaurant", "--open-now", "--json"], now: Self.wednesdayThreeAM)
        #expect(restaurants.status == 0 && restaurants.stdout == "[]\n", "\(restaurants)")
    }

    @Test func fieldsOpenNowShowsTrueFalseAndNull() throws {
        let r = try Self.run(
            ["nearby", "--near", "Helsinki", "--type", "restaurant", "--json", "--fields", "id,openNow", "--limit", "1000"],
            now: Self.wednesdayNoon)
        #expect(r.status == 0, "\(r)")
        let rows = try JSONHelpers.array(r.stdout)
        func openNow(_ id: String) -> Any? { rows.first { $0["id"] as? String == id }?["openNow"] }
        #expect(openNow(Self.indianHouse) as? Bool == true)
        #expect(openNow(Self.elRey) as? Bool == false)
        #expect(openNow(Self.simonkatu) is NSNull)
        #expect(rows.allSatisfy { $0.keys.sorted() == ["id", "openNow"] })
        #expect(rows.filter { $0["openNow"] as? Bool == true }.count == 81)

        let table = try Self.run(
            ["nearby", "--near", "Helsinki", "--type", "restaurant", "--fields", "id,openNow", "--limit", "1000"], now: Self.wednesdayNoon)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains(Self.indianHouse) && $0.hasSuffix("open") }, "\(table)")
        #expect(lines.contains { $0.contains(Self.elRey) && $0.hasSuffix("closed") }, "\(table)")

        let all = try Self.run(["details", Self.indianHouse, "--fields", "all", "--json"], now: Self.wednesdayNoon)
        #expect(try JSONHelpers.object(all.stdout)["openNow"] as? Bool == true, "\(all)")
    }

    /// The venue's own zone, summer time included: 19:45 UTC in July is 22:45 in Helsinki,
    /// after Indian House closes at 22:30 (with the winter offset it would be 21:45, open).
    @Test func localTimeFollowsTheVenuesZoneAndDaylightSaving() throws {
        let summer = try Self.run(["details", Self.indianHouse, "--fields", "id,openNow", "--json"], now: "2026-07-01T19:45:00Z")
        #expect(try JSONHelpers.object(summer.stdout)["openNow"] as? Bool == false, "\(summer)")
        let winter = try Self.run(["details", Self.indianHouse, "--fields", "id,openNow", "--json"], now: "2026-11-25T19:45:00Z")
        #expect(try JSONHelpers.object(winter.stdout)["openNow"] as? Bool == true, "\(winter)")
        // The same instant written with an offset gives the same answer.
        let offset = try Self.run(
            ["nearby", "--near", "Helsinki", "--open-now", "--json", "--limit", "1000"], now: "2026-11-25T12:00:00+02:00")
        let utc = try Self.run(["nearby", "--near", "Helsinki", "--open-now", "--json", "--limit", "1000"], now: Self.wednesdayNoon)
        #expect(offset.status == 0 && offset.stdout == utc.stdout && !utc.stdout.isEmpty)
    }

    @Test func theIndexGivesTheSameAnswersAsTheScan() throws {
        for args in [
            ["nearby", "--near", "Helsinki", "--radius", "2000", "--open-now", "--json", "--limit", "1000"],
            ["nearby", "--near", "Helsinki", "--fields", "+openNow", "--json", "--limit", "7"],
            ["search", "bar", "--open-now", "--json"],
        ] {
            let scanned = try Self.run(args, now: Self.wednesdayThreeAM)
            let indexedFirst = try Self.run(args, now: Self.wednesdayThreeAM, cache: true)
            let indexedAgain = try Self.run(args, now: Self.wednesdayThreeAM, cache: true)
            #expect(scanned.status == 0 && scanned.stdout != "[]\n", "\(scanned)")
            #expect(indexedFirst.stdout == scanned.stdout && indexedAgain.stdout == scanned.stdout, "\(args)")
        }
    }

    /// Online (Overpass, faked over loopback) gives what the extract gives.
    @Test func overpassOnlineAgreesWithTheExtract() throws {
        let fake = try FakeOverpass()
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_OVERPASS_URL"] = fake.endpoint
        env["PLACES_NOW"] = Self.wednesdayNoon
        let args = [
            "nearby", "--near", "Helsinki", "--type", "restaurant", "--radius", "600", "--open-now", "--json", "--fields", "id,openNow",
            "--limit", "500",
        ]
        let online = try PlacesBinary.run(args + ["--provider", "osm"], environment: env)
        let offline = try Self.run(args, now: Self.wednesdayNoon)
        #expect(online.status == 0 && fake.requests.count == 1, "\(online)")
        #expect(online.stdout == offline.stdout)
        let ids = try Self.ids(online)
        #expect(ids.contains(Self.indianHouse) && !ids.contains(Self.elRey) && ids.count > 20)
    }

    @Test func aMalformedPlacesNowIsAConfigurationError() throws {
        for bad in ["tomorrow", "2026-11-25", "2026-11-25T10:00:00", "2026-13-25T10:00:00Z"] {
            let r = try Self.run(["nearby", "--near", "Helsinki", "--open-now"], now: bad)
            #expect(r.status == 78, "\(bad): \(r)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderrLines.count == 1 && r.errorLines.count == 1 && r.errorLines[0].contains("PLACES_NOW"), "\(r)")
        }
        // Empty is unset, as for every variable: the system clock.
        let empty = try Self.run(["nearby", "--near", "Helsinki", "--fields", "+openNow", "--json"], now: "")
        #expect(empty.status == 0, "\(empty)")
    }
}
