import PlacesCore

/// `places favorite add PLACE_ID [--note TEXT] [--alias NAME]`, typed.
struct FavoriteAddOptions: Sendable {
    var id: PlaceID
    /// Replaces the note when given (empty clears it); nil keeps the one a re-added favorite has.
    var note: String?
    /// Sets the alias when given (empty removes it); nil keeps the one a re-added favorite has.
    var alias: String?
    /// `--fields`: fields to fetch into the snapshot beyond the default (`+phone,+website`); nil: none.
    var extraFields: Set<VenueField>?
    var network = NetworkOptions()
    var providerOptions = ProviderOptions()
}

/// `places favorite list [LOCATION] [OUTPUT]`, typed.
struct FavoriteListOptions: Sendable {
    var location: LocationSpec?
    var format: OutputFormat
    var fields: FavoriteFieldSelection
    var map = MapOptions()
}
