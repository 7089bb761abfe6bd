import Foundation
import PlacesGeodesy
import PlacesModel

/// One place in a Nominatim `format=jsonv2` answer: `/reverse` gives one object, `/search`
/// an array of them (github.com/osm-search/Nominatim `docs/api/Output.md`, and
/// `src/nominatim_api/v1/format_json.py` @ 86e7932d). `lat` and `lon` are strings (the code:
/// "lat and lon must be string values"); `place_id` and `osm_id` are numbers in current
/// servers and strings in older ones, so both are read.
struct NominatimPlace: Decodable, Sendable {
    var osmType: String?
    var osmID: String?
    var lat, lon: String?
    var displayName: String?
    var address: [String: String]?

    private enum CodingKeys: String, CodingKey {
        case osmType = "osm_type", osmID = "osm_id", lat, lon, displayName = "display_name", address
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        osmType = try c.decodeIfPresent(String.self, forKey: .osmType)
        osmID = try Self.numberOrString(c, .osmID)
        lat = try Self.numberOrString(c, .lat)
        lon = try Self.numberOrString(c, .lon)
        displayName = try c.decodeIfPresent(String.self, forKey: .displayName)
        // `address` values are strings; anything else in it is skipped, not fatal.
        if let loose = try? c.decodeIfPresent([String: LooseString].self, forKey: .address) {
            address = loose.compactMapValues(\.value)
        }
    }

    private static func numberOrString(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String? {
        if let text = try? c.decodeIfPresent(String.self, forKey: key) { return text }
        if let number = try? c.decodeIfPresent(Int64.self, forKey: key) { return String(number) }
        if let number = try c.decodeIfPresent(Double.self, forKey: key) { return String(number) }
        return nil
    }

    private struct LooseString: Decodable {
        var value: String?
        init(from decoder: Decoder) throws { value = try? decoder.singleValueContainer().decode(String.self) }
    }

    /// Where the place is, when both numbers read and lie on the globe.
    var coordinate: Coordinate? {
        guard let lat, let lon, let latitude = Double(lat), let longitude = Double(lon) else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    /// `osm:way/123` for a node, way or relation with a positive id (postcode results have none).
    var placeID: String? {
        guard let osmType, ["node", "way", "relation"].contains(osmType), let osmID, let id = Int64(osmID), id > 0 else { return nil }
        return "osm:\(osmType)/\(id)"
    }

    /// The parts as our record names them: `road`, `house_number`, `postcode`, the first of
    /// `city`, `town`, `village`, `municipality` (Output.md's address keys), `country_code`.
    var streetAddress: StreetAddress {
        let parts = address ?? [:]
        func part(_ key: String) -> String? { parts[key].flatMap { $0.isEmpty ? nil : $0 } }
        let street = part("road") ?? part("pedestrian") ?? part("footway")
        let city = part("city") ?? part("town") ?? part("village") ?? part("municipality")
        let line = StreetAddress.line(street: street, housenumber: part("house_number"), postcode: part("postcode"), city: city)
        return StreetAddress(
            formatted: street == nil ? (displayName ?? line) : line, street: street, housenumber: part("house_number"),
            postcode: part("postcode"), city: city, countryCode: part("country_code")?.uppercased())
    }
}

/// Nominatim's error bodies: `{"error": "Unable to geocode"}` in a 200 when nothing is at a
/// point (format_json.py), `{"error": {"code": 400, "message": "..."}}` with a 4xx
/// (format.py `_format_error`).
struct NominatimError: Decodable {
    struct Detail: Decodable {
        var code: Int?
        var message: String?
    }

    var text: String?
    var detail: Detail?

    private enum CodingKeys: String, CodingKey { case error }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try? c.decode(String.self, forKey: .error) {
            self.text = text
        } else {
            detail = try c.decode(Detail.self, forKey: .error)
        }
    }

    static func decode(_ body: Data) -> NominatimError? { try? JSONDecoder().decode(NominatimError.self, from: body) }
}
