import PlacesCore

/// Where a search is centred, as the user gave it.
enum LocationSpec: Sendable, Equatable {
    /// `--at LAT,LON`.
    case coordinate(Coordinate)
    /// `--near PLACE`: a gazetteer name, a PLACE_ID, `@ALIAS` (or a coordinate).
    case point(PointSpec)
}

/// `--format`, `--json`, `--fields`.
struct OutputOptions: Sendable {
    var format: OutputFormat
    var fields: FieldSelection

    init(format: OutputFormat = .table, fields: FieldSelection = .default) {
        self.format = format
        self.fields = fields
    }
}

/// `--timeout`, `--retries`, `--dry-run`, `--record`, `--replay`, and the request policy
/// (`--cache`, `--max-tier`, `--language`, `--region`, `--verbose`).
struct NetworkOptions: Sendable {
    var timeoutSeconds: Double
    var retries: Int
    var dryRun: Bool
    var recordDirectory: String?
    var replayDirectory: String?
    var policy: RequestPolicyOptions

    /// Replaying: every answer from a directory, unless the missing-only mode records misses.
    var replays: Bool { replayDirectory != nil && !dryRun }
    /// Replaying and recording what is missing into the same directory.
    var recordsMissing: Bool { replays && recordDirectory != nil }

    static let defaultTimeout = HTTPClient.defaultTimeout
    static let defaultRetries = HTTPClient.defaultRetries

    init(timeoutSeconds: Double = NetworkOptions.defaultTimeout, retries: Int = NetworkOptions.defaultRetries,
                dryRun: Bool = false, recordDirectory: String? = nil, replayDirectory: String? = nil,
                policy: RequestPolicyOptions = RequestPolicyOptions()) {
        self.timeoutSeconds = timeoutSeconds
        self.retries = retries
        self.dryRun = dryRun
        self.recordDirectory = recordDirectory
        self.replayDirectory = replayDirectory
        self.policy = policy
    }
}

/// Which providers to ask, and the offline extract for `osm`.
struct ProviderOptions: Sendable {
    /// `--provider`; nil means the default from the environment.
    var providers: ProviderList?
    /// `--data FILE`; nil means `$PLACES_OSM_DATA` when the provider is osm.
    var dataFile: String?
    /// `--no-cache`: do not read or write the spatial index of a `--data` file.
    var noCache: Bool

    init(providers: ProviderList? = nil, dataFile: String? = nil, noCache: Bool = false) {
        self.providers = providers
        self.dataFile = dataFile
        self.noCache = noCache
    }
}

/// `places nearby` and `places search`, typed: the search's `SearchParameters`
/// (`options.limit`, `options.types`, ...) and how to run it.
@dynamicMemberLookup
struct SearchOptions: Sendable {
    /// Set for `search`; nil for `nearby`.
    var query: String?
    var location: LocationSpec?
    var parameters = SearchParameters()
    /// `--from POINT --to POINT`: along a route instead of around a location.
    var route: AlongRouteOptions?
    var output = OutputOptions()
    var network = NetworkOptions()
    var providerOptions = ProviderOptions()

    subscript<T>(dynamicMember keyPath: WritableKeyPath<SearchParameters, T>) -> T {
        get { parameters[keyPath: keyPath] }
        set { parameters[keyPath: keyPath] = newValue }
    }
}

/// `places details`, typed.
struct DetailsOptions: Sendable {
    var id: PlaceID
    var output: OutputOptions
    var network: NetworkOptions
    var providerOptions: ProviderOptions

    init(id: PlaceID, output: OutputOptions = OutputOptions(), network: NetworkOptions = NetworkOptions(),
                providerOptions: ProviderOptions = ProviderOptions()) {
        self.id = id
        self.output = output
        self.network = network
        self.providerOptions = providerOptions
    }
}

/// `nearby`/`search --from POINT --to POINT [--mode M] [--router R]`, typed.
struct AlongRouteOptions: Sendable, Equatable {
    var from: PointSpec
    var to: PointSpec
    var mode: TravelMode
    var router: RouterName
}
