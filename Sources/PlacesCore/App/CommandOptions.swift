/// Where a search is centred, as the user gave it.
public enum LocationSpec: Sendable, Equatable {
    /// `--at LAT,LON`.
    case coordinate(Coordinate)
    /// `--near NAME`, resolved with the bundled gazetteer.
    case placeName(String)
}

/// `--format`, `--json`, `--fields`.
public struct OutputOptions: Sendable {
    public var format: OutputFormat
    public var fields: FieldSelection

    public init(format: OutputFormat = .table, fields: FieldSelection = .default) {
        self.format = format
        self.fields = fields
    }
}

/// `--timeout`, `--retries`, `--dry-run`, `--record`, `--replay`.
public struct NetworkOptions: Sendable {
    public var timeoutSeconds: Double
    public var retries: Int
    public var dryRun: Bool
    public var recordDirectory: String?
    public var replayDirectory: String?

    public static let defaultTimeout = 10.0
    public static let defaultRetries = 2

    public init(timeoutSeconds: Double = NetworkOptions.defaultTimeout, retries: Int = NetworkOptions.defaultRetries,
                dryRun: Bool = false, recordDirectory: String? = nil, replayDirectory: String? = nil) {
        self.timeoutSeconds = timeoutSeconds
        self.retries = retries
        self.dryRun = dryRun
        self.recordDirectory = recordDirectory
        self.replayDirectory = replayDirectory
    }
}

/// Which provider to ask, and the offline extract for `osm`.
public struct ProviderOptions: Sendable {
    /// `--provider`; nil means the default from the environment.
    public var provider: ProviderName?
    /// `--data FILE`; nil means `$PLACES_OSM_DATA` when the provider is osm.
    public var dataFile: String?
    /// `--no-cache`: do not read or write the spatial index of a `--data` file.
    public var noCache: Bool

    public init(provider: ProviderName? = nil, dataFile: String? = nil, noCache: Bool = false) {
        self.provider = provider
        self.dataFile = dataFile
        self.noCache = noCache
    }
}

/// `places nearby` and `places search`, typed.
public struct SearchOptions: Sendable {
    /// Set for `search`; nil for `nearby`.
    public var query: String?
    public var location: LocationSpec?
    public var types: [PlaceCategory]
    public var radiusMeters: Double?
    public var limit: Int
    public var sort: SortOrder?
    public var openNow: Bool
    public var minRating: Double?
    public var price: PriceRange?
    public var filterText: String?
    public var groupByCuisine: Bool
    public var favoritesOnly: Bool
    public var output: OutputOptions
    public var network: NetworkOptions
    public var providerOptions: ProviderOptions

    public init(query: String? = nil, location: LocationSpec? = nil, types: [PlaceCategory] = [], radiusMeters: Double? = nil,
                limit: Int = SearchRequest.defaultLimit, sort: SortOrder? = nil, openNow: Bool = false,
                minRating: Double? = nil, price: PriceRange? = nil, filterText: String? = nil,
                groupByCuisine: Bool = false, favoritesOnly: Bool = false, output: OutputOptions = OutputOptions(),
                network: NetworkOptions = NetworkOptions(), providerOptions: ProviderOptions = ProviderOptions()) {
        self.query = query
        self.location = location
        self.types = types
        self.radiusMeters = radiusMeters
        self.limit = limit
        self.sort = sort
        self.openNow = openNow
        self.minRating = minRating
        self.price = price
        self.filterText = filterText
        self.groupByCuisine = groupByCuisine
        self.favoritesOnly = favoritesOnly
        self.output = output
        self.network = network
        self.providerOptions = providerOptions
    }
}

/// `places details`, typed.
public struct DetailsOptions: Sendable {
    public var id: PlaceID
    public var output: OutputOptions
    public var network: NetworkOptions
    public var providerOptions: ProviderOptions

    public init(id: PlaceID, output: OutputOptions = OutputOptions(), network: NetworkOptions = NetworkOptions(),
                providerOptions: ProviderOptions = ProviderOptions()) {
        self.id = id
        self.output = output
        self.network = network
        self.providerOptions = providerOptions
    }
}
