import PlacesCore

/// The whole command tree of the contract, declared once: parsing, help and
/// (later) shell completions all read it.
enum CommandTable {
    static let helpFlag = FlagSpec("help", "show this help (also -h)")

    // MARK: - Shared flag groups

    static let location = FlagGroup(title: "Location", flags: [
        FlagSpec("at", value: "LAT,LON", "centre in decimal degrees, WGS84; negative values work: --at -33.8688,151.2093"),
        FlagSpec("near", value: "NAME", "centre from the bundled gazetteer, offline: 'Paris' (most populous), 'Paris, FR', 'Springfield,US-MA'"),
    ])

    static func filters(nearby: Bool) -> FlagGroup {
        FlagGroup(title: "Filters", flags: [
            FlagSpec("type", value: "T[,T...]", default: "any", "place types: \(PlaceCategory.allNames)"),
            FlagSpec("radius", value: "M", default: nearby ? "1000" : "none: a location only biases",
                     nearby ? "search radius in metres" : "metres; a hard limit: only places inside the circle"),
            FlagSpec("limit", value: "N", default: "20", "how many places to print; more pages are fetched where the provider pages"),
            FlagSpec("sort", value: "ORDER", default: nearby ? "distance" : "relevance", "distance, relevance, rating, popularity or best (rating weighed against distance)"),
            FlagSpec("open-now", "only places known to be open now"),
            FlagSpec("min-rating", value: "R", "only places rated at least R (0-5); unrated places do not pass"),
            FlagSpec("price", value: "MIN[-MAX]", "price levels 0 (free) to 4 (very expensive), e.g. 1-2"),
            FlagSpec("filter", value: "TEXT", "keep places whose name contains TEXT (case and accents ignored)"),
            FlagSpec("group-by", value: "cuisine", "group restaurants by cuisine; with --filter a matching cuisine keeps all its places"),
            FlagSpec("favorites-only", "only places in your favorites"),
        ])
    }

    static let output = FlagGroup(title: "Output", flags: [
        FlagSpec("format", value: "FORMAT", default: "table", "table, json, ndjson, csv or geojson"),
        FlagSpec("json", "same as --format json"),
        FlagSpec("fields", value: "LIST", default: "id,provider,name,latitude,longitude,address,distanceMeters,categories,cuisines,mapsUrl,isFavorite",
                 "exactly these fields (a,b), additions to the default (+rating,+openNow), or all"),
    ])

    static let provider = FlagGroup(title: "Provider", flags: [
        FlagSpec("provider", value: "NAME", default: "$PLACES_PROVIDER, else google/foursquare when a key is set, else osm", "google, foursquare or osm"),
        FlagSpec("data", value: "FILE", default: "$PLACES_OSM_DATA", "answer offline from an Overpass JSON extract (osm only)"),
        FlagSpec("no-cache", "do not use or write the spatial index cached for --data"),
    ])

    static let network = FlagGroup(title: "Network", flags: [
        FlagSpec("timeout", value: "SECONDS", default: "10", "per attempt"),
        FlagSpec("retries", value: "N", default: "2", "retries for 429, 5xx and timeouts, with backoff"),
        FlagSpec("dry-run", "print the requests that would be sent (keys redacted) and send nothing"),
        FlagSpec("record", value: "DIR", default: "$PLACES_RECORD", "save every HTTP exchange in DIR, keys redacted"),
        FlagSpec("replay", value: "DIR", default: "$PLACES_REPLAY", "answer every request from DIR; no network"),
    ])

    // MARK: - Commands

    static let nearby = CommandSpec(
        ["nearby"], summary: "places around a location, nearest first",
        usage: "places nearby (--at LAT,LON | --near NAME) [--type T[,T...]] [--radius M] [options]",
        groups: [location, filters(nearby: true), output, provider, network],
        examples: [
            "places nearby --near Helsinki --type restaurant --data Fixtures/osm/helsinki-pois.json",
            "places nearby --at 60.1699,24.9384 --type cafe --radius 500 --json | jq '.[].name'",
            "places nearby --near Helsinki --type restaurant --group-by cuisine --filter sushi --data Fixtures/osm/helsinki-pois.json",
        ])

    static let search = CommandSpec(
        ["search"], summary: "places matching a text query, optionally around a location",
        usage: "places search QUERY [--at LAT,LON | --near NAME] [--radius M] [options]",
        positionals: [PositionalSpec(name: "QUERY", help: "what to look for, e.g. 'sushi' or 'pharmacy'; quote several words")],
        groups: [location, filters(nearby: false), output, provider, network],
        examples: [
            "places search sushi --near Helsinki --data Fixtures/osm/helsinki-pois.json",
            "places search 'pizza' --at 40.7128,-74.0060 --radius 2000 --sort distance --json",
        ],
        notes: ["Without a location there is no centre: distanceMeters is null, and --sort distance|best or --radius is an error."])

    static let details = CommandSpec(
        ["details"], summary: "everything known about one place",
        usage: "places details PLACE_ID [--data FILE] [options]",
        positionals: [PositionalSpec(name: "PLACE_ID", help: "PROVIDER:ID, e.g. osm:node/2187383214, google:ChIJN1t_tDeuEmsRUsoyG83frY4")],
        groups: [output, FlagGroup(title: "Provider", flags: [provider.flags[1], provider.flags[2]]), network],
        examples: ["places details osm:node/1369465615 --data Fixtures/osm/helsinki-pois.json"],
        notes: ["The id's prefix names the provider; an osm: id is looked up in --data / $PLACES_OSM_DATA when given, else through Overpass."])

    static let favoriteAdd = CommandSpec(
        ["favorite", "add"], summary: "save a place to your favorites (a snapshot, so listing needs no network)",
        usage: "places favorite add PLACE_ID [--note TEXT] [--data FILE] [options]",
        positionals: [PositionalSpec(name: "PLACE_ID", help: "PROVIDER:ID of the place")],
        groups: [FlagGroup(title: "Favorite", flags: [FlagSpec("note", value: "TEXT", acceptsEmpty: true, "a note to keep with it; adding again without --note keeps the old one, --note '' clears it")]),
                 FlagGroup(title: "Provider", flags: [provider.flags[1]]), network],
        examples: ["places favorite add osm:node/1369465615 --note 'Friday lunch' --data Fixtures/osm/helsinki-pois.json"],
        notes: ["The place is looked up through the provider its id names and a snapshot is stored; adding it again refreshes the snapshot and keeps addedAt."])

    static let favoriteRemove = CommandSpec(
        ["favorite", "remove"], summary: "remove a place from your favorites",
        usage: "places favorite remove PLACE_ID",
        positionals: [PositionalSpec(name: "PLACE_ID", help: "PROVIDER:ID of the favorite")],
        examples: ["places favorite remove osm:node/1369465615"])

    static let favoriteList = CommandSpec(
        ["favorite", "list"], summary: "list your favorites (offline), nearest first when given a location",
        usage: "places favorite list [--at LAT,LON | --near NAME] [options]",
        groups: [location, FlagGroup(title: "Output", flags: [
            output.flags[0], output.flags[1],
            FlagSpec("fields", value: "LIST", default: "id,provider,name,latitude,longitude,address,distanceMeters,categories,cuisines,mapsUrl,isFavorite,addedAt,note",
                     "as for nearby, plus addedAt and note (always after the venue fields)"),
        ])],
        examples: ["places favorite list --near Helsinki", "places favorite list --json | jq -r '.[].id'"],
        notes: ["Offline: favorites are snapshots taken when added. Without a location, oldest first.",
                "The file: $PLACES_FAVORITES_FILE, else $XDG_DATA_HOME/places/favorites.json, else ~/.local/share/places/favorites.json."])

    static let routeEstimate = CommandSpec(
        ["route-estimate"], summary: "distance and travel time between two points",
        usage: "places route-estimate --from POINT --to POINT [--mode MODE] [--router ROUTER] [options]",
        groups: [
            FlagGroup(title: "Route", flags: [
                FlagSpec("from", value: "POINT", "start: LAT,LON, a PLACE_ID or a gazetteer name"),
                FlagSpec("to", value: "POINT", "destination: LAT,LON, a PLACE_ID or a gazetteer name"),
                FlagSpec("mode", value: "MODE", default: "walk", "walk, bike, drive or transit"),
                FlagSpec("router", value: "ROUTER", default: "estimate", "estimate (offline), google (Routes API, GOOGLE_MAPS_API_KEY) or osrm ($PLACES_OSRM_URL)"),
            ]),
            FlagGroup(title: "Output", flags: [output.flags[0], output.flags[1]]),
            FlagGroup(title: "Provider", flags: [provider.flags[1]]),
            network,
        ],
        examples: [
            "places route-estimate --from 60.1699,24.9384 --to 60.1675,24.9522 --mode walk",
            "places route-estimate --from Helsinki --to Espoo --mode drive --json",
        ],
        notes: ["The estimate router is the straight line times a detour factor at a typical speed for the mode, offline; README gives its constants and its measured error against real routes."])

    static let providers = CommandSpec(
        ["providers"], summary: "which providers are configured, and how",
        usage: "places providers [--json]",
        groups: [FlagGroup(title: "Output", flags: [output.flags[1]])],
        examples: ["places providers"])

    static let cassettesDirectory = PositionalSpec(name: "DIR", help: "a directory --record wrote (DIR/<service>/<hash>-<n>.json)")

    static let cassettesList = CommandSpec(
        ["cassettes", "list"], summary: "one line per recorded exchange: what it asked, its status, the command that recorded it",
        usage: "places cassettes list DIR",
        positionals: [cassettesDirectory],
        examples: ["places cassettes list Fixtures"],
        notes: ["Columns, tab-separated: FILE, METHOD, ENDPOINT, STATUS, REQUEST (its parameters in short), COMMAND (- for files recorded before places kept it)."])

    static let cassettesCheck = CommandSpec(
        ["cassettes", "check"], summary: "check a cassette directory before committing it: every file parses, no key anywhere",
        usage: "places cassettes check DIR",
        positionals: [cassettesDirectory],
        examples: ["places cassettes check Fixtures"],
        notes: ["A problem is a file that does not parse or a secret-shaped value: a key header or key= parameter that is not REDACTED, a Bearer token, a string shaped like an API key, or the key in GOOGLE_MAPS_API_KEY / FOURSQUARE_API_KEY. Each is named on stderr (where, and its shape, never the value) and the exit status is 65: usable as a pre-commit hook. Exchanges with error statuses are listed; they are legitimate fixtures for error tests."])

    static let cassettesUnused = CommandSpec(
        ["cassettes", "unused"], summary: "list the recorded exchanges no logged replay used",
        usage: "places cassettes unused DIR [--log FILE] [--delete]",
        positionals: [cassettesDirectory],
        groups: [FlagGroup(title: "Unused", flags: [
            FlagSpec("log", value: "FILE", default: "$PLACES_REPLAY_LOG", "the replay log: replays run with PLACES_REPLAY_LOG=FILE append every file they answer from"),
            FlagSpec("delete", "delete the unused files instead of only listing them"),
        ])],
        examples: ["PLACES_REPLAY_LOG=/tmp/used places nearby --provider google --near Helsinki --type restaurant --limit 8 --replay Fixtures", "places cassettes unused Fixtures --log /tmp/used"],
        notes: ["Run every replay of the suite with PLACES_REPLAY_LOG set first: a file is unused when no logged run answered from it."])

    static let help = CommandSpec(
        ["help"], summary: "help for places or one command",
        usage: "places help [COMMAND]",
        positionals: [PositionalSpec(name: "COMMAND", help: "a command or a group of them, e.g. nearby, 'favorite add' or favorite")],
        examples: ["places help nearby"])

    static let all: [CommandSpec] = [nearby, search, details, favoriteAdd, favoriteRemove, favoriteList, routeEstimate, providers,
                                     cassettesList, cassettesCheck, cassettesUnused, help]

    /// The words that only group subcommands (`places favorite add`), with what the group is for.
    static let groupSummaries: [String: String] = [
        "favorite": "your saved places: add and remove them, list them offline",
        "cassettes": "recorded exchanges (--record): list them, check them for keys, find unused ones",
    ]

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
