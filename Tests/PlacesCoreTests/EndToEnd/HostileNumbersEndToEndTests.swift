import Foundation
import Testing

/// Numbers from outside, fuzzed per endpoint through the binary: a route figure out of range is
/// bad data (65) naming the field; a place's optional value out of its documented range is
/// unknown (`null`) with one warning; a place whose position is off the globe is skipped with
/// one warning (details: 65). Never a crash, never NaN or infinity in the output.
@Suite("End to end: hostile numbers")
struct HostileNumbersEndToEndTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        /// The body the fake answers every request with (HTTP 200).
        let body: String
        let status: Int32
        /// In the error line (failure) or a warning (success).
        let fragment: String
        /// On success: the field of the first place that must be `null`.
        var nullField: String?
        /// On success: how many places are printed.
        var count: Int?
        var testDescription: String { name }
    }

    typealias A = HostileAnswers

    static let route = ["route-estimate", "--from", "60.17,24.94", "--to", "60.18,24.95"]
    static func osrm(distance: String = "601.9", duration: String = "433.5", snap0: String = "0", snap1: String = "0") -> String {
        #"{"code":"Ok","routes":[{"distance":\#(distance),"duration":\#(duration),"legs":[]}],"waypoints":[{"distance":\#(snap0),"name":"","location":[24.94,60.17]},{"distance":\#(snap1),"name":"","location":[24.95,60.18]}]}"#
    }
    static func routes(distance: String = "1843", duration: String = #""1342s""#) -> String {
        #"{"routes":[{"distanceMeters":\#(distance),"duration":\#(duration)}]}"#
    }

    static let rich = ["--fields", "id,name,rating,ratingCount,priceLevel,latitude,longitude,distanceMeters", "--json"]
    static let googleNearby = ["nearby", "--provider", "google", "--at", A.at] + rich
    static let googleSearch = ["search", "cafe", "--provider", "google", "--at", A.at] + rich
    static let googleDetails = ["details", "google:ChIJhostile0", "--fields", "id,name,rating,ratingCount,photos", "--json"]
    static let foursquareNearby = ["nearby", "--provider", "foursquare", "--at", A.at] + rich
    static let foursquareSearch = ["search", "cafe", "--provider", "foursquare", "--at", A.at] + rich
    static let foursquareDetails = ["details", "foursquare:4b0588f9f964a52000000000", "--fields", "id,name,rating,priceLevel", "--json"]
    static let overpassNearby = ["nearby", "--provider", "osm", "--at", A.at, "--json"]

    static func googlePlaces(_ extra: String) -> String { #"{"places":[\#(A.googlePlace(0, extra: extra)),\#(A.googlePlace(1))]}"# }
    static func google(_ n: Int, location: String) -> String {
        #"{"places":[{"id":"ChIJhostile\#(n)","displayName":{"text":"Off"},"location":\#(location)},\#(A.googlePlace(1))]}"#
    }
    static func foursquarePlaces(_ extra: String) -> String {
        #"{"results":[\#(A.foursquarePlace(0, extra: extra)),\#(A.foursquarePlace(1))]}"#
    }
    static func foursquareAt(_ lat: String, _ lon: String) -> String {
        #"{"results":[{"fsq_place_id":"4b0588f9f964a520000000ff","name":"Off","latitude":\#(lat),"longitude":\#(lon)},\#(A.foursquarePlace(1))]}"#
    }

    static let cases: [Case] = [
        // OSRM
        Case(
            name: "osrm duration 1e19", arguments: route + ["--router", "osrm"], body: osrm(duration: "1e19"), status: 65,
            fragment: "OSRM answered a route duration of 1e+19 s (routes[0].duration), which is not a plausible value"),
        Case(
            name: "osrm duration 9.3e18 json", arguments: route + ["--router", "osrm", "--json"], body: osrm(duration: "9.3e18"),
            status: 65,
            fragment: "(routes[0].duration), which is not a plausible value"),
        Case(
            name: "osrm distance 1e300", arguments: route + ["--router", "osrm"], body: osrm(distance: "1e300"), status: 65,
            fragment: "OSRM answered a route distance of 1e+300 m (routes[0].distance)"),
        Case(
            name: "osrm distance negative", arguments: route + ["--router", "osrm", "--json"], body: osrm(distance: "-5"), status: 65,
            fragment: "a route distance of -5.0 m (routes[0].distance)"),
        Case(
            name: "osrm snap 1e308 json", arguments: route + ["--router", "osrm", "--json"], body: osrm(snap0: "1e308"), status: 65,
            fragment: "OSRM answered a snapping distance of 1e+308 m (waypoints[0].distance)"),
        Case(
            name: "osrm snap negative", arguments: route + ["--router", "osrm"], body: osrm(snap1: "-1"), status: 65,
            fragment: "(waypoints[1].distance)"),
        Case(
            name: "osrm distance a string", arguments: route + ["--router", "osrm"], body: osrm(distance: #""far""#), status: 65,
            fragment: "OSRM answered with a body that cannot be read"),
        // Google Routes
        Case(
            name: "routes duration past Int64", arguments: route + ["--router", "google"],
            body: routes(duration: #""9223372036854775808s""#), status: 65,
            fragment:
                #"Google Routes answered a route duration of "9223372036854775808s" (routes[0].duration), which is not a plausible value"#),
        Case(
            name: "routes duration 400 digits", arguments: route + ["--router", "google", "--json"],
            body: routes(duration: "\"" + String(repeating: "9", count: 400) + "s\""), status: 65,
            fragment: "(routes[0].duration), which is not a plausible value"),
        Case(
            name: "routes duration negative", arguments: route + ["--router", "google"], body: routes(duration: #""-5s""#), status: 65,
            fragment: "(routes[0].duration)"),
        Case(
            name: "routes distance 1e300", arguments: route + ["--router", "google", "--json"], body: routes(distance: "1e300"), status: 65,
            fragment: "Google Routes answered a route distance of 1e+300 m (routes[0].distanceMeters)"),
        Case(
            name: "routes distance 1e300 table", arguments: route + ["--router", "google"], body: routes(distance: "1e300"), status: 65,
            fragment: "(routes[0].distanceMeters)"),
        // Google Places: optional values become unknown, positions off the globe skip the place
        Case(
            name: "google nearby rating 7.5", arguments: googleNearby, body: googlePlaces(#""rating":7.5"#), status: 0,
            fragment: "rating 7.5 (google:ChIJhostile0)", nullField: "rating", count: 2),
        Case(
            name: "google nearby userRatingCount 1e300", arguments: googleNearby, body: googlePlaces(#""userRatingCount":1e300"#),
            status: 0,
            fragment: "userRatingCount 1e+300", nullField: "ratingCount", count: 2),
        Case(
            name: "google nearby userRatingCount -3", arguments: googleNearby, body: googlePlaces(#""userRatingCount":-3"#), status: 0,
            fragment: "userRatingCount -3", nullField: "ratingCount", count: 2),
        Case(
            name: "google nearby userRatingCount 2.5", arguments: googleNearby, body: googlePlaces(#""userRatingCount":2.5"#), status: 0,
            fragment: "userRatingCount 2.5", nullField: "ratingCount", count: 2),
        Case(
            name: "google nearby latitude 91", arguments: googleNearby, body: google(9, location: #"{"latitude":91,"longitude":24.94}"#),
            status: 0,
            fragment:
                "skipped 1 Google Places place(s) without an id, a name or a location: location 91,24.94 of google:ChIJhostile9 is outside",
            count: 1),
        Case(
            name: "google nearby longitude 1e308", arguments: googleNearby,
            body: google(9, location: #"{"latitude":60,"longitude":1e308}"#), status: 0,
            fragment: "location 60,1e+308", count: 1),
        Case(
            name: "google search rating -1", arguments: googleSearch, body: googlePlaces(#""rating":-1"#), status: 0,
            fragment: "rating -1", nullField: "rating", count: 2),
        Case(
            name: "google search userRatingCount past Int64", arguments: googleSearch,
            body: googlePlaces(#""userRatingCount":9223372036854775808"#), status: 0,
            fragment: "userRatingCount", nullField: "ratingCount", count: 2),
        Case(
            name: "google details rating 1e300", arguments: googleDetails, body: A.googlePlace(0, extra: #""rating":1e300"#), status: 0,
            fragment: "rating 1e+300", nullField: "rating", count: 1),
        Case(
            name: "google details userRatingCount 2^31", arguments: googleDetails,
            body: A.googlePlace(0, extra: #""userRatingCount":2147483648"#), status: 0,
            fragment: "userRatingCount 2147483648", nullField: "ratingCount", count: 1),
        Case(
            name: "google details latitude 1e308", arguments: googleDetails,
            body: #"{"id":"ChIJhostile0","displayName":{"text":"X"},"location":{"latitude":1e308,"longitude":0}}"#, status: 65,
            fragment: "location 1e+308,0 of google:ChIJhostile0 is outside -90..90, -180..180"),
        // Foursquare
        Case(
            name: "foursquare nearby price 1e300", arguments: foursquareNearby, body: foursquarePlaces(#""price":1e300"#), status: 0,
            fragment: "price 1e+300", nullField: "priceLevel", count: 2),
        Case(
            name: "foursquare nearby price 7", arguments: foursquareNearby, body: foursquarePlaces(#""price":7"#), status: 0,
            fragment: "price 7 (foursquare:4b0588f9f964a52000000000)", nullField: "priceLevel", count: 2),
        Case(
            name: "foursquare nearby rating 11", arguments: foursquareNearby, body: foursquarePlaces(#""rating":11"#), status: 0,
            fragment: "rating 11", nullField: "rating", count: 2),
        Case(
            name: "foursquare nearby latitude 1e300", arguments: foursquareNearby, body: foursquareAt("1e300", "24.94"), status: 0,
            fragment: "skipped 1 Foursquare place(s) without an id, a name or a position: latitude/longitude 1e+300,24.94", count: 1),
        Case(
            name: "foursquare search longitude -181", arguments: foursquareSearch, body: foursquareAt("60.17", "-181"), status: 0,
            fragment: "latitude/longitude 60.17,-181", count: 1),
        Case(
            name: "foursquare details price 2.5", arguments: foursquareDetails, body: A.foursquarePlace(0, extra: #""price":2.5"#),
            status: 0,
            fragment: "price 2.5", nullField: "priceLevel", count: 1),
        Case(
            name: "foursquare details latitude 91", arguments: foursquareDetails,
            body: #"{"fsq_place_id":"4b0588f9f964a52000000000","name":"X","latitude":91,"longitude":0}"#, status: 65,
            fragment: "latitude/longitude 91,0 of foursquare:4b0588f9f964a52000000000 is outside"),
        // Overpass online
        Case(
            name: "overpass latitude 91", arguments: overpassNearby,
            body: A.overpassDocument([#"{"type":"node","id":5,"lat":91,"lon":24.94,"tags":{"name":"Off"}}"#, A.overpassNode(6)]), status: 0,
            fragment: "skipped 1 Overpass place(s) without a valid id or position: position 91,24.94 of node/5 is outside", count: 1),
        Case(
            name: "overpass negative id", arguments: overpassNearby,
            body: A.overpassDocument([#"{"type":"node","id":-5,"lat":60.17,"lon":24.94,"tags":{"name":"Off"}}"#, A.overpassNode(6)]),
            status: 0,
            fragment: "id -5 of a node is not an OpenStreetMap id", count: 1),
        Case(
            name: "overpass details position 1e308", arguments: ["details", "osm:node/5", "--json"],
            body: A.overpassDocument([#"{"type":"node","id":5,"lat":1e308,"lon":24.94,"tags":{"name":"Off"}}"#]), status: 65,
            fragment: "position 1e+308,24.94 of node/5 is outside"),
    ]

    @Test(arguments: cases)
    func outOfRangeNumbers(_ c: Case) async throws {
        let body = c.body
        let server = try FakeHTTPServer { _ in .json(200, body) }
        let r = try await PlacesBinary.runDetached(c.arguments, environment: A.environment(server.baseURL))
        #expect(r.status == c.status, "\(r)")
        #expect(!r.stdout.contains(A.key) && !r.stderr.contains(A.key), "the key leaked: \(r)")
        if c.status == 0 {
            #expect(r.errorLines.isEmpty, "\(r)")
            #expect(r.stderrLines.contains { $0.hasPrefix("places: warning:") && $0.contains(c.fragment) }, "\(r)")
            let parsed = try JSONHelpers.parse(r.stdout)
            let places = (parsed as? [[String: Any]]) ?? [(parsed as? [String: Any]) ?? [:]]
            if let count = c.count { #expect(places.count == count, "\(r)") }
            if let field = c.nullField { #expect(places.first?[field] is NSNull, "\(field) in \(r)") }
            for word in ["nan", "inf", "NaN", "Infinity"] { #expect(!r.stdout.contains(": \(word)"), "\(r)") }
        } else {
            #expect(r.stdout.isEmpty, "\(r)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].contains(c.fragment), "\(r)")
        }
    }
}
