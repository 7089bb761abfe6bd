import Foundation

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy
@testable import PlacesSupport

/// `POST /v1/places:autocomplete` for `FakeGooglePlaces`, as the Places API v1 discovery
/// document (rev 20261101) and the using-session-tokens example describe it: no field mask;
/// `input` required; at most one of `locationBias` and `locationRestriction` (a circle of
/// radius 0–50000); `origin` for `distanceMeters`; at most 5 `includedPrimaryTypes`;
/// `sessionToken` URL-safe base64 of at most 36 characters (else INVALID_ARGUMENT); at
/// most 5 place predictions, with `matches` whose zero `startOffset` is left out (proto3),
/// and an empty answer `{}`.
///
/// A place matches when every word of the input begins a word of its name; those whose
/// first word matches come first, then by distance from the bias or restriction centre.
enum FakeGoogleAutocomplete {
    static func answer(_ request: FakeHTTPServer.Request, places: [[String: Any]]) -> FakeHTTPServer.Reply {
        guard let body = request.json, let input = body["input"] as? String, !input.isEmpty else {
            return FakeGooglePlaces.error(400, "INVALID_ARGUMENT", "Invalid input: input must not be empty.")
        }
        if let token = body["sessionToken"] {
            guard let token = token as? String, isSessionToken(token) else {
                return FakeGooglePlaces.error(400, "INVALID_ARGUMENT", "Invalid session token.")
            }
        }
        if body["locationBias"] != nil && body["locationRestriction"] != nil {
            return FakeGooglePlaces.error(400, "INVALID_ARGUMENT", "Only one of location_bias and location_restriction may be set.")
        }
        let area = (body["locationRestriction"] ?? body["locationBias"]) as? [String: Any]
        var center: [String: Double]?
        var restriction: Double?
        if let area {
            guard let circle = area["circle"] as? [String: Any], let c = circle["center"] as? [String: Double],
                let radius = circle["radius"] as? Double, (0...50000).contains(radius)
            else {
                return FakeGooglePlaces.error(400, "INVALID_ARGUMENT", "Invalid circle: radius must be within [0.0, 50000.0].")
            }
            center = c
            if body["locationRestriction"] != nil { restriction = radius }
        }
        let types = body["includedPrimaryTypes"] as? [String] ?? []
        guard types.count <= 5 else { return FakeGooglePlaces.error(400, "INVALID_ARGUMENT", "At most 5 included primary types.") }
        let origin = body["origin"] as? [String: Double]
        let words = words(input)
        var found: [(place: [String: Any], first: Bool, meters: Double)] = []
        for place in places {
            let name = (place["displayName"] as! [String: Any])["text"] as! String
            let nameWords = self.words(name)
            guard words.allSatisfy({ w in nameWords.contains { $0.hasPrefix(w) } }) else { continue }
            if !types.isEmpty, !(place["types"] as! [String]).contains(where: types.contains) { continue }
            let meters = center.map { distance(place, $0) } ?? 0
            if let restriction, meters > restriction { continue }
            found.append((place, nameWords.first?.hasPrefix(words[0]) ?? false, meters))
        }
        found.sort { $0.first != $1.first ? $0.first : $0.meters < $1.meters }
        var suggestions: [[String: Any]] = found.prefix(5).map { hit in
            let place = hit.place
            let id = place["id"] as! String
            let name = (place["displayName"] as! [String: Any])["text"] as! String
            let address = place["formattedAddress"] as! String
            var prediction: [String: Any] = [
                "place": "places/\(id)", "placeId": id,
                "text": ["text": "\(name), \(address)", "matches": matches(words, in: name)],
                "structuredFormat": ["mainText": ["text": name, "matches": matches(words, in: name)], "secondaryText": ["text": address]],
                "types": place["types"] as! [String],
            ]
            if let origin { prediction["distanceMeters"] = Int(distance(place, origin).rounded()) }
            return ["placePrediction": prediction]
        }
        if body["includeQueryPredictions"] as? Bool == true {
            let text = "\(input) restaurants"
            suggestions.append([
                "queryPrediction": [
                    "text": ["text": text, "matches": [["endOffset": input.unicodeScalars.count]]],
                    "structuredFormat": ["mainText": ["text": text, "matches": [["endOffset": input.unicodeScalars.count]]]],
                ]
            ])
        }
        let object: [String: Any] = suggestions.isEmpty ? [:] : ["suggestions": suggestions]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return .respond(status: 200, headers: [("Content-Type", "application/json; charset=UTF-8")], body: data)
    }

    /// "a URL and filename safe base64 string with at most 36 ASCII characters".
    static func isSessionToken(_ token: String) -> Bool {
        (1...36).contains(token.utf8.count)
            && token.utf8.allSatisfy { b in
                (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) || b == 0x2D || b == 0x5F
            }
    }

    static func words(_ text: String) -> [String] {
        TextFolding.fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Where the input's words begin words of `name`, in Unicode scalar offsets; a zero start left out.
    private static func matches(_ words: [String], in name: String) -> [[String: Int]] {
        var out: [[String: Int]] = []
        var offset = 0
        for token in name.split(separator: " ", omittingEmptySubsequences: false) {
            let folded = TextFolding.fold(String(token))
            if let word = words.first(where: { folded.hasPrefix($0) && !$0.isEmpty }) {
                var match = ["endOffset": offset + word.unicodeScalars.count]
                if offset > 0 { match["startOffset"] = offset }
                out.append(match)
            }
            offset += token.unicodeScalars.count + 1
        }
        return out
    }

    private static func distance(_ place: [String: Any], _ center: [String: Double]) -> Double {
        let l = place["location"] as! [String: Double]
        return GeodesicDistance.meters(
            from: try! Coordinate(latitude: center["latitude"]!, longitude: center["longitude"]!),
            to: try! Coordinate(latitude: l["latitude"]!, longitude: l["longitude"]!))
    }
}
