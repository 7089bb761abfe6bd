/// The answer of `GET /autocomplete` (docs.foursquare.com/fsq-developers-places/reference/autocomplete,
/// version 2025-06-17): `results`, each of `type` place, search or geo, with
/// `text{primary, secondary, highlight[{start, length}]}` and, for a place, `place` (the
/// same fields as a search result). Decoded with `FoursquarePlaceWire.decoder` (snake_case).
struct FoursquareAutocompleteResponse: Decodable {
    var results: [Result]?

    struct Result: Decodable {
        var type: String?
        var text: Text?
        var place: FoursquareAutocompletePlace?
        var search: Search?
    }

    struct Text: Decodable {
        var primary, secondary: String?
        var highlight: [Highlight]?
    }

    /// Where the input matched `primary`. Its unit (UTF-16 or Unicode scalars) is not
    /// documented, so it is used only on ASCII text, where they agree.
    struct Highlight: Decodable {
        var start, length: Double?
    }

    struct Search: Decodable {
        var query: String?
    }
}

/// A place in an autocomplete result: the fields of a search result that a prediction reads,
/// and its `distance` (int32 metres from `ll`). Only these are decoded, so a value of another
/// type in a field a prediction does not read (`rating`, `hours`) does not fail the answer.
struct FoursquareAutocompletePlace: Decodable {
    var fsqPlaceId: String?
    var name: String?
    var latitude, longitude: Double?
    var categories: [FoursquarePlace.Category]?
    var location: FoursquarePlace.Location?
    var distance: Double?
}
