/// Wire models of Places API (New) v1, named after the schemas in Google's discovery
/// document (`GoogleMapsPlacesV1Place`, `GoogleTypeLatLng`, ...; places.v1 rev 20261101).
///
/// Google omits every unset field (proto3 JSON), and returns only the fields in the
/// field mask, so every field is optional here; the mapper decides what a venue needs.
struct GooglePlace: Decodable, Sendable {
    var id: String?
    var displayName: GoogleLocalizedText?
    var formattedAddress: String?
    var location: GoogleLatLng?
    var types: [String]?
    var primaryType: String?
    var googleMapsUri: String?
    var rating: Double?
    /// An int32 count on the wire, read as a number so that a value out of range (`1e300`,
    /// `-1`, `2.5`) makes this one field unknown instead of failing the whole answer.
    var userRatingCount: Double?
    /// `PRICE_LEVEL_FREE` ... `PRICE_LEVEL_VERY_EXPENSIVE`; kept as text so a new value is not an error.
    var priceLevel: String?
    var currentOpeningHours, regularOpeningHours: GoogleOpeningHours?
    var internationalPhoneNumber, nationalPhoneNumber: String?
    var websiteUri: String?
    var photos: [GooglePhoto]?
    /// `OPERATIONAL`, `CLOSED_TEMPORARILY`, `CLOSED_PERMANENTLY`, `FUTURE_OPENING` (discovery
    /// document, Place.businessStatus); an unknown word is read as unknown.
    var businessStatus: String?
    /// At most 5, by relevance (discovery document, Place.reviews).
    var reviews: [GoogleReview]?
}

/// `GoogleTypeLocalizedText`.
struct GoogleLocalizedText: Decodable, Sendable {
    var text: String?
    var languageCode: String?
}

/// `GoogleMapsPlacesV1PlaceOpeningHours` (the parts used).
struct GoogleOpeningHours: Decodable, Sendable {
    var openNow: Bool?
    var weekdayDescriptions: [String]?
}

/// `GoogleMapsPlacesV1Photo`: `name` is `places/{id}/photos/{ref}`; its size and the
/// authors to credit are read for `places photo` (`GooglePhotoWire.swift`).
struct GooglePhoto: Decodable, Sendable {
    var name: String
    /// int32 on the wire, read as numbers so that a value out of range makes the size unknown.
    var widthPx, heightPx: Double?
    var authorAttributions: [GooglePhotoAuthorAttribution]?
    var googleMapsUri: String?
}

/// `GoogleMapsPlacesV1SearchNearbyResponse` / `...SearchTextResponse`: no `places` key when nothing matched.
struct GoogleSearchResponse: Decodable, Sendable {
    var places: [GooglePlace]?
    var nextPageToken: String?
    /// Text Search along a route with `routingSummaries` in the mask: one per place, in the
    /// places' order (`{}` where Google has none).
    var routingSummaries: [GoogleRoutingSummary]?
}

/// A place's `RoutingSummary`: along a route, two legs, origin → place and place →
/// destination (Places API v1 discovery document; notes/wire-facts.md §4.2).
struct GoogleRoutingSummary: Decodable, Sendable {
    struct Leg: Decodable, Sendable {
        /// A protobuf Duration, e.g. `"3.5s"`.
        var duration: String?
        var distanceMeters: Double?
    }

    var legs: [Leg]?
}

/// The `google.rpc.Status` error envelope every Google API uses.
struct GoogleErrorEnvelope: Decodable, Sendable {
    struct Status: Decodable, Sendable {
        struct Detail: Decodable, Sendable {
            var reason: String?
        }
        var code: Int?
        var message: String?
        var status: String?
        var details: [Detail]?
    }
    var error: Status
}

/// One review of a place (discovery document, Review): each value may be absent.
struct GoogleReview: Decodable, Sendable {
    struct Author: Decodable, Sendable {
        var displayName: String?
        var uri: String?
    }

    var rating: Double?
    var text: GoogleLocalizedText?
    var originalText: GoogleLocalizedText?
    var authorAttribution: Author?
    var publishTime: String?
    var relativePublishTimeDescription: String?
}
