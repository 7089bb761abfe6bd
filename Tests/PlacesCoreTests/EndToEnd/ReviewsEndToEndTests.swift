import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGoogle
@testable import places_cli

/// Issue 36, item 2: `details --reviews`, through the binary against the loopback fakes:
/// Google's `reviews` (the field mask asks for it, billed Enterprise + Atmosphere, so
/// `--max-tier` and `--dry-run` say so), Foursquare's tips (a Premium field), none for
/// OpenStreetMap (`[]` and a note); the contract's keys in JSON, readable in the table.
@Suite("End to end: details --reviews")
struct ReviewsEndToEndTests {
    static let keys = ["rating", "text", "language", "author", "authorUri", "publishTime", "relativeTime"]
    static let googleKey = "CANARY-google-reviews-key-7f3a9c"
    static let foursquareKey = "REVIEWSFOURSQUAREKEYREVIEWSFOURSQUARE1"

    func environment(google: FakeGooglePlaces, foursquare: FakeFoursquare) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = Self.googleKey
        env["FOURSQUARE_API_KEY"] = Self.foursquareKey
        env["PLACES_GOOGLE_PLACES_URL"] = google.baseURL
        env["PLACES_FOURSQUARE_URL"] = foursquare.baseURL
        return env
    }

    func run(_ arguments: [String], _ env: [String: String]) throws -> PlacesBinary.Result {
        let r = try PlacesBinary.run(arguments, environment: env)
        #expect(![Self.googleKey, Self.foursquareKey].contains { r.stdout.contains($0) || r.stderr.contains($0) }, "a key leaked: \(r)")
        return r
    }

    @Test func googleReviewsAreAskedForAndPrintedInTheContractsShape() throws {
        let google = try FakeGooglePlaces(), foursquare = try FakeFoursquare()
        let env = environment(google: google, foursquare: foursquare)
        let id = "google:" + FakeGooglePlaces.placeID(forOSM: "node/1371746679")
        let json = try run(["details", id, "--reviews", "--json"], env)
        #expect(json.status == 0, "\(json)")
        let reviews = try #require(try JSONHelpers.object(json.stdout)["reviews"] as? [[String: Any]])
        #expect(reviews.count == 2)
        #expect(reviews.allSatisfy { Set($0.keys) == Set(Self.keys) })
        #expect(reviews[0]["author"] as? String == "Aino Example" && reviews[0]["relativeTime"] as? String == "a month ago")
        #expect(reviews[1]["author"] is NSNull && reviews[1]["language"] as? String == "fi")
        #expect(!(reviews[1]["text"] as? String ?? "\u{1B}").contains("\u{1B}"))
        let mask = try #require(google.requests.last?.header("X-Goog-FieldMask"))
        #expect(mask.split(separator: ",").contains("reviews"), "\(mask)")
        // The table: a heading with the stars and the date, the text indented under it.
        let table = try run(["details", id, "--reviews"], env)
        #expect(table.stdout.contains("Reviews") && table.stdout.contains("Aino Example") && table.stdout.contains("    Good "), "\(table)")
        // Billed at Enterprise + Atmosphere: said by --dry-run, refused by a lower ceiling.
        let dry = try run(["details", id, "--reviews", "--dry-run"], env)
        #expect(dry.status == 0 && dry.stdout.contains("Enterprise + Atmosphere") && dry.stdout.contains("reviews"), "\(dry)")
        let sent = google.requests.count
        let capped = try run(["details", id, "--reviews", "--max-tier", "enterprise"], env)
        #expect(capped.status == 64 && capped.errorLines.count == 1 && capped.stderr.contains("reviews"), "\(capped)")
        #expect(google.requests.count == sent, "nothing is sent above the ceiling")
        // Without --reviews nothing of the kind is asked for.
        _ = try run(["details", id, "--json"], env)
        #expect(google.requests.last?.header("X-Goog-FieldMask")?.contains("reviews") == false)
    }

    @Test func foursquareTipsAndOpenStreetMapsNone() throws {
        let google = try FakeGooglePlaces(), foursquare = try FakeFoursquare()
        let env = environment(google: google, foursquare: foursquare)
        let id = "foursquare:" + FakeFoursquare.placeID(forOSM: "node/1371746679")
        let json = try run(["details", id, "--reviews", "--json"], env)
        #expect(json.status == 0, "\(json)")
        let reviews = try #require(try JSONHelpers.object(json.stdout)["reviews"] as? [[String: Any]])
        #expect(reviews.count == 1 && reviews[0]["text"] as? String == "Try the cinnamon bun." && reviews[0]["rating"] is NSNull)
        let fields = try #require(foursquare.requests.last?.query["fields"])
        #expect(fields.split(separator: ",").contains("tips"), "\(fields)")
        let osm = try run(["details", "osm:node/1371746679", "--reviews", "--json", "--data", PlacesBinary.helsinkiData], env)
        let none = try JSONHelpers.object(osm.stdout)["reviews"] as? [Any]
        #expect(osm.status == 0 && none?.isEmpty == true, "\(osm)")
        #expect(osm.stderr.contains("OpenStreetMap has no reviews"), "\(osm)")
    }

    @Test func reviewsAreBilledAtEnterpriseAtmosphere() {
        let mask = GoogleFieldMask(fields: [.id, .name, .reviews], method: .details)
        #expect(mask.tier == .enterpriseAtmosphere && mask.placeFields.contains("reviews"))
        #expect(TableRenderer.wrap("one two three four five", width: 9) == ["one two", "three", "four five"])
    }
}
