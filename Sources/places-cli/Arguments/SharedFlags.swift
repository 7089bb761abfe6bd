import PlacesCore
import PlacesHTTP

// The flags several commands share, each declared once and grouped as help shows them. A
// command lists a group in its spec (`LocationFlags.group`) or some of its flags, and reads
// them with `args[LocationFlags.at]` (Options/SharedOptions.swift reads the groups).

/// `--at`, `--near`: where a search is centred.
enum LocationFlags {
    static let at = Flag<Coordinate?>(
        "at", value: "LAT,LON", help: "centre in decimal degrees, WGS84; negative values work: --at -33.8688,151.2093",
        parse: Coordinate.parse)
    static let near = Flag<PointSpec?>(
        "near", value: "PLACE",
        help:
            "centre from the bundled gazetteer, offline: 'Paris' (most populous), 'Paris, FR', 'Helsinki, Finland', 'Cambridge, MA'; or a favorite: a PLACE_ID or @ALIAS"
    ) { try PointSpec.parse($0, flag: "--near") }

    static let bbox = Flag<BoundingBox?>(
        "bbox", value: "SOUTH,WEST,NORTH,EAST",
        help:
            "instead of a location: the places inside this box (a map's viewport; borders included; WEST > EAST crosses the antimeridian), distances from its centre",
        parse: BoundingBox.parse)

    static let group = FlagGroup(title: "Location", flags: [at, near])
    /// `nearby` and `search`: a location, or a box.
    static let searchGroup = FlagGroup(title: "Location", flags: [at, near, bbox])
}

/// The route's ends and how it is drawn, as `route-estimate` takes them.
enum RouteFlags {
    static let from = Flag<PointSpec?>(
        "from", value: "POINT", completion: .favoritePlaces,
        help: "start: LAT,LON, a PLACE_ID, @ALIAS or a gazetteer name ('Cambridge, MA')"
    ) { try PointSpec.parse($0, flag: "--from") }
    static let to = Flag<PointSpec?>(
        "to", value: "POINT", completion: .favoritePlaces, help: "destination: LAT,LON, a PLACE_ID, @ALIAS or a gazetteer name"
    ) { try PointSpec.parse($0, flag: "--to") }
    static let mode = Flag<TravelMode>(
        "mode", value: "MODE", default: .walk, completion: .words(TravelMode.allCases.map(\.rawValue)),
        help: "walk, bike, drive or transit (car, walking, cycling... work too)", parse: TravelModeWords.parse)
    static let router = Flag<RouterName>(
        "router", value: "ROUTER", default: .estimate,
        help: "estimate (offline), google (Routes API, GOOGLE_MAPS_API_KEY) or osrm ($PLACES_OSRM_URL)")
}

/// `nearby`/`search --from POINT --to POINT`: places along the route instead of around a
/// point. The route's flags, in the words of a search.
enum AlongRouteFlags {
    static let from = RouteFlags.from.described(
        "search along the route from POINT (with --to; instead of --at/--near): LAT,LON, a PLACE_ID, @ALIAS or a gazetteer name")
    static let to = RouteFlags.to.described(
        "the route's destination; --radius is then the distance from the route (default \(Int(SearchDefaults.nearbyRadiusMeters)))")
    static let mode = RouteFlags.mode.described("walk, bike or drive")
    static let router = RouteFlags.router.described("estimate (the straight line, offline), osrm or google (the real route's line)")

    static let group = FlagGroup(title: "Along a route", flags: [from, to, mode, router])
}

/// What narrows and orders a search: `nearby` (`FilterFlags.nearby`) and `search`
/// (`.search`) differ in the radius and the order they default to.
struct FilterFlags: Sendable {
    let type: Flag<[PlaceCategory]>
    let radius: Flag<Double?>
    let limit: Flag<Int>
    let sort: Flag<VenueSortOrder?>
    let openNow = Flag<Bool>("open-now", help: "only places known to be open now")
    let minRating = Flag<Double?>(
        "min-rating", value: "R", range: 0...5, help: "only places rated at least R (\(.range)); unrated places do not pass")
    let price = Flag<PriceRange?>(
        "price", value: "MIN[-MAX]", help: "price levels 0 (free) to 4 (very expensive), e.g. 1-2", parse: PriceRange.parse)
    let filter = Flag<String?>("filter", value: "TEXT", help: "keep places whose name contains TEXT (case and accents ignored)")
    let groupBy = Flag<Bool>(
        "group-by", value: "cuisine", default: false, shown: nil, completion: .words(["cuisine"]),
        help: "group restaurants by cuisine; with --filter a matching cuisine keeps all its places"
    ) { text in
        guard text.lowercased() == "cuisine" else {
            throw UsageError("--group-by '\(text)' is not supported: the only grouping is --group-by cuisine")
        }
        return true
    }
    let favoritesOnly = Flag<Bool>("favorites-only", help: "only places in your favorites")
    let includeClosed = Flag<Bool>(
        "include-closed", help: "also places closed for good (left out otherwise, with a note counting them)")

    static let nearby = FilterFlags(nearby: true)
    static let search = FilterFlags(nearby: false)

    private init(nearby: Bool) {
        type = Flag(
            "type", short: "t", value: "T[,T...]", default: [], shown: "any", completion: .wordList(PlaceCategory.allCases.map(\.rawValue)),
            help: "place types (repeat to add more; coffee, chemist... work too): \(PlaceCategory.allNames)",
            parseAll: PlaceTypeWords.parseAll)
        radius = Flag(
            "radius", short: "r", value: "M",
            defaultText: nearby ? String(Int(SearchDefaults.nearbyRadiusMeters)) : "none: a location only biases",
            help: nearby
                ? "search radius: metres (800), or 800m, 1.5km, 2mi, 500ft"
                : "metres or 800m, 1.5km, 2mi; a hard limit: only places inside the circle",
            parse: RadiusText.meters)
        // No ceiling: a --data file has none; a web provider's is applied with a note.
        limit = Flag(
            "limit", short: "n", value: "N", default: SearchDefaults.limit, range: 1...Int.max,
            help:
                "how many places to print; more pages are fetched where the provider pages (at most 1000 from a web provider, any number from --data)"
        )
        sort = Flag(
            "sort", short: "s", value: "ORDER", defaultText: (nearby ? SearchDefaults.nearbySort : SearchDefaults.textSort).rawValue,
            completion: .words(VenueSortOrder.allCases.map(\.rawValue)),
            help:
                "distance, relevance, rating, popularity or best (rating weighed against distance); along a route: along (the order you meet them, the default) or detour",
            parse: VenueSortOrder.parse)
    }

    var group: FlagGroup {
        FlagGroup(
            title: "Filters", flags: [type, radius, limit, sort, openNow, minRating, price, filter, groupBy, favoritesOnly, includeClosed])
    }
}

/// `--format`, `--json`, `--fields`: what is printed, and how.
enum OutputFlags {
    static let format = Flag<OutputFormat>(
        "format", value: "FORMAT", default: .table, help: "table, json, ndjson, csv, geojson or svg (a map)")
    static let json = Flag<Bool>("json", short: "j", help: "same as --format json")
    static let fields = Flag<FieldSelection>(
        "fields", value: "LIST", default: .default, shown: FieldSelection.default.fields.map(\.rawValue).joined(separator: ","),
        completion: .wordList(["all"] + VenueField.allCases.map(\.rawValue)),
        help:
            "exactly these fields (a,b), additions to the default (+rating,+openNow), or all; repeats apply in order; with several providers the default adds sameAs",
        parseAll: FieldSelection.parse)

    static let group = FlagGroup(title: "Output", flags: [format, json, fields])
}

/// `--size`, `--map-data`: how `--format svg` draws its map.
enum MapFlags {
    static let size = Flag<MapSize>(
        "size", value: "WxH", default: MapSize(), shown: "800x600",
        help: "the map's width and height in pixels (with --format svg; each 200 to 8000)", parse: MapSize.parse)
    static let mapData = Flag<String?>(
        "map-data", value: "FILE", defaultText: "--data when it is .osm.pbf", completion: .files,
        help: "draw streets, railways, water and parks from this OpenStreetMap .osm.pbf (with --format svg)")

    static let group = FlagGroup(title: "Map (--format svg)", flags: [size, mapData])
}

/// `--provider`, `--data`, `--no-cache`: who answers.
enum ProviderFlags {
    static let provider = Flag<ProviderList?>(
        "provider", value: "NAME[,NAME...]", defaultText: "$PLACES_PROVIDER, else google/foursquare when a key is set, else osm",
        completion: .wordList(ProviderName.allCases.map(\.rawValue) + ["all"]),
        help: "google, foursquare or osm; several (osm,google) or all (every configured one) are asked at once and the same places merged"
    ) { text in
        switch ProviderList.parse(text) {
        case .success(let list): return list
        case .failure(let failure):
            let problem = if case .unknown = failure { "unknown --provider '\(text)'" } else { "bad --provider '\(text)'" }
            throw UsageError("\(problem): \(failure.reason); expected \(ProviderList.expected)")
        }
    }
    static let data = Flag<String?>(
        "data", value: "FILE", defaultText: "$PLACES_OSM_DATA", completion: .files,
        help: "answer offline from an OpenStreetMap extract: Overpass JSON or .osm.pbf (osm only)")
    static let noCache = Flag<Bool>(
        "no-cache", help: "use no cache: neither the spatial index of --data nor the response cache of $PLACES_CACHE_TTL")

    static let group = FlagGroup(title: "Provider", flags: [provider, data, noCache])
}

/// How requests are sent, recorded, cached and paid for.
enum NetworkFlags {
    static let timeout = Flag<Double>(
        "timeout", value: "SECONDS", default: HTTPClient.defaultTimeout, range: 0.001...3600, help: "per attempt")
    static let retries = Flag<Int>(
        "retries", value: "N", default: HTTPClient.defaultRetries, range: 0...10, help: "retries for 429, 5xx and timeouts, with backoff")
    static let dryRun = Flag<Bool>("dry-run", help: "print the requests that would be sent (keys redacted) and send nothing")
    static let record = Flag<String?>(
        "record", value: "DIR", defaultText: "$PLACES_RECORD", completion: .directories,
        help: "save every HTTP exchange in DIR, keys redacted")
    static let replay = Flag<String?>(
        "replay", value: "DIR", defaultText: "$PLACES_REPLAY", completion: .directories, help: "answer every request from DIR; no network")
    static let cache = Flag<String?>(
        "cache", value: "TTL", defaultText: "$PLACES_CACHE_TTL, else off", completion: .words(["30s", "10m", "1h", "7d", "30d", "off"]),
        help: "answer repeated requests from the response cache for TTL (30s, 10m, 1h, 7d; at most 30d; off)")
    static let maxTier = Flag<String?>(
        "max-tier", value: "TIER", defaultText: "$PLACES_MAX_TIER, else none",
        completion: .words(["essentials", "pro", "enterprise", "enterprise+atmosphere", "premium"]),
        help: "refuse requests billed above TIER: Google essentials, pro, enterprise, enterprise+atmosphere; Foursquare pro, premium")
    static let language = Flag<String?>(
        "language", value: "CODE", defaultText: "$PLACES_LANGUAGE", help: "Google answers in this language (BCP-47: fi, en, pt-BR)")
    static let region = Flag<String?>(
        "region", value: "CC", defaultText: "$PLACES_REGION", help: "Google formats for this region (CLDR: FI, US)")
    /// With the network flags, and on the commands that never send (they say so).
    static let verbose = Flag<Bool>("verbose", help: "sum up on stderr the requests sent (by service and billing tier) and the cache hits")

    static let all: [any DeclaredFlag] = [timeout, retries, dryRun, record, replay, cache, maxTier, language, region, verbose]
    static let group = FlagGroup(title: "Network", flags: all)
}
