import PlacesGeodesy
import PlacesModel

/// Geocoding API v4 answers: `GeocodeLocationResponse` (`{"results": [...], "plusCode": {...}}`)
/// and `GeocodeAddressResponse` (`{"results": [...]}`), each result a `GeocodeResult`
/// (developers.google.com/maps/documentation/geocoding/reference/rest/v4/GeocodeLocationResponse
/// and .../GeocodeResult; field names as the official client `google-maps-geocode` 0.3.1,
/// `google/maps/geocode_v4/types/geocode_service.py`, has them in lowerCamelCase JSON).
/// No result is an empty or missing `results` (the documentation shows no such answer, so
/// both are read as "nothing here").
struct GoogleGeocodeResponse: Decodable, Sendable {
    var results: [GoogleGeocodeResult]?
}

struct GoogleGeocodeResult: Decodable, Sendable {
    /// `addressComponents[]`: `longText`, `shortText`, and `types` from the address types
    /// (`route`, `street_number`, `postal_code`, `locality`, `postal_town`, `country`, ...).
    struct Component: Decodable, Sendable {
        var longText, shortText: String?
        var types: [String]?
    }

    var placeId: String?
    var location: GoogleLatLng?
    /// `ROOFTOP`, `RANGE_INTERPOLATED`, `GEOMETRIC_CENTER`, `APPROXIMATE`.
    var granularity: String?
    var formattedAddress: String?
    var addressComponents: [Component]?
    var types: [String]?

    /// The position, when there is one and it lies on the globe.
    var coordinate: Coordinate? { location?.coordinate }

    /// `google:PLACE_ID`, for an id of plain characters.
    var id: String? {
        guard let placeId, !placeId.isEmpty, placeId.count <= 1000,
            placeId.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        return "google:\(placeId)"
    }

    /// The parts by type: street `route`, house number `street_number`, postcode
    /// `postal_code`, city `locality` (else `postal_town`), country `country`'s short text.
    var streetAddress: StreetAddress {
        func part(_ type: String, short: Bool = false) -> String? {
            let component = addressComponents?.first { $0.types?.contains(type) == true }
            let text = short ? component?.shortText : component?.longText
            return text.flatMap { $0.isEmpty ? nil : $0 }
        }
        return StreetAddress(
            formatted: formattedAddress, street: part("route"), housenumber: part("street_number"),
            postcode: part("postal_code"), city: part("locality") ?? part("postal_town"),
            countryCode: part("country", short: true)?.uppercased())
    }
}
