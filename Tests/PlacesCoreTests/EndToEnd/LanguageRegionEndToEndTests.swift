import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesGoogle
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesProviderKit

/// `--language` / `--region` (and `$PLACES_LANGUAGE` / `$PLACES_REGION`) through the binary:
/// Google gets `languageCode` / `regionCode` as body fields of a search and query parameters
/// of details; bad codes are refused before any request; Foursquare notes it ignores them.
@Suite("End to end: Google language and region")
struct LanguageRegionEndToEndTests {
    let canary = "CANARY-locale-\(UUID().uuidString.prefix(8))"

    func env(_ fake: FakeGooglePlaces, extra: [String: String] = [:]) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = canary
        env["PLACES_GOOGLE_PLACES_URL"] = fake.baseURL
        env.merge(extra) { $1 }
        return env
    }

    @Test func searchesCarryThemInTheBodyAndDetailsInTheQuery() throws {
        let fake = try FakeGooglePlaces()
        let nearby = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--language", "fi", "--region", "fi", "--json"], environment: env(fake))
        #expect(nearby.status == 0, "\(nearby)")
        let body = try #require(fake.requests.last?.json)
        #expect(body["languageCode"] as? String == "fi" && body["regionCode"] as? String == "FI", "\(body)")

        let text = try PlacesBinary.run(
            ["search", "sushi", "--near", "Helsinki", "--json"],
            environment: env(fake, extra: ["PLACES_LANGUAGE": "pt-BR", "PLACES_REGION": "BR"]))
        #expect(text.status == 0, "\(text)")
        let textBody = try #require(fake.requests.last?.json)
        #expect(textBody["languageCode"] as? String == "pt-BR" && textBody["regionCode"] as? String == "BR", "\(textBody)")

        let id = try #require(FakeGooglePlaces.places.first?["id"] as? String)
        let details = try PlacesBinary.run(
            ["details", "google:\(id)", "--language", "sv", "--json"], environment: env(fake, extra: ["PLACES_REGION": "SE"]))
        #expect(details.status == 0, "\(details)")
        let request = try #require(fake.requests.last)
        #expect(
            request.path == "/v1/places/\(id)" && request.query["languageCode"] == "sv" && request.query["regionCode"] == "SE",
            "\(request.target)")

        // Not given: not sent.
        #expect(try PlacesBinary.run(["nearby", "--near", "Helsinki", "--json"], environment: env(fake)).status == 0)
        #expect(fake.requests.last?.json?["languageCode"] == nil && fake.requests.last?.json?["regionCode"] == nil)
    }

    @Test(arguments: [
        (["--language", "finnish!"], [String: String](), Int32(64), "--language 'finnish!'"),
        (["--region", "FIN"], [:], 64, "--region 'FIN'"),
        ([], ["PLACES_LANGUAGE": "f"], 78, "$PLACES_LANGUAGE 'f'"),
        ([], ["PLACES_REGION": "246"], 78, "$PLACES_REGION '246'"),
    ])
    func aBadCodeIsRefusedBeforeAnyRequest(_ flags: [String], _ extra: [String: String], _ code: Int32, _ named: String) throws {
        let fake = try FakeGooglePlaces()
        let r = try PlacesBinary.run(["nearby", "--near", "Helsinki"] + flags, environment: env(fake, extra: extra))
        #expect(r.status == code && r.stdout.isEmpty && r.errorLines.count == 1 && r.stderr.contains(named), "\(r)")
        #expect(fake.requests.isEmpty)
    }

    @Test func foursquareIgnoresThemWithANote() throws {
        let fake = try FakeFoursquare()
        var env = PlacesBinary.baseEnvironment()
        env["FOURSQUARE_API_KEY"] = canary
        env["PLACES_FOURSQUARE_URL"] = fake.baseURL
        let r = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--provider", "foursquare", "--language", "fi", "--json"], environment: env)
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr.contains("places: note: ignored language fi") && r.stderr.contains("Foursquare documents no language"), "\(r)")
        let request = try #require(fake.requests.first)
        // (URLSession sends its own Accept-Language; the language asked for is not put anywhere.)
        #expect(!request.target.contains("=fi") && request.header("Accept-Language")?.contains("fi") != true, "\(request.raw)")
    }

    /// Part of the cassette (and cache) match: a recording in another language does not answer.
    @Test func theyArePartOfTheCassetteKey() throws {
        let mask = GoogleFieldMask(fields: [.name], method: .searchNearby)
        func key(_ locale: GoogleLocale) throws -> String {
            let builder = GoogleRequestBuilder(baseURL: "https://places.googleapis.com", key: "k", wording: .library, locale: locale)
            let request = SearchRequest(kind: .nearby, center: try Coordinate(latitude: 60, longitude: 25), radiusMeters: 500)
            return Cassette.key(for: try builder.searchNearby(request, types: [], mask: mask))
        }
        let plain = try key(GoogleLocale())
        #expect(plain != (try key(GoogleLocale(languageCode: "fi"))))
        #expect(try key(GoogleLocale(languageCode: "fi")) != (try key(GoogleLocale(languageCode: "fi", regionCode: "FI"))))
    }
}
