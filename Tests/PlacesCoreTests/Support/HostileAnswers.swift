import Foundation

/// Building blocks for tests that play a hostile or broken provider over loopback: minimal
/// but valid wire places, and an environment that points every provider at one server.
enum HostileAnswers {
    /// A canary key: it must appear in no output.
    static let key = "CANARY-hostile-7f3e"

    /// Centre of the searches (Helsinki); places are put a few metres east of it.
    static let latitude = 60.17, longitude = 24.94
    static let at = "\(latitude),\(longitude)"

    /// The environment for the binary with every provider and router at `baseURL`.
    static func environment(_ baseURL: String, extra: [String: String] = [:]) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = key
        env["FOURSQUARE_API_KEY"] = key
        env["PLACES_GOOGLE_PLACES_URL"] = baseURL
        env["PLACES_GOOGLE_ROUTES_URL"] = baseURL
        env["PLACES_FOURSQUARE_URL"] = baseURL
        env["PLACES_OVERPASS_URL"] = baseURL + "/api/interpreter"
        env["PLACES_OSRM_URL"] = baseURL
        env.merge(extra) { $1 }
        return env
    }

    /// A Google `Place` with the always-asked fields; `extra` is spliced in as JSON members.
    static func googlePlace(_ n: Int, extra: String = "") -> String {
        let lon = longitude + Double(n) * 0.00001
        return
            #"{"id":"ChIJhostile\#(n)","displayName":{"text":"Place \#(n)"},"location":{"latitude":\#(latitude),"longitude":\#(lon)}\#(extra.isEmpty ? "" : "," + extra)}"#
    }

    /// `{"places":[...]}` with places `range`, and a `nextPageToken` when given.
    static func googlePage(_ range: Range<Int>, token: String? = nil) -> String {
        let places = range.map { googlePlace($0) }.joined(separator: ",")
        return #"{"places":[\#(places)]\#(token.map { #","nextPageToken":"\#($0)""# } ?? "")}"#
    }

    /// A Foursquare place with the always-asked fields; `extra` is spliced in as JSON members.
    static func foursquarePlace(_ n: Int, extra: String = "") -> String {
        let lon = longitude + Double(n) * 0.00001
        return
            #"{"fsq_place_id":"4b0588f9f964a520\#(String(format: "%08x", n))","name":"Place \#(n)","latitude":\#(latitude),"longitude":\#(lon)\#(extra.isEmpty ? "" : "," + extra)}"#
    }

    static func foursquarePage(_ range: Range<Int>) -> String {
        #"{"results":[\#(range.map { foursquarePlace($0) }.joined(separator: ","))]}"#
    }

    /// An Overpass node with a name.
    static func overpassNode(_ id: Int64, extra: String = "") -> String {
        #"{"type":"node","id":\#(id),"lat":\#(latitude),"lon":\#(longitude + 0.00001),"tags":{"amenity":"cafe","name":"Node \#(id)"\#(extra)}}"#
    }

    static func overpassDocument(_ elements: [String]) -> String {
        #"{"version":0.6,"generator":"Overpass API (hostile test)","elements":[\#(elements.joined(separator: ","))]}"#
    }
}
