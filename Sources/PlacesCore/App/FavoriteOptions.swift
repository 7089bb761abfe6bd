/// `places favorite add PLACE_ID [--note TEXT]`, typed.
public struct FavoriteAddOptions: Sendable {
    public var id: PlaceID
    /// Replaces the note when given (empty clears it); nil keeps the one a re-added favorite has.
    public var note: String?
    public var network: NetworkOptions
    public var providerOptions: ProviderOptions

    public init(id: PlaceID, note: String? = nil, network: NetworkOptions = NetworkOptions(),
                providerOptions: ProviderOptions = ProviderOptions()) {
        self.id = id
        self.note = note
        self.network = network
        self.providerOptions = providerOptions
    }
}

/// `places favorite list [LOCATION] [OUTPUT]`, typed.
public struct FavoriteListOptions: Sendable {
    public var location: LocationSpec?
    public var format: OutputFormat
    public var fields: FavoriteFieldSelection

    public init(location: LocationSpec? = nil, format: OutputFormat = .table, fields: FavoriteFieldSelection = .default) {
        self.location = location
        self.format = format
        self.fields = fields
    }
}
