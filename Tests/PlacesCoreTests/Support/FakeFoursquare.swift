import Foundation

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesSupport

/// A fake Foursquare Places API (version 2025-06-17) over loopback that speaks the
/// documented wire format: `GET /places/search` (ll, radius, query, fsq_category_ids,
/// sort, limit, open_now, min_price/max_price, fields) paged with a `Link: <...>; rel="next"`
/// header carrying a cursor, `GET /places/{fsq_place_id}`, and `{"message": ...}` errors.
///
/// Its places are the named places of the bundled Helsinki OSM extract that have a
/// Foursquare category (real names and positions, © OpenStreetMap contributors, ODbL),
/// with Foursquare-style ids and deterministic synthetic Premium values (rating, price,
/// hours) derived from a hash of the OSM id. Without `fields` it returns the Pro fields.
/// With `disagreeingCafes`, its cafes disagree with OpenStreetMap's as a real provider's do
/// (`FakeCafeDisagreement`): some missing, all moved a little, some renamed, and two
/// OpenStreetMap lacks; the merge of several providers (issue 16) is tested on those.
final class FakeFoursquare: @unchecked Sendable {
    /// A key the fake treats like a key of the retired v3 API.
    static let legacyKey = "fsq3LegacyV3KeyNotValidHere="
    /// A key the fake does not know.
    static let invalidKey = "BAD-KEY"

    let server: FakeHTTPServer
    var baseURL: String { server.baseURL }
    var requests: [FakeHTTPServer.Request] { server.requests }

    /// `override` answers before the fake does, for error tests (return nil to fall through).
    /// `disagreeingCafes`: answer with `disagreeingPlaces` instead of `places`.
    init(disagreeingCafes: Bool = false, override: (@Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Reply?)? = nil) throws {
        server = try FakeHTTPServer { request in
            if let reply = override?(request) { return reply }
            return Self.answer(request, places: disagreeingCafes ? Self.disagreeingPlaces : Self.places)
        }
    }

    // MARK: - Dataset

    /// Category ids are those of `FoursquareCategoryTable`'s sources; `ancestors` are the
    /// parents a filter id also matches (not sent: answers name only a place's own categories).
    struct Category {
        let id: String
        let name: String
        let ancestors: [String]
    }

    static let diningRoot = "63be6904847c3692a84b9bb5"
    static let restaurantID = "4d4b7105d754a06374d81259"

    private static func category(_ tags: [String: String]) -> Category? {
        let restaurant = [restaurantID, diningRoot]
        switch tags["amenity"] {
        case "restaurant":
            let cuisine = tags["cuisine"]?.split(separator: ";").first.map { String($0).lowercased() }
            let specific: [String: (String, String)] = [
                "sushi": ("4bf58dd8d48988d1d2941735", "Sushi Restaurant"), "japanese": ("4bf58dd8d48988d111941735", "Japanese Restaurant"),
                "italian": ("4bf58dd8d48988d110941735", "Italian Restaurant"),
                "chinese": ("4bf58dd8d48988d145941735", "Chinese Restaurant"),
                "pizza": ("4bf58dd8d48988d1ca941735", "Pizzeria"), "indian": ("4bf58dd8d48988d10f941735", "Indian Restaurant"),
                "mexican": ("4bf58dd8d48988d1c1941735", "Mexican Restaurant"), "greek": ("4bf58dd8d48988d10e941735", "Greek Restaurant"),
                "french": ("4bf58dd8d48988d10c941735", "French Restaurant"), "burger": ("4bf58dd8d48988d16c941735", "Burger Joint"),
            ]
            if let cuisine, let (id, name) = specific[cuisine] { return Category(id: id, name: name, ancestors: restaurant) }
            return Category(id: restaurantID, name: "Restaurant", ancestors: [diningRoot])
        case "cafe":
            if tags["cuisine"] == "coffee_shop" {
                return Category(id: "4bf58dd8d48988d1e0931735", name: "Coffee Shop", ancestors: ["63be6904847c3692a84b9bb6", diningRoot])
            }
            return Category(id: "4bf58dd8d48988d16d941735", name: "Café", ancestors: ["63be6904847c3692a84b9bb6", diningRoot])
        case "fast_food": return Category(id: "4bf58dd8d48988d16e941735", name: "Fast Food Restaurant", ancestors: restaurant)
        case "pub": return Category(id: "4bf58dd8d48988d11b941735", name: "Pub", ancestors: ["4bf58dd8d48988d116941735", diningRoot])
        case "bar": return Category(id: "4bf58dd8d48988d116941735", name: "Bar", ancestors: [diningRoot])
        case "bank": return Category(id: "4bf58dd8d48988d10a951735", name: "Bank", ancestors: [])
        case "atm": return Category(id: "52f2ab2ebcbc57f1066b8b56", name: "ATM", ancestors: [])
        case "pharmacy": return Category(id: "4bf58dd8d48988d10f951735", name: "Pharmacy", ancestors: [])
        case "library": return Category(id: "4bf58dd8d48988d12f941735", name: "Library", ancestors: [])
        case "cinema": return Category(id: "4bf58dd8d48988d17f941735", name: "Movie Theater", ancestors: [])
        case "theatre": return Category(id: "4bf58dd8d48988d137941735", name: "Theater", ancestors: [])
        case "nightclub": return Category(id: "4bf58dd8d48988d11f941735", name: "Night Club", ancestors: [])
        case "bicycle_rental": return Category(id: "4e4c9077bd41f78e849722f9", name: "Bike Rental", ancestors: [])
        default: break
        }
        switch tags["tourism"] {
        case "hotel": return Category(id: "4bf58dd8d48988d1fa931735", name: "Hotel", ancestors: [])
        case "hostel": return Category(id: "4bf58dd8d48988d1ee931735", name: "Hostel", ancestors: [])
        case "museum": return Category(id: "4bf58dd8d48988d181941735", name: "Museum", ancestors: [])
        default: break
        }
        if tags["leisure"] == "park" { return Category(id: "4bf58dd8d48988d163941735", name: "Park", ancestors: []) }
        if tags["shop"] == "supermarket" { return Category(id: "52f2ab2ebcbc57f1066b8b46", name: "Supermarket", ancestors: []) }
        return nil
    }

    /// One fake place: the wire object (every field) and what the fake filters on.
    struct Place {
        let wire: [String: Any]
        let id: String
        let name: String
        let categoryIDs: Set<String>
        let categoryNames: String
        let latitude: Double
        let longitude: Double
        let popularity: Int
    }

    /// Every place exactly as OpenStreetMap has it. Built once and never mutated.
    nonisolated(unsafe) static let places: [Place] = makePlaces(disagreeingCafes: false)
    /// The same, but the cafes as `FakeCafeDisagreement` says Foursquare sees them.
    nonisolated(unsafe) static let disagreeingPlaces: [Place] = makePlaces(disagreeingCafes: true)

    private static func makePlaces(disagreeingCafes: Bool) -> [Place] {
        let data = try! Data(contentsOf: URL(fileURLWithPath: PlacesBinary.helsinkiData))
        let root = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        var elements = root["elements"] as! [[String: Any]]
        for (key, _, view) in FakeCafeDisagreement.unmapped where disagreeingCafes {
            elements.append([
                "type": "unmapped", "id": Int(key.split(separator: "/")[1])!, "lat": view.latitude, "lon": view.longitude,
                "tags": ["name": view.name, "amenity": "cafe"], "unmapped": true,
            ])
        }
        var out: [Place] = []
        for element in elements {
            guard let tags = element["tags"] as? [String: String], var name = tags["name"], let category = category(tags) else { continue }
            let type = element["type"] as! String, osmID = element["id"] as! Int
            let center = element["center"] as? [String: Double]
            var lat = (element["lat"] as? Double) ?? center!["lat"]!, lon = (element["lon"] as? Double) ?? center!["lon"]!
            if disagreeingCafes, tags["amenity"] == "cafe", element["unmapped"] == nil {
                guard
                    let view = FakeCafeDisagreement.view(
                        of: "\(type)/\(osmID)", name: name, latitude: lat, longitude: lon, provider: .foursquare)
                else { continue }
                (name, lat, lon) = (view.name, view.latitude, view.longitude)
            }
            let digest = SHA256.hex("fsq:osm:\(type)/\(osmID)")
            let h = Int(digest.prefix(8), radix: 16)!
            let id = String(digest.prefix(24))
            let short = category.name.hasSuffix(" Restaurant") ? String(category.name.dropLast(" Restaurant".count)) : category.name
            var location: [String: Any] = ["locality": "Helsinki", "country": "FI", "formatted_address": address(tags)]
            if let street = tags["addr:street"] { location["address"] = street + (tags["addr:housenumber"].map { " \($0)" } ?? "") }
            if let postcode = tags["addr:postcode"] { location["postcode"] = postcode }
            let open = 10 + h % 3, close = 20 + h % 4
            var wire: [String: Any] = [
                "fsq_place_id": id, "name": name, "latitude": lat, "longitude": lon,
                "categories": [
                    [
                        "fsq_category_id": category.id, "name": category.name, "short_name": short, "plural_name": category.name + "s",
                        "icon": ["prefix": "https://ss3.4sqi.net/img/categories_v2/food/default_", "suffix": ".png"],
                    ]
                ],
                "chains": [], "link": "/places/\(id)", "location": location,
                "website": tags["website"] ?? tags["contact:website"] ?? "",
                "date_created": "2015-06-\(10 + h % 18)",
                "rating": Double(50 + h % 50) / 10,
                "hours": [
                    "display": "Mon-Sun \(open):00-\(close):00", "is_local_holiday": false, "open_now": h % 3 != 0,
                    "regular": (1...7).map { ["day": $0, "open": "\(open)00", "close": "\(close)00"] },
                ],
            ]
            if let phone = tags["phone"] ?? tags["contact:phone"] { wire["tel"] = phone }
            if h % 5 != 0 { wire["price"] = 1 + h % 4 }
            wire["tips"] = [
                [
                    "fsq_tip_id": "tip\(h % 1000)", "created_at": "2024-03-0\(1 + h % 9)T10:00:00.000Z", "text": "Try the cinnamon bun.",
                    "lang": "en",
                ]
            ]
            // One place in 17 is marked closed for good (a Pro field, sent only when asked).
            if h % 17 == 0 { wire["date_closed"] = "2024-0\(1 + h % 9)-1\(h % 10)" }
            out.append(
                Place(
                    wire: wire, id: id, name: name, categoryIDs: Set([category.id] + category.ancestors),
                    categoryNames: category.name.lowercased(), latitude: lat, longitude: lon, popularity: h % 1000))
        }
        return out
    }

    /// The id this fake gives the place made from OSM element `element` (`node/123`, or a
    /// `FakeCafeDisagreement.unmapped` key).
    static func placeID(forOSM element: String) -> String {
        String(SHA256.hex("fsq:osm:\(element)").prefix(24))
    }

    private static func address(_ tags: [String: String]) -> String {
        var parts: [String] = []
        if let street = tags["addr:street"] { parts.append(street + (tags["addr:housenumber"].map { " \($0)" } ?? "")) }
        parts.append([tags["addr:postcode"], "Helsinki"].compactMap { $0 }.joined(separator: " "))
        return parts.joined(separator: ", ")
    }

    /// Fields returned when the request names none: the Pro fields.
    static let premiumFields: Set<String> = ["rating", "price", "hours", "popularity", "photos", "tips", "stats", "menu"]

    // MARK: - Answers

    static func error(_ status: Int, _ message: String) -> FakeHTTPServer.Reply {
        .json(status, "{\"message\":\"\(message)\"}")
    }

    static func answer(_ request: FakeHTTPServer.Request, places: [Place]) -> FakeHTTPServer.Reply {
        guard let auth = request.header("Authorization"), auth.hasPrefix("Bearer "),
            ![legacyKey, invalidKey, ""].contains(String(auth.dropFirst(7)))
        else {
            return error(401, "Invalid request token.")
        }
        guard request.header("X-Places-Api-Version") == "2025-06-17" else {
            return error(400, "Please provide a valid version.")
        }
        guard request.method == "GET" else { return error(405, "Method Not Allowed") }
        let fields = request.query["fields"].map { Set($0.split(separator: ",").map(String.init)) }
        if request.path == "/autocomplete" { return FakeFoursquareAutocomplete.answer(request, places: places) }
        if request.path == "/places/search" { return search(request, places: places, fields: fields) }
        if request.path.hasPrefix("/places/") {
            let id = String(request.path.dropFirst("/places/".count))
            guard let place = places.first(where: { $0.id == id }) else { return error(404, "Place not found.") }
            return json(selected(place.wire, fields), headers: [])
        }
        return error(404, "Not Found")
    }

    private static func search(_ request: FakeHTTPServer.Request, places: [Place], fields: Set<String>?) -> FakeHTTPServer.Reply {
        let q = request.query
        var center = (60.16952, 24.93545)
        if let ll = q["ll"] {
            let parts = ll.split(separator: ",").compactMap { Double($0) }
            guard parts.count == 2 else { return error(400, "Invalid ll parameter.") }
            center = (parts[0], parts[1])
        }
        // A rectangle (`ne` and `sw`, "lat,lon"), the search page's alternative to ll and radius.
        var box: (south: Double, west: Double, north: Double, east: Double)?
        if q["ne"] != nil || q["sw"] != nil {
            let ne = (q["ne"] ?? "").split(separator: ",").compactMap { Double($0) }
            let sw = (q["sw"] ?? "").split(separator: ",").compactMap { Double($0) }
            guard ne.count == 2, sw.count == 2, q["ll"] == nil, q["radius"] == nil else {
                return error(400, "ne must be used with sw, and not with ll or radius.")
            }
            box = (sw[0], sw[1], ne[0], ne[1])
        }
        let radius = q["radius"].flatMap(Double.init) ?? 22000
        guard (0...100_000).contains(radius) else { return error(400, "radius must be between 0 and 100000.") }
        let limit = q["limit"].flatMap(Int.init) ?? 10
        guard (1...50).contains(limit) else { return error(400, "limit must be between 1 and 50.") }
        let fingerprint = String(
            SHA256.hex(q.filter { $0.key != "cursor" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
                .prefix(12))
        var offset = 0
        if let cursor = q["cursor"] {
            let parts = cursor.split(separator: "-")
            guard parts.count == 2, parts[1] == fingerprint, let n = Int(parts[0]) else { return error(400, "Invalid cursor.") }
            offset = n
        }
        func distance(_ p: Place) -> Double {
            GeodesicDistance.meters(
                from: try! Coordinate(latitude: center.0, longitude: center.1),
                to: try! Coordinate(latitude: p.latitude, longitude: p.longitude))
        }
        let words = (q["query"] ?? "").lowercased().split(separator: " ")
        let wanted = q["fsq_category_ids"].map { Set($0.split(separator: ",").map(String.init)) }
        func inside(_ p: Place) -> Bool {
            guard let box else { return distance(p) <= radius }
            let east =
                box.west > box.east ? p.longitude >= box.west || p.longitude <= box.east : (box.west...box.east).contains(p.longitude)
            return (box.south...box.north).contains(p.latitude) && east
        }
        var found = places.filter { p in
            inside(p)
                && words.allSatisfy { p.name.lowercased().contains($0) || p.categoryNames.contains($0) }
                && (wanted.map { !$0.isDisjoint(with: p.categoryIDs) } ?? true)
        }
        if q["open_now"] == "true" { found = found.filter { (($0.wire["hours"] as! [String: Any])["open_now"] as! Bool) } }
        if let min = q["min_price"].flatMap(Int.init) { found = found.filter { ($0.wire["price"] as? Int).map { $0 >= min } ?? false } }
        if let max = q["max_price"].flatMap(Int.init) { found = found.filter { ($0.wire["price"] as? Int).map { $0 <= max } ?? false } }
        switch q["sort"] ?? "RELEVANCE" {
        case "DISTANCE": found.sort { distance($0) < distance($1) }
        case "RATING": found.sort { ($0.wire["rating"] as! Double, $1.popularity) > ($1.wire["rating"] as! Double, $0.popularity) }
        case "POPULARITY": found.sort { $0.popularity > $1.popularity }
        case "RELEVANCE":
            // Name matches first, then nearer ones.
            found.sort { a, b in
                let na = words.allSatisfy { a.name.lowercased().contains($0) }, nb = words.allSatisfy { b.name.lowercased().contains($0) }
                if na != nb { return na }
                return distance(a) < distance(b)
            }
        default: return error(400, "Invalid sort parameter.")
        }
        let page = found.dropFirst(offset).prefix(limit).map { p -> [String: Any] in
            var wire = p.wire
            wire["distance"] = Int(distance(p).rounded())
            return selected(wire, fields)
        }
        var headers: [(String, String)] = []
        if offset + limit < found.count {
            let rest = request.target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            let kept = rest.split(separator: "&").filter { !$0.hasPrefix("cursor=") }.joined(separator: "&")
            let host = request.header("Host") ?? "places-api.foursquare.com"
            headers.append(("Link", "<http://\(host)/places/search?\(kept)&cursor=\(offset + limit)-\(fingerprint)>; rel=\"next\""))
        }
        let context: [String: Any] = [
            "geo_bounds": ["circle": ["center": ["latitude": center.0, "longitude": center.1], "radius": Int(radius)]]
        ]
        return json(["results": Array(page), "context": context], headers: headers)
    }

    /// `fields` named: exactly those (Premium included); none named: the Pro fields.
    private static func selected(_ wire: [String: Any], _ fields: Set<String>?) -> [String: Any] {
        guard let fields else { return wire.filter { !premiumFields.contains($0.key) } }
        return wire.filter { fields.contains($0.key) }
    }

    private static func json(_ object: Any, headers: [(String, String)]) -> FakeHTTPServer.Reply {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return .respond(status: 200, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: data)
    }
}
