import Foundation

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesSupport

/// A fake Places API (New) over loopback that speaks the documented wire format:
/// `places:searchNearby`, `places:searchText` (with page tokens), `GET /v1/places/{id}` and
/// `places:autocomplete` (`FakeGoogleAutocomplete`),
/// returning only the fields in `X-Goog-FieldMask`, with Google's error envelopes.
///
/// Its places are the food and drink places of the bundled Helsinki OSM extract (real names
/// and positions, © OpenStreetMap contributors, ODbL) given Google-style ids and
/// deterministic synthetic ratings, prices, hours and photos derived from a hash of the OSM id.
/// With `disagreeingCafes`, its cafes disagree with OpenStreetMap's as a real provider's do
/// (`FakeCafeDisagreement`): some missing, all moved a little, some renamed, and two
/// OpenStreetMap lacks; the merge of several providers (issue 16) is tested on those.
final class FakeGooglePlaces: @unchecked Sendable {
    /// A key that the fake treats as belonging to a project without Places API (New) enabled.
    static let revokedKey = "REVOKED-KEY"
    /// A key that the fake treats as not valid at all.
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

    /// Every place exactly as OpenStreetMap has it. Built once and never mutated.
    nonisolated(unsafe) static let places: [[String: Any]] = makePlaces(disagreeingCafes: false)
    /// The same, but the cafes as `FakeCafeDisagreement` says Google sees them.
    nonisolated(unsafe) static let disagreeingPlaces: [[String: Any]] = makePlaces(disagreeingCafes: true)

    private static func makePlaces(disagreeingCafes: Bool) -> [[String: Any]] {
        let data = try! Data(contentsOf: URL(fileURLWithPath: PlacesBinary.helsinkiData))
        let root = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        var elements = root["elements"] as! [[String: Any]]
        for (key, view, _) in FakeCafeDisagreement.unmapped where disagreeingCafes {
            elements.append([
                "type": "unmapped", "id": Int(key.split(separator: "/")[1])!, "lat": view.latitude, "lon": view.longitude,
                "tags": ["name": view.name, "amenity": "cafe"], "unmapped": true,
            ])
        }
        var out: [[String: Any]] = []
        for element in elements {
            guard let tags = element["tags"] as? [String: String], var name = tags["name"],
                let types = googleTypes(tags)
            else { continue }
            let type = element["type"] as! String, osmID = element["id"] as! Int
            let center = element["center"] as? [String: Double]
            var lat = (element["lat"] as? Double) ?? center!["lat"]!, lon = (element["lon"] as? Double) ?? center!["lon"]!
            if disagreeingCafes, tags["amenity"] == "cafe", element["unmapped"] == nil {
                guard
                    let view = FakeCafeDisagreement.view(
                        of: "\(type)/\(osmID)", name: name, latitude: lat, longitude: lon, provider: .google)
                else { continue }
                (name, lat, lon) = (view.name, view.latitude, view.longitude)
            }
            let digest = SHA256.hex("osm:\(type)/\(osmID)")
            let h = Int(digest.prefix(8), radix: 16)!
            let id = "ChIJ" + base64url(digest).prefix(23)
            var place: [String: Any] = [
                "id": id, "name": "places/\(id)",
                "displayName": ["text": name, "languageCode": "fi"],
                "location": ["latitude": lat, "longitude": lon],
                "types": types, "primaryType": types[0],
                "formattedAddress": address(tags),
                "googleMapsUri": "https://maps.google.com/?cid=\(h)",
                "rating": Double(30 + h % 20) / 10, "userRatingCount": 5 + h % 1900,
                "currentOpeningHours": [
                    "openNow": h % 3 != 0,
                    "weekdayDescriptions": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map {
                        "\($0): \(10 + h % 3):00 – \(20 + h % 4):00"
                    },
                ],
                "photos": [["name": "places/\(id)/photos/AUc\(digest.prefix(20))", "widthPx": 4032, "heightPx": 3024]],
                // Two reviews (an Enterprise + Atmosphere field), the second with control characters.
                "reviews": [
                    [
                        "name": "places/\(id)/reviews/R1", "rating": Double(1 + h % 5), "relativePublishTimeDescription": "a month ago",
                        "text": ["text": "Good \(name), friendly staff and a quiet corner by the window.", "languageCode": "en"],
                        "authorAttribution": ["displayName": "Aino Example", "uri": "https://www.google.com/maps/contrib/1"],
                        "publishTime": "2026-10-0\(1 + h % 9)T12:00:00Z",
                    ],
                    [
                        "name": "places/\(id)/reviews/R2", "rating": 4,
                        "text": ["text": "Kiva paikka\u{1B}[31m!", "languageCode": "fi"], "publishTime": "2025-01-02T03:04:05Z",
                    ],
                ],
                // One place in 17 closed for good, one in 13 closed for a while.
                "businessStatus": h % 17 == 0 ? "CLOSED_PERMANENTLY" : h % 13 == 0 ? "CLOSED_TEMPORARILY" : "OPERATIONAL",
            ]
            if h % 5 != 0 {
                place["priceLevel"] =
                    ["PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE", "PRICE_LEVEL_EXPENSIVE", "PRICE_LEVEL_VERY_EXPENSIVE"][h % 4]
            }
            if let phone = tags["phone"] ?? tags["contact:phone"] { place["internationalPhoneNumber"] = phone }
            if let web = tags["website"] ?? tags["contact:website"] { place["websiteUri"] = web }
            out.append(place)
        }
        return out
    }

    /// The id this fake gives the place made from OSM element `element` (`node/123`, or a
    /// `FakeCafeDisagreement.unmapped` key).
    static func placeID(forOSM element: String) -> String {
        "ChIJ" + base64url(SHA256.hex("osm:\(element)")).prefix(23)
    }

    private static func googleTypes(_ tags: [String: String]) -> [String]? {
        let tail = ["food", "point_of_interest", "establishment"]
        switch tags["amenity"] {
        case "restaurant":
            let cuisine = tags["cuisine"]?.split(separator: ";").first.map { String($0).lowercased() }
            let specific: [String] =
                cuisine.map {
                    [
                        "sushi", "italian", "chinese", "indian", "thai", "vietnamese", "japanese", "pizza", "mexican", "greek", "french",
                        "nepalese",
                    ].contains($0) ? ["\($0)_restaurant"] : []
                } ?? []
            return specific + ["restaurant"] + tail
        case "cafe": return ["cafe", "coffee_shop"] + tail
        case "bar": return ["bar"] + tail
        case "pub": return ["pub", "bar"] + tail
        case "fast_food": return ["fast_food_restaurant", "restaurant"] + tail
        default: return nil
        }
    }

    private static func address(_ tags: [String: String]) -> String {
        var parts: [String] = []
        if let street = tags["addr:street"] { parts.append(street + (tags["addr:housenumber"].map { " \($0)" } ?? "")) }
        parts.append([tags["addr:postcode"], "Helsinki"].compactMap { $0 }.joined(separator: " "))
        return (parts + ["Finland"]).joined(separator: ", ")
    }

    private static func base64url(_ hex: String) -> String {
        var bytes: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex { let j = hex.index(i, offsetBy: 2); bytes.append(UInt8(hex[i..<j], radix: 16)!); i = j }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    // MARK: - Answers

    static func error(_ code: Int, _ status: String, _ message: String, reason: String? = nil) -> FakeHTTPServer.Reply {
        var error: [String: Any] = ["code": code, "message": message, "status": status]
        if let reason {
            error["details"] = [
                [
                    "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "googleapis.com",
                    "metadata": ["service": "places.googleapis.com"],
                ]
            ]
        }
        let data = try! JSONSerialization.data(withJSONObject: ["error": error], options: [.sortedKeys, .prettyPrinted])
        return .respond(status: code, headers: [("Content-Type", "application/json; charset=UTF-8")], body: data)
    }

    static func answer(_ request: FakeHTTPServer.Request, places: [[String: Any]]) -> FakeHTTPServer.Reply {
        switch request.header("X-Goog-Api-Key") {
        case nil:
            return error(
                403, "PERMISSION_DENIED",
                "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API."
            )
        case invalidKey?:
            return error(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", reason: "API_KEY_INVALID")
        case revokedKey?:
            return error(
                403, "PERMISSION_DENIED", "Places API (New) has not been used in project 123456789 before or it is disabled.",
                reason: "SERVICE_DISABLED")
        default: break
        }
        // Autocomplete takes no field mask.
        if request.method == "POST" && request.path == "/v1/places:autocomplete" {
            return FakeGoogleAutocomplete.answer(request, places: places)
        }
        // Place Details ending an autocomplete session: the token as Google checks it.
        if let token = request.query["sessionToken"], !FakeGoogleAutocomplete.isSessionToken(token) {
            return error(400, "INVALID_ARGUMENT", "Invalid session token.")
        }
        guard let mask = request.header("X-Goog-FieldMask"), !mask.isEmpty else {
            return error(
                400, "INVALID_ARGUMENT",
                "FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it. As an example, you can set the header 'X-Goog-FieldMask' to value 'displayName', 'id' to ask for the display name and the id of a place."
            )
        }
        let paths = mask.split(separator: ",").map(String.init)
        switch (request.method, request.path) {
        case ("POST", "/v1/places:searchNearby"):
            return searchNearby(request, places: places, paths: paths)
        case ("POST", "/v1/places:searchText"):
            return searchText(request, places: places, paths: paths)
        case ("GET", let path) where path.hasPrefix("/v1/places/"):
            let id = String(path.dropFirst("/v1/places/".count))
            guard paths.allSatisfy({ !$0.hasPrefix("places.") }) else {
                return error(400, "INVALID_ARGUMENT", "Invalid field: places.id")
            }
            guard let place = places.first(where: { $0["id"] as? String == id }) else {
                return error(404, "NOT_FOUND", "Requested entity was not found.")
            }
            return json(masked(place, paths))
        default:
            return error(404, "NOT_FOUND", "Method not found.")
        }
    }

    private static func searchNearby(_ request: FakeHTTPServer.Request, places: [[String: Any]], paths: [String]) -> FakeHTTPServer.Reply {
        guard let body = request.json, let circle = (body["locationRestriction"] as? [String: Any])?["circle"] as? [String: Any],
            let center = circle["center"] as? [String: Double], let radius = circle["radius"] as? Double
        else {
            return error(400, "INVALID_ARGUMENT", "locationRestriction is required.")
        }
        guard radius > 0, radius <= 50000 else { return error(400, "INVALID_ARGUMENT", "Invalid radius. It must be in (0.0, 50000.0].") }
        let max = body["maxResultCount"] as? Int ?? 20
        guard (1...20).contains(max) else { return error(400, "INVALID_ARGUMENT", "maxResultCount must be between 1 and 20.") }
        let included = Set(body["includedTypes"] as? [String] ?? [])
        var found = places.filter { place in
            distance(place, center) <= radius && (included.isEmpty || !included.isDisjoint(with: place["types"] as! [String]))
        }
        if body["rankPreference"] as? String == "DISTANCE" {
            found.sort { distance($0, center) < distance($1, center) }
        } else {
            found.sort { ($0["userRatingCount"] as! Int) > ($1["userRatingCount"] as! Int) }
        }
        let page = found.prefix(max).map { masked($0, prefixed: paths) }
        return json(page.isEmpty ? [:] : ["places": Array(page)])
    }

    private static func searchText(_ request: FakeHTTPServer.Request, places: [[String: Any]], paths: [String]) -> FakeHTTPServer.Reply {
        guard var body = request.json, let query = body["textQuery"] as? String, !query.isEmpty else {
            return error(400, "INVALID_ARGUMENT", "textQuery is required.")
        }
        let pageSize = min(20, max(1, body["pageSize"] as? Int ?? 20))
        let token = body.removeValue(forKey: "pageToken") as? String
        body.removeValue(forKey: "pageSize")
        let fingerprint = String(
            SHA256.hex(String(decoding: try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)).prefix(
                12))
        var offset = 0
        if let token {
            let parts = token.split(separator: "-")
            guard parts.count == 3, parts[0] == "AeCrK", parts[2] == fingerprint, let n = Int(parts[1]) else {
                return error(400, "INVALID_ARGUMENT", "Request contains an invalid argument.")
            }
            offset = n
        }
        let words = query.lowercased().split(separator: " ")
        var found = places.filter { place in
            let name = ((place["displayName"] as! [String: Any])["text"] as! String).lowercased()
            let types = (place["types"] as! [String]).joined(separator: " ").replacingOccurrences(of: "_", with: " ")
            return words.allSatisfy { name.contains($0) || types.contains($0) }
        }
        if let type = body["includedType"] as? String, body["strictTypeFiltering"] as? Bool == true {
            found = found.filter { ($0["types"] as! [String]).contains(type) }
        }
        if body["openNow"] as? Bool == true {
            found = found.filter { (($0["currentOpeningHours"] as? [String: Any])?["openNow"] as? Bool) == true }
        }
        if let min = body["minRating"] as? Double { found = found.filter { ($0["rating"] as! Double) >= (min * 2).rounded(.up) / 2 } }
        if let levels = body["priceLevels"] as? [String] {
            found = found.filter { ($0["priceLevel"] as? String).map(levels.contains) ?? false }
        }
        var origin: [String: Double]?
        if let rect = (body["locationRestriction"] as? [String: Any])?["rectangle"] as? [String: [String: Double]] {
            let low = rect["low"]!, high = rect["high"]!
            found = found.filter { place in
                let l = place["location"] as! [String: Double]
                return (low["latitude"]!...high["latitude"]!).contains(l["latitude"]!)
                    && (low["longitude"]!...high["longitude"]!).contains(l["longitude"]!)
            }
            origin = ["latitude": (low["latitude"]! + high["latitude"]!) / 2, "longitude": (low["longitude"]! + high["longitude"]!) / 2]
        } else if let circle = (body["locationBias"] as? [String: Any])?["circle"] as? [String: Any] {
            origin = circle["center"] as? [String: Double]
        }
        if let origin {
            // DISTANCE ranks purely by distance; RELEVANCE here means name matches first, then near ones.
            let byDistance = body["rankPreference"] as? String == "DISTANCE"
            found.sort { a, b in
                let na = words.allSatisfy { ((a["displayName"] as! [String: Any])["text"] as! String).lowercased().contains($0) }
                let nb = words.allSatisfy { ((b["displayName"] as! [String: Any])["text"] as! String).lowercased().contains($0) }
                if !byDistance && na != nb { return na }
                return distance(a, origin) < distance(b, origin)
            }
        }
        found = Array(found.prefix(60))
        let page = Array(found.dropFirst(offset).prefix(pageSize))
        var out: [String: Any] = [:]
        if !page.isEmpty { out["places"] = page.map { masked($0, prefixed: paths) } }
        if offset + pageSize < found.count, paths.contains("nextPageToken") {
            out["nextPageToken"] = "AeCrK-\(offset + pageSize)-\(fingerprint)"
        }
        return json(out)
    }

    private static func masked(_ place: [String: Any], prefixed paths: [String]) -> [String: Any] {
        if paths.contains("*") { return place }
        return masked(place, paths.filter { $0.hasPrefix("places.") }.map { String($0.dropFirst("places.".count)) })
    }

    private static func masked(_ place: [String: Any], _ fields: [String]) -> [String: Any] {
        if fields.contains("*") { return place }
        return place.filter { fields.contains($0.key) }
    }

    private static func distance(_ place: [String: Any], _ center: [String: Double]) -> Double {
        let l = place["location"] as! [String: Double]
        return GeodesicDistance.meters(
            from: try! Coordinate(latitude: center["latitude"]!, longitude: center["longitude"]!),
            to: try! Coordinate(latitude: l["latitude"]!, longitude: l["longitude"]!))
    }

    private static func json(_ object: Any) -> FakeHTTPServer.Reply {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return .respond(status: 200, headers: [("Content-Type", "application/json; charset=UTF-8")], body: data)
    }
}
