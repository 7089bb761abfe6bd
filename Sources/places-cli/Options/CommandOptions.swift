import PlacesCore
import PlacesHTTP
import PlacesMap

/// Where a search is centred, as the user gave it.
enum LocationSpec: Sendable, Equatable {
    /// `--at LAT,LON`.
    case coordinate(Coordinate)
    /// `--near PLACE`: a gazetteer name, a PLACE_ID, `@ALIAS` (or a coordinate).
    case point(PointSpec)
}

/// `--format`, `--json`, `--fields`, and how a map is drawn.
struct OutputOptions: Sendable {
    var format = OutputFlags.format.defaultValue
    var fields = OutputFlags.fields.defaultValue
    var map = MapOptions()
}

/// `--size`, `--map-data`: read only with `--format svg` (given without it, a usage error).
struct MapOptions: Sendable, Equatable {
    var size = MapSize()
    var mapData: String?
}

/// `--size WxH`.
struct MapSize: Sendable, Equatable {
    var width = 800
    var height = 600

    static func parse(_ text: String) throws -> MapSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let range = MapContent.sizeRange
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), range.contains(width), range.contains(height)
        else {
            throw UsageError(
                "bad --size '\(text)': expected WIDTHxHEIGHT in pixels, each \(range.lowerBound) to \(range.upperBound), e.g. 800x600")
        }
        return MapSize(width: width, height: height)
    }
}

/// `--timeout`, `--retries`, `--dry-run`, `--record`, `--replay`, and the request policy
/// (`--cache`, `--max-tier`, `--language`, `--region`, `--verbose`).
struct NetworkOptions: Sendable {
    var timeoutSeconds = NetworkFlags.timeout.defaultValue
    var retries = NetworkFlags.retries.defaultValue
    var dryRun = false
    var recordDirectory: String?
    var replayDirectory: String?
    var policy = RequestPolicyOptions()

    /// Replaying: every answer from a directory, unless the missing-only mode records misses.
    var replays: Bool { replayDirectory != nil && !dryRun }
    /// Replaying and recording what is missing into the same directory.
    var recordsMissing: Bool { replays && recordDirectory != nil }
}

/// Which providers to ask, and the offline extract for `osm`.
struct ProviderOptions: Sendable {
    /// `--provider`; nil means the default from the environment.
    var providers: ProviderList?
    /// `--data FILE`; nil means `$PLACES_OSM_DATA` when the provider is osm.
    var dataFile: String?
    /// `--no-cache`: do not read or write the spatial index of a `--data` file.
    var noCache = false
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
    /// `--bbox`: inside a box instead of around a location.
    var box: BoundingBox?
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
    var output = OutputOptions()
    var network = NetworkOptions()
    var providerOptions = ProviderOptions()
    /// `--session TOKEN`: the autocomplete session this call ends.
    var session: AutocompleteSession? = nil
}

/// `nearby`/`search --from POINT --to POINT [--mode M] [--router R]`, typed.
struct AlongRouteOptions: Sendable, Equatable {
    var from: PointSpec
    var to: PointSpec
    var mode: TravelMode
    var router: RouterName
}
