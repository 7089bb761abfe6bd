import Foundation

/// Wire models of the Foursquare Places API (`places-api.foursquare.com`, version
/// 2025-06-17), named after its response fields (shared/reference/providers.md §3.1 and
/// the real 2025 search and details responses in shared/reference/examples).
///
/// Foursquare returns only the fields named in `fields` and omits (or sends `""` for)
/// what it does not know, so every field is optional here; the mapper decides what a
/// venue needs. The wire is snake_case: decode with `FoursquarePlaceWire.decoder`.
enum FoursquarePlaceWire {
    /// `fsq_place_id` → `fsqPlaceId`, `formatted_address` → `formattedAddress`, ...
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}

/// One place, from a search's `results` or a details answer.
struct FoursquarePlace: Decodable, Sendable {
    /// One entry of `categories`: `fsq_category_id` is a 24-hex BSON id (v3 used integers).
    struct Category: Decodable, Sendable {
        var fsqCategoryId, name: String?
    }

    /// `location`: the parts an address is made of when there is no `formatted_address`
    /// (`region` and `country` are not read).
    struct Location: Decodable, Sendable {
        var address: String?
        var locality: String?
        var postcode: String?
        var formattedAddress: String?
    }

    /// `hours` in the v3 shape (assumed unchanged on the new host: providers.md §3.1).
    struct Hours: Decodable, Sendable {
        var display: String?
        var openNow: Bool?
    }

    var fsqPlaceId: String?
    var name: String?
    /// Top level since the 2025 API (v3 had `geocodes.main`).
    var latitude, longitude: Double?
    var categories: [Category]?
    var location: Location?
    var tel: String?
    /// The day Foursquare marked the place closed for good ("2025-09-02"); absent while open.
    var dateClosed: String?
    /// What visitors wrote (a Premium field), as the tips endpoint's records: text, created_at, lang.
    var tips: [Tip]?

    struct Tip: Decodable, Sendable {
        var text: String?
        var createdAt: String?
        var lang: String?
    }
    var website: String?
    /// Premium: 0.0–10.0.
    var rating: Double?
    /// Premium: 1 (cheap) … 4 (very expensive); read as a number so that a value out of range
    /// makes this one field unknown instead of failing the whole answer.
    var price: Double?
    /// Premium.
    var hours: Hours?
    // Not read: `distance` (distances are computed on the ellipsoid) and `link` (an API path).
}

/// `GET /places/search`: no `results` is read as none.
struct FoursquareSearchResponse: Decodable, Sendable {
    var results: [FoursquarePlace]?
}

/// Foursquare's error body: `{"message": "..."}`.
struct FoursquareErrorBody: Decodable, Sendable {
    var message: String?
}
