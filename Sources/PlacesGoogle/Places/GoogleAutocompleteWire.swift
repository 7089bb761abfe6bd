import PlacesSupport

/// The answer of `POST /v1/places:autocomplete` (Places API v1 discovery document,
/// `GoogleMapsPlacesV1AutocompletePlacesResponse`, rev 20261101): suggestions "ordered in
/// descending order of relevance", each either a place prediction or a query prediction.
/// proto3 leaves out empty and zero values: no `suggestions` means none, a match without
/// `startOffset` starts at 0.
struct GoogleAutocompleteResponse: Decodable {
    var suggestions: [Suggestion]?

    struct Suggestion: Decodable {
        var placePrediction: PlacePrediction?
        var queryPrediction: QueryPrediction?
    }

    struct PlacePrediction: Decodable {
        /// "places/ID", and the bare ID.
        var place, placeId: String?
        var text: FormattableText?
        var structuredFormat: StructuredFormat?
        var types: [String]?
        /// int32 metres; only when the request had an `origin`.
        var distanceMeters: Double?
    }

    struct QueryPrediction: Decodable {
        var text: FormattableText?
        var structuredFormat: StructuredFormat?
    }

    struct StructuredFormat: Decodable {
        var mainText, secondaryText: FormattableText?
    }

    /// Text with the ranges that matched the input: "Unicode character offsets", start
    /// inclusive, end exclusive.
    struct FormattableText: Decodable {
        var text: String?
        var matches: [StringRange]?
    }

    struct StringRange: Decodable {
        var startOffset, endOffset: Double?
    }
}
