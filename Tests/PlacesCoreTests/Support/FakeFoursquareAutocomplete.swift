import Foundation

@testable import PlacesCore
@testable import PlacesGeodesy

/// `GET /autocomplete` for `FakeFoursquare`, as docs.foursquare.com/fsq-developers-places/reference/autocomplete
/// describes it: `query` of at least 3 characters, `ll`, `radius` (a bias), `types`
/// (place, search, geo), `session_token`, `limit` 1–50; `results` of `type` place (with
/// `text.primary/secondary/highlight` and the `place`) or search.
///
/// A place matches when every word of the query begins a word of its name; nearest first.
enum FakeFoursquareAutocomplete {
    static func answer(_ request: FakeHTTPServer.Request, places: [FakeFoursquare.Place]) -> FakeHTTPServer.Reply {
        let q = request.query
        guard let query = q["query"], query.count >= 3 else {
            return FakeFoursquare.error(400, "query must be at least 3 characters long.")
        }
        var center = (60.16952, 24.93545)
        if let ll = q["ll"] {
            let parts = ll.split(separator: ",").compactMap { Double($0) }
            guard parts.count == 2 else { return FakeFoursquare.error(400, "Invalid ll parameter.") }
            center = (parts[0], parts[1])
        }
        let limit = q["limit"].flatMap(Int.init) ?? 10
        guard (1...50).contains(limit) else { return FakeFoursquare.error(400, "limit must be between 1 and 50.") }
        let types = Set((q["types"] ?? "place,search,geo").split(separator: ",").map(String.init))
        let words = FakeGoogleAutocomplete.words(query)
        let origin = try! Coordinate(latitude: center.0, longitude: center.1)
        var hits: [(FakeFoursquare.Place, Double)] = []
        for place in places {
            let nameWords = FakeGoogleAutocomplete.words(place.name)
            guard words.allSatisfy({ w in nameWords.contains { $0.hasPrefix(w) } }) else { continue }
            hits.append(
                (place, GeodesicDistance.meters(from: origin, to: try! Coordinate(latitude: place.latitude, longitude: place.longitude))))
        }
        hits.sort { $0.1 < $1.1 }
        var results: [[String: Any]] = []
        if types.contains("place") {
            for (place, meters) in hits.prefix(limit) {
                var wire = place.wire.filter {
                    ["fsq_place_id", "name", "latitude", "longitude", "categories", "location"].contains($0.key)
                }
                wire["distance"] = Int(meters.rounded())
                let address = (place.wire["location"] as? [String: Any])?["formatted_address"] as? String ?? ""
                results.append([
                    "type": "place", "link": "/places/\(place.id)", "place": wire,
                    "text": [
                        "primary": place.name, "secondary": address,
                        "highlight": [["start": 0, "length": min(query.count, place.name.count)]],
                    ],
                ])
            }
        }
        if types.contains("search"), results.count < limit {
            results.append([
                "type": "search", "text": ["primary": "\(query) restaurants", "highlight": [["start": 0, "length": query.count]]],
                "search": ["query": "\(query) restaurants"],
            ])
        }
        let data = try! JSONSerialization.data(
            withJSONObject: ["results": results], options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return .respond(status: 200, headers: [("Content-Type", "application/json; charset=utf-8")], body: data)
    }
}
