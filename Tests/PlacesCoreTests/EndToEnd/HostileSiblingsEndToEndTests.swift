import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesFoursquare
@testable import PlacesGoogle
@testable import PlacesModel
@testable import PlacesRouting
@testable import PlacesSupport

/// Siblings of the hostile-server defects, through the binary: absurd sizes (long text, thousands
/// of types, deep nesting), crafted ids and photo names, and unusable service URLs.
@Suite("End to end: hostile answers, siblings")
struct HostileSiblingsEndToEndTests {
    typealias A = HostileAnswers

    static func run(_ arguments: [String], body: String, extra: [String: String] = [:]) async throws -> PlacesBinary.Result {
        let server = try FakeHTTPServer { _ in .json(200, body) }
        let r = try await PlacesBinary.runDetached(arguments, environment: A.environment(server.baseURL, extra: extra))
        #expect(!r.stdout.contains(A.key) && !r.stderr.contains(A.key), "the key leaked: \(r)")
        #expect(r.status < 128 && r.status != 70, "\(r)")
        return r
    }

    // MARK: - Sizes

    @Test func thousandsOfCuisineTypesKeepAFewAndOnePass() async throws {
        let types = (0..<2000).map { #""c\#($0)_restaurant""# }.joined(separator: ",")
        let google = try await Self.run(
            ["nearby", "--provider", "google", "--at", A.at, "--fields", "id,cuisines", "--json"],
            body: #"{"places":[\#(A.googlePlace(0, extra: #""types":[\#(types)]"#))]}"#)
        #expect(google.status == 0, "\(google)")
        let gCuisines = try #require(try JSONHelpers.array(google.stdout).first?["cuisines"] as? [String])
        #expect(gCuisines.count == CuisineName.maxPerPlace && gCuisines.first == "c0", "\(gCuisines.count)")

        let categories = (0..<2000).map { #"{"fsq_category_id":"x","name":"C\#($0) Restaurant"}"# }.joined(separator: ",")
        let foursquare = try await Self.run(
            ["nearby", "--provider", "foursquare", "--at", A.at, "--fields", "id,cuisines", "--json"],
            body: #"{"results":[\#(A.foursquarePlace(0, extra: #""categories":[\#(categories)]"#))]}"#)
        let fCuisines = try #require(try JSONHelpers.array(foursquare.stdout).first?["cuisines"] as? [String])
        #expect(fCuisines.count == CuisineName.maxPerPlace, "\(fCuisines.count)")

        let tag = (0..<2000).map { "c\($0)" }.joined(separator: ";")
        let overpass = try await Self.run(
            ["nearby", "--provider", "osm", "--at", A.at, "--fields", "id,cuisines", "--json"],
            body: A.overpassDocument([A.overpassNode(7, extra: #","cuisine":"\#(tag)""#)]))
        let oCuisines = try #require(try JSONHelpers.array(overpass.stdout).first?["cuisines"] as? [String])
        #expect(oCuisines.count == CuisineName.maxPerPlace, "\(oCuisines.count)")
    }

    @Test func megabyteTextIsCutInEveryFormat() async throws {
        let name = String(repeating: "N", count: 100_000)
        let body =
            #"{"places":[{"id":"ChIJlong","displayName":{"text":"\#(name)"},"location":{"latitude":\#(A.latitude),"longitude":\#(A.longitude)},"formattedAddress":"\#(name)"}]}"#
        let json = try await Self.run(
            ["nearby", "--provider", "google", "--at", A.at, "--fields", "id,name,address", "--json"], body: body)
        let place = try #require(try JSONHelpers.array(json.stdout).first)
        for field in ["name", "address"] {
            let text = try #require(place[field] as? String)
            #expect(text.unicodeScalars.count == TerminalText.maxShownLength && text.hasSuffix("…"), "\(field): \(text.count)")
        }
        let table = try await Self.run(["nearby", "--provider", "google", "--at", A.at], body: body)
        #expect(table.status == 0 && table.stdout.count < 10_000, "\(table.stdout.count) characters")
    }

    @Test func weekdayLinesAndPhotosAreKeptToTheirDocumentedCounts() async throws {
        let lines = (0..<1000).map { #""Day \#($0): 9-17""# }.joined(separator: ",")
        let photos = (0..<1000).map { #"{"name":"places/ChIJhostile0/photos/p\#($0)"}"# }.joined(separator: ",")
        let r = try await Self.run(
            ["details", "google:ChIJhostile0", "--fields", "id,openingHours,photos", "--json"],
            body: A.googlePlace(0, extra: #""currentOpeningHours":{"weekdayDescriptions":[\#(lines)]},"photos":[\#(photos)]"#))
        #expect(r.status == 0, "\(r)")
        let place = try JSONHelpers.object(r.stdout)
        #expect((place["openingHours"] as? [String])?.count == 7)
        #expect((place["photos"] as? [String])?.count == 10)
        #expect(r.stderr.contains("weekdayDescriptions (1000 lines, not 7)"), "\(r)")
    }

    static let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    static let nestedBodies: [(String, [String], String)] = [
        ("google nearby", ["nearby", "--provider", "google", "--at", A.at], #"{"places":[{"x":\#(deep)}]}"#),
        ("google details", ["details", "google:ChIJhostile0"], #"{"id":"ChIJhostile0","x":\#(deep)}"#),
        ("foursquare search", ["search", "cafe", "--provider", "foursquare"], #"{"results":[{"x":\#(deep)}]}"#),
        ("overpass nearby", ["nearby", "--provider", "osm", "--at", A.at], #"{"elements":[{"x":\#(deep)}]}"#),
        ("google routes", ["route-estimate", "--from", "1,2", "--to", "1.01,2", "--router", "google"], #"{"routes":[{"x":\#(deep)}]}"#),
        ("osrm", ["route-estimate", "--from", "1,2", "--to", "1.01,2", "--router", "osrm"], #"{"code":"Ok","x":\#(deep)}"#),
    ]

    @Test(arguments: 0..<nestedBodies.count)
    func deeplyNestedAnswersAreBadDataNotACrash(_ index: Int) async throws {
        let (_, arguments, body) = Self.nestedBodies[index]
        let r = try await Self.run(arguments, body: body)
        #expect(r.status == 65 && r.stdout.isEmpty && r.errorLines.count == 1, "\(r)")
    }

    @Test func aLongRemarkIsCutInTheErrorLine() async throws {
        let remark = "runtime error: " + String(repeating: "x", count: 100_000)
        let r = try await Self.run(["nearby", "--provider", "osm", "--at", A.at], body: #"{"elements":[],"remark":"\#(remark)"}"#)
        #expect(r.status == 69 && r.errorLines.count == 1 && r.errorLines[0].count < 1_000, "\(r.errorLines.first?.count ?? 0) characters")
    }

    // MARK: - Proto3 zeros

    @Test func aGooglePlaceOnTheEquatorOrPrimeMeridianIsListed() async throws {
        // Proto3 JSON leaves out a zero: latitude 0 comes as no latitude at all.
        let places = [
            #"{"id":"ChIJequator","displayName":{"text":"Equator"},"location":{"longitude":0.0001}}"#,
            #"{"id":"ChIJmeridian","displayName":{"text":"Meridian"},"location":{"latitude":0.0002}}"#,
        ]
        let r = try await Self.run(
            ["nearby", "--provider", "google", "--at", "0,0", "--fields", "id,latitude,longitude", "--json"],
            body: #"{"places":[\#(places.joined(separator: ","))]}"#)
        #expect(r.status == 0, "\(r)")
        let listed = try JSONHelpers.array(r.stdout)
        #expect(listed.count == 2)
        #expect(listed.first { $0["id"] as? String == "google:ChIJequator" }?["latitude"] as? Double == 0)
        #expect(listed.first { $0["id"] as? String == "google:ChIJmeridian" }?["longitude"] as? Double == 0)
    }

    // MARK: - Ids and names that would change a path

    @Test func placeIDsThatCouldEscapeAPathAreSkippedWithAWarning() async throws {
        let bad = [#"ChIJ/../../v1/x"#, #"ChIJ\u0007bell"#, #"ChIJ?key=1"#, #"ChIJ@evil.example"#]
        let places = bad.map {
            #"{"id":"\#($0)","displayName":{"text":"Bad"},"location":{"latitude":\#(A.latitude),"longitude":\#(A.longitude)}}"#
        }
        let r = try await Self.run(
            ["nearby", "--provider", "google", "--at", A.at, "--json"],
            body: #"{"places":[\#((places + [A.googlePlace(1)]).joined(separator: ","))]}"#)
        #expect(r.status == 0, "\(r)")
        let ids = try JSONHelpers.array(r.stdout).compactMap { $0["id"] as? String }
        #expect(ids == ["google:ChIJhostile1"])
        #expect(
            r.stderr.contains("skipped 4 Google Places place(s)") && r.stderr.contains("has characters other than letters, digits"), "\(r)")

        let fsq = try await Self.run(
            ["nearby", "--provider", "foursquare", "--at", A.at, "--json"],
            body:
                #"{"results":[{"fsq_place_id":"../admin","name":"Bad","latitude":\#(A.latitude),"longitude":\#(A.longitude)},\#(A.foursquarePlace(1))]}"#
        )
        let listed = try JSONHelpers.array(fsq.stdout)
        #expect(fsq.status == 0 && listed.count == 1, "\(fsq)")
        #expect(fsq.stderr.contains("fsq_place_id '../admin' has characters other than"), "\(fsq)")
    }

    @Test func photoNamesOutsideTheDocumentedFormAreLeftOut() async throws {
        let photos = [
            #"{"name":"places/ChIJhostile0/photos/../../../v1/places:searchText"}"#, #"{"name":"//evil.example/x"}"#,
            #"{"name":"places/ChIJhostile0/photos/AUcGood_ref-1"}"#,
        ].joined(separator: ",")
        let r = try await Self.run(
            ["details", "google:ChIJhostile0", "--fields", "id,photos", "--json"],
            body: A.googlePlace(0, extra: #""photos":[\#(photos)]"#))
        #expect(r.status == 0, "\(r)")
        let urls = try #require(try JSONHelpers.object(r.stdout)["photos"] as? [String])
        #expect(urls.count == 1 && urls[0].hasSuffix("/v1/places/ChIJhostile0/photos/AUcGood_ref-1/media?maxWidthPx=1600"), "\(urls)")
        #expect(r.stderr.contains("photos[0].name") && r.stderr.contains("photos[1].name"), "\(r)")
    }

    /// Not reachable through the binary (ids are checked when parsed), so at the builder: an id
    /// is one path segment whatever it holds.
    @Test func aCraftedIDStaysOnePathSegmentOnTheConfiguredHost() throws {
        let google = try GoogleRequestBuilder(baseURL: "https://places.googleapis.com", key: "k", wording: .library)
            .details(placeID: "../x?y#z@evil.example/", mask: GoogleFieldMask(fields: [.id], method: .details))
        #expect(
            google.url.absoluteString == "https://places.googleapis.com/v1/places/%2E%2E%2Fx%3Fy%23z%40evil%2Eexample%2F", "\(google.url)")
        let fsq = try FoursquareRequestBuilder(baseURL: "https://places-api.foursquare.com", key: "k", wording: .library)
            .details(placeID: "../../x?y", fields: FoursquareFields(for: [.id]))
        #expect(fsq.url.absoluteString.hasPrefix("https://places-api.foursquare.com/places/%2E%2E%2F%2E%2E%2Fx%3Fy?fields="), "\(fsq.url)")
    }

    // MARK: - Configuration

    @Test(arguments: [
        ("PLACES_GOOGLE_PLACES_URL", ["nearby", "--provider", "google", "--at", "1,2"]),
        ("PLACES_FOURSQUARE_URL", ["details", "foursquare:abc"]),
        ("PLACES_OVERPASS_URL", ["nearby", "--provider", "osm", "--at", "1,2"]),
    ])
    func anUnusableServiceURLIsAConfigurationError(_ variable: String, _ arguments: [String]) async throws {
        for value in ["http://a b", "http://[x", "ftp://example.org"] {
            var env = PlacesBinary.baseEnvironment()
            env["GOOGLE_MAPS_API_KEY"] = A.key
            env["FOURSQUARE_API_KEY"] = A.key
            env[variable] = value
            let r = try await PlacesBinary.runDetached(arguments, environment: env)
            #expect(r.status == 78 && r.stdout.isEmpty, "\(value): \(r)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].contains("\(variable)='\(value)' is not an http(s) URL"), "\(r)")
        }
    }
}
