/// A source that predicts places as someone types (`PlacesClient.autocomplete`): Google's
/// Autocomplete (New), Foursquare's autocomplete, an extract's names offline.
package protocol AutocompleteProvider: PlaceProvider {
    /// Predictions for `request`, best first (nearest first offline, with a centre). The
    /// request has been validated. `sessionToken` goes to providers that bill by session.
    func autocomplete(
        _ request: AutocompleteRequest, sessionToken: String?, diagnostics: Diagnostics
    ) async throws -> [AutocompletePrediction]

    /// One place, the call that ends the autocomplete session of `sessionToken` where
    /// the provider bills by session.
    func details(_ id: PlaceID, fields: Set<VenueField>, sessionToken: String?, diagnostics: Diagnostics) async throws -> Venue
}
