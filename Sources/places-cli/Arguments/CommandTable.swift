import PlacesCore

/// The whole command tree of the contract, declared once: parsing, help, the shell
/// completions (`places completions`) and the man page (`places manpage`) all read it.
///
/// The flag groups several commands share live here; each command's own spec is declared
/// with the command (`Commands/NearbyCommand.swift`, ...) and listed in `Commands.all`.
enum CommandTable {
    static let helpFlag = FlagSpec(.help, short: "h", "show this help")

    // MARK: - Shared flag groups

    static let location = FlagGroup(title: "Location", flags: [
        FlagSpec(.at, value: "LAT,LON", "centre in decimal degrees, WGS84; negative values work: --at -33.8688,151.2093"),
        FlagSpec(.near, value: "PLACE",
                 "centre from the bundled gazetteer, offline: 'Paris' (most populous), 'Paris, FR', 'Helsinki, Finland', 'Cambridge, MA'; or a favorite: a PLACE_ID or @ALIAS"),
    ])

    /// The route's ends and how it is drawn: `route-estimate`, and `nearby`/`search` along a route.
    static let routeFrom = FlagSpec(.from, value: "POINT", completion: .favoritePlaces, "start: LAT,LON, a PLACE_ID, @ALIAS or a gazetteer name ('Cambridge, MA')")
    static let routeTo = FlagSpec(.to, value: "POINT", completion: .favoritePlaces, "destination: LAT,LON, a PLACE_ID, @ALIAS or a gazetteer name")
    static let travelMode = FlagSpec(.mode, value: "MODE", default: "walk", completion: .words(TravelMode.allCases.map(\.rawValue)),
                                     "walk, bike, drive or transit (car, walking, cycling... work too)")
    static let router = FlagSpec(.router, value: "ROUTER", default: "estimate", completion: .words(RouterName.allCases.map(\.rawValue)),
                                 "estimate (offline), google (Routes API, GOOGLE_MAPS_API_KEY) or osrm ($PLACES_OSRM_URL)")

    /// `nearby`/`search --from POINT --to POINT`: places along the route instead of around a point.
    static let alongRoute = FlagGroup(title: "Along a route", flags: [
        FlagSpec(.from, value: "POINT", completion: .favoritePlaces,
                 "search along the route from POINT (with --to; instead of --at/--near): LAT,LON, a PLACE_ID, @ALIAS or a gazetteer name"),
        FlagSpec(.to, value: "POINT", completion: .favoritePlaces, "the route's destination; --radius is then the distance from the route (default 1000)"),
        FlagSpec(.mode, value: "MODE", default: "walk", completion: .words(TravelMode.allCases.map(\.rawValue)), "walk, bike or drive"),
        FlagSpec(.router, value: "ROUTER", default: "estimate", completion: .words(RouterName.allCases.map(\.rawValue)),
                 "estimate (the straight line, offline), osrm or google (the real route's line)"),
    ])

    static func filters(nearby: Bool) -> FlagGroup {
        FlagGroup(title: "Filters", flags: [
            FlagSpec(.type, short: "t", value: "T[,T...]", default: "any", repetition: .accumulates,
                     completion: .wordList(PlaceCategory.allCases.map(\.rawValue)),
                     "place types (repeat to add more; coffee, chemist... work too): \(PlaceCategory.allNames)"),
            FlagSpec(.radius, short: "r", value: "M", default: nearby ? String(Int(SearchDefaults.nearbyRadiusMeters)) : "none: a location only biases",
                     nearby ? "search radius: metres (800), or 800m, 1.5km, 2mi, 500ft" : "metres or 800m, 1.5km, 2mi; a hard limit: only places inside the circle"),
            FlagSpec(.limit, short: "n", value: "N", default: String(SearchDefaults.limit), "how many places to print; more pages are fetched where the provider pages (at most 1000 from a web provider, any number from --data)"),
            FlagSpec(.sort, short: "s", value: "ORDER", default: (nearby ? SearchDefaults.nearbySort : SearchDefaults.textSort).rawValue,
                     completion: .words(VenueSortOrder.allCases.map(\.rawValue)),
                     "distance, relevance, rating, popularity or best (rating weighed against distance); along a route: along (the order you meet them, the default) or detour"),
            FlagSpec(.openNow, "only places known to be open now"),
            FlagSpec(.minRating, value: "R", "only places rated at least R (0-5); unrated places do not pass"),
            FlagSpec(.price, value: "MIN[-MAX]", "price levels 0 (free) to 4 (very expensive), e.g. 1-2"),
            FlagSpec(.filter, value: "TEXT", "keep places whose name contains TEXT (case and accents ignored)"),
            FlagSpec(.groupBy, value: "cuisine", completion: .words(["cuisine"]), "group restaurants by cuisine; with --filter a matching cuisine keeps all its places"),
            FlagSpec(.favoritesOnly, "only places in your favorites"),
        ])
    }

    static let output = FlagGroup(title: "Output", flags: [
        FlagSpec(.format, value: "FORMAT", default: "table", completion: .words(OutputFormat.allCases.map(\.rawValue)), "table, json, ndjson, csv or geojson"),
        FlagSpec(.json, short: "j", "same as --format json"),
        FlagSpec(.fields, value: "LIST", default: "id,provider,name,latitude,longitude,address,distanceMeters,categories,cuisines,mapsUrl,isFavorite",
                 repetition: .accumulates,
                 completion: .wordList(["all"] + VenueField.allCases.map(\.rawValue)),
                 "exactly these fields (a,b), additions to the default (+rating,+openNow), or all; repeats apply in order; with several providers the default adds sameAs"),
    ])

    static let provider = FlagGroup(title: "Provider", flags: [
        FlagSpec(.provider, value: "NAME[,NAME...]", default: "$PLACES_PROVIDER, else google/foursquare when a key is set, else osm",
                 completion: .wordList(ProviderName.allCases.map(\.rawValue) + ["all"]),
                 "google, foursquare or osm; several (osm,google) or all (every configured one) are asked at once and the same places merged"),
        FlagSpec(.data, value: "FILE", default: "$PLACES_OSM_DATA", completion: .files, "answer offline from an OpenStreetMap extract: Overpass JSON or .osm.pbf (osm only)"),
        FlagSpec(.noCache, "use no cache: neither the spatial index of --data nor the response cache of $PLACES_CACHE_TTL"),
    ])

    static let network = FlagGroup(title: "Network", flags: [
        FlagSpec(.timeout, value: "SECONDS", default: "10", "per attempt"),
        FlagSpec(.retries, value: "N", default: "2", "retries for 429, 5xx and timeouts, with backoff"),
        FlagSpec(.dryRun, "print the requests that would be sent (keys redacted) and send nothing"),
        FlagSpec(.record, value: "DIR", default: "$PLACES_RECORD", completion: .directories, "save every HTTP exchange in DIR, keys redacted"),
        FlagSpec(.replay, value: "DIR", default: "$PLACES_REPLAY", completion: .directories, "answer every request from DIR; no network"),
        FlagSpec(.cache, value: "TTL", default: "$PLACES_CACHE_TTL, else off",
                 completion: .words(["30s", "10m", "1h", "7d", "30d", "off"]),
                 "answer repeated requests from the response cache for TTL (30s, 10m, 1h, 7d; at most 30d; off)"),
        FlagSpec(.maxTier, value: "TIER", default: "$PLACES_MAX_TIER, else none",
                 completion: .words(["essentials", "pro", "enterprise", "enterprise+atmosphere", "premium"]),
                 "refuse requests billed above TIER: Google essentials, pro, enterprise, enterprise+atmosphere; Foursquare pro, premium"),
        FlagSpec(.language, value: "CODE", default: "$PLACES_LANGUAGE", "Google answers in this language (BCP-47: fi, en, pt-BR)"),
        FlagSpec(.region, value: "CC", default: "$PLACES_REGION", "Google formats for this region (CLDR: FI, US)"),
        verboseFlag,
    ])

    /// `--verbose`: with the network flags, and on the commands that never send (they say so).
    static let verboseFlag = FlagSpec(.verbose, "sum up on stderr the requests sent (by service and billing tier) and the cache hits")

    // MARK: - Commands

    /// What `--provider A,B` / `all` does, for nearby and search.
    static let severalProviders = """
        Several providers (--provider osm,google,foursquare, or all) are asked at once and the venues that are the same \
        place merged: id and provider from the first in the list that has it, each other field from the first that knows \
        it, the others' ids in sameAs; the table's FROM column shows which had it (O G F, - where one did not). \
        A provider that fails is a warning while another answers.
        """

    static let cassettesDirectory = PositionalSpec(name: "DIR", help: "a directory --record wrote (DIR/<service>/<hash>-<n>.json)",
                                                   completion: .directories)

    /// Every command's spec, in the order of `Commands.all` (help's order).
    static var all: [CommandSpec] { Commands.all.map { $0.spec } }

    /// The words that only group subcommands (`places favorite add`), with what the group is for.
    static let groupSummaries: [String: String] = [
        "favorite": "your saved places: add and remove them, list them offline",
        "cassettes": "recorded exchanges (--record): list them, check them for keys, find unused ones",
    ]

    /// The commands a batch line may run, for its messages.
    static var batchCommandWords: String {
        all.filter { $0.printsJSON && $0.path != ["batch"] }.map(\.name).joined(separator: ", ")
    }

    /// Top-level command words, for suggestions.
    static var topLevelWords: [String] {
        var words: [String] = []
        for spec in all where !words.contains(spec.path[0]) { words.append(spec.path[0]) }
        return words
    }

    static func command(path: [String]) -> CommandSpec? {
        all.first { $0.path == path }
    }

    static func subcommands(of word: String) -> [CommandSpec] {
        all.filter { $0.path.count > 1 && $0.path[0] == word }
    }
}
