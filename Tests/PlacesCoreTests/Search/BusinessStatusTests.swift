import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesFoursquare
@testable import PlacesGoogle
@testable import PlacesModel

/// Issue 36, item 3: whether a place is in business. Google's `businessStatus` (a Pro field
/// every search already pays for) and Foursquare's `date_closed` are asked for on every
/// request and read; places closed for good are left out of a search with a note counting
/// them, unless `includeClosed`; a place closed for a while is listed and marked.
@Suite("Business status: closed places")
struct BusinessStatusTests {
    @Test func googleWordsAndFoursquareDatesAreRead() {
        #expect(GoogleVenueMapper.businessStatus("OPERATIONAL") == .operational)
        #expect(GoogleVenueMapper.businessStatus("CLOSED_TEMPORARILY") == .closedTemporarily)
        #expect(GoogleVenueMapper.businessStatus("FUTURE_OPENING") == .closedTemporarily)
        #expect(GoogleVenueMapper.businessStatus("CLOSED_PERMANENTLY") == .closedPermanently)
        #expect(GoogleVenueMapper.businessStatus("BUSINESS_STATUS_UNSPECIFIED") == nil)
        var place = FoursquarePlace()
        #expect(FoursquareVenueMapper.businessStatus(place) == nil)
        place.dateClosed = "2025-09-02"
        #expect(FoursquareVenueMapper.businessStatus(place) == .closedPermanently)
        place.dateClosed = ""
        #expect(FoursquareVenueMapper.businessStatus(place) == nil)
    }

    @Test func everyRequestAsksForItAtNoHigherTier() {
        for method in [GoogleFieldMask.Method.searchNearby, .searchText, .details] {
            let mask = GoogleFieldMask(fields: Set(VenueField.defaultSet), method: method)
            #expect(mask.placeFields.contains("businessStatus"))
            let without = GoogleFieldMask.placeFields(for: Set(VenueField.defaultSet), method: method).filter { $0 != "businessStatus" }
            let tierWithout = without.map { GoogleFieldMask.tier(of: $0, method: method) }.max()
            #expect(mask.tier == tierWithout, "\(method): \(mask.tier) against \(String(describing: tierWithout))")
        }
        #expect(FoursquareFields(for: Set(VenueField.defaultSet)).names.contains("date_closed"))
        #expect(!FoursquareFields.premium.contains("date_closed"))
    }

    static func venue(_ n: Int, _ status: BusinessStatus?) -> Venue {
        Venue(
            id: PlaceID(provider: .osm, rawID: "node/\(n)"), name: "Place \(n)",
            coordinate: Coordinate(uncheckedLatitude: 60.17 + Double(n) * 1e-4, longitude: 24.94), businessStatus: status)
    }

    @Test func closedForGoodIsLeftOutAndCountedUnlessAskedFor() {
        let venues = [
            Self.venue(1, .operational), Self.venue(2, .closedPermanently), Self.venue(3, .closedTemporarily), Self.venue(4, nil),
            Self.venue(5, .closedPermanently),
        ]
        var parameters = SearchParameters()
        parameters.radiusMeters = 5_000
        let request = SearchRequest(kind: .nearby, center: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94), parameters: parameters)
        let outcome = VenuePipeline.run(venues, for: request, provider: .google)
        #expect(outcome.venues.map(\.name) == ["Place 1", "Place 3", "Place 4"])
        #expect(outcome.notes == ["2 places closed for good left out (includeClosed lists them)"])
        var all = request
        all.includeClosed = true
        let everything = VenuePipeline.run(venues, for: all, provider: .google)
        #expect(everything.venues.count == 5 && everything.notes.isEmpty)
    }

    /// Through the binary against the loopback Google and Foursquare fakes (one place in 17
    /// closed for good, one in 13 for a while): the note, the mark in the table, the field in
    /// JSON and in `--fields all`, and --include-closed.
    @Test func theBinaryLeavesOutMarksAndListsOnRequest() throws {
        let google = try FakeGooglePlaces(), foursquare = try FakeFoursquare()
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = "CANARY-google-key-2c81e5"
        env["FOURSQUARE_API_KEY"] = "FAKEFOURSQUAREKEYFAKEFOURSQUAREKEY00"
        env["PLACES_GOOGLE_PLACES_URL"] = google.baseURL
        env["PLACES_FOURSQUARE_URL"] = foursquare.baseURL
        for provider in ["google", "foursquare"] {
            let query = ["nearby", "--near", "Helsinki", "--radius", "1000", "--limit", "50", "--provider", provider]
            let table = try PlacesBinary.run(query, environment: env)
            #expect(table.status == 0, "\(table)")
            #expect(table.stderr.contains("closed for good left out: --include-closed lists them"), "\(provider): \(table)")
            if provider == "google" { #expect(table.stdout.contains("(temporarily closed)"), "\(table)") }
            let json = try PlacesBinary.run(query + ["--fields", "name,businessStatus", "--json"], environment: env)
            let records = try JSONHelpers.array(json.stdout)
            #expect(!records.isEmpty && records.allSatisfy { $0.keys.sorted() == ["businessStatus", "name"] })
            #expect(!records.contains { $0["businessStatus"] as? String == "closedPermanently" }, "\(provider)")
            let all = try PlacesBinary.run(query + ["--fields", "all", "--json", "--include-closed"], environment: env)
            let everything = try JSONHelpers.array(all.stdout)
            #expect(all.status == 0 && !all.stderr.contains("closed for good"), "\(all)")
            #expect(everything.contains { $0["businessStatus"] as? String == "closedPermanently" }, "\(provider)")
            #expect(everything.first.map { Array($0.keys) }?.contains("businessStatus") == true)
        }
    }
}
