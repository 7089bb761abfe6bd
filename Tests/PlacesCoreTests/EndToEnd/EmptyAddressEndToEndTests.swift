import Foundation
import Testing

@testable import PlacesCore

/// Issue 33, item 14: a geocoder's answer with nothing usable (a Google Geocoding result of
/// the older, snake_case shape: `formatted_address`, `geometry`, `address_components`, none
/// of which v4 has) is no address: `address`, `addressId` and `addressDistanceMeters` are
/// null, as the contract says "when nothing is known", not an object whose every part is null.
@Suite("End to end: an address of which nothing is known is null")
struct EmptyAddressEndToEndTests {
    static let key = "CANARY-empty-address-9d2e"
    static let olderShape = #"""
        {"results":[{"formatted_address":"Simonkatu 7, 00100 Helsinki, Finland","geometry":{"location":{"lat":60.1697455,"lng":24.9371239},"location_type":"ROOFTOP"},"place_id":"ChIJs8VsGMsLkkYRk7e6uZ5r6Hg","address_components":[{"long_name":"Simonkatu","short_name":"Simonkatu","types":["route"]}],"types":["street_address"]}],"status":"OK"}
        """#

    @Test func aGoogleAnswerOfTheOlderShapeIsNoAddress() async throws {
        let google = try FakeGoogleGeocoding(key: Self.key) { request in
            request.path.hasPrefix("/v4/geocode/location/") ? .json(200, Self.olderShape) : nil
        }
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_GOOGLE_GEOCODING_URL"] = google.baseURL
        env["GOOGLE_MAPS_API_KEY"] = Self.key
        let json = try await PlacesBinary.runDetached(
            ["reverse", "60.1699,24.9384", "--provider", "google", "--limit", "0", "--json"], environment: env)
        #expect(json.status == 0, "\(json)")
        let record = try JSONHelpers.object(json.stdout)
        #expect(record["address"] is NSNull, "\(json.stdout)")
        #expect(record["addressId"] is NSNull && record["addressDistanceMeters"] is NSNull, "\(json.stdout)")
        #expect(record["provider"] as? String == "google" && record["city"] is [String: Any])

        let table = try await PlacesBinary.runDetached(
            ["reverse", "60.1699,24.9384", "--provider", "google", "--limit", "0"], environment: env)
        #expect(table.status == 0 && table.stdout.contains("address  (none known)"), "\(table)")
        #expect(google.requests.count == 2)
    }
}
