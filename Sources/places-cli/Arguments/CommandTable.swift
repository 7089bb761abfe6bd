import PlacesCore

/// The whole command tree of the contract, declared once: parsing, help, the shell
/// completions (`places completions`) and the man page (`places manpage`) all read it.
///
/// A new flag is one `FlagSpec` in a group here; a new command one `CommandSpec` and its
/// entry in `all`.
enum CommandTable {
    static let helpFlag = FlagSpec("help", short: "h", "show this help")

    // MARK: - Shared flag groups

    static let location = FlagGroup(title: "Location", flags: [
        FlagSpec("at", value: "LAT,LON", "centre in decimal degrees, WGS84; negative values work: --at -33.8688,151.2093"),
        FlagSpec("near", value: "PLACE",
                 "centre from the bundled gazetteer, offline: 'Paris' (most populous), 'Paris, FR', 'Helsinki, Finland', 'Cambridge, MA'; or a favorite: a PLACE_ID or @ALIAS"),
    ])

    static func filters(nearby: Bool) -> FlagGroup {
        FlagGroup(title: "Filters", flags: [
            FlagSpec("type", short: "t", value: "T[,T...]", default: "any", repetition: .accumulates,
                     completion: .wordList(PlaceCategory.allCases.map(\.rawValue)),
                     "place types (repeat to add more; coffee, chemist... work too): \(PlaceCategory.allNames)"),
            FlagSpec("radius", short: "r", value: "M", default: nearby ? "1000" : "none: a location only biases",
                     nearby ? "search radius: metres (800), or 800m, 1.5km, 2mi, 500ft" : "metres or 800m, 1.5km, 2mi; a hard limit: only places inside the circle"),
            FlagSpec("limit", short: "n", value: "N", default: "20", "how many places to print; more pages are fetched where the provider pages (at most 1000 from a web provider, any number from --data)"),
            FlagSpec("sort", short: "s", value: "ORDER", default: nearby ? "distance" : "relevance",
                     completion: .words(VenueSortOrder.allCases.map(\.rawValue)),
                     "distance, relevance, rating, popularity or best (rating weighed against distance)"),
            FlagSpec("open-now", "only places known to be open now"),
            FlagSpec("min-rating", value: "R", "only places rated at least R (0-5); unrated places do not pass"),
            FlagSpec("price", value: "MIN[-MAX]", "price levels 0 (free) to 4 (very expensive), e.g. 1-2"),
            FlagSpec("filter", value: "TEXT", "keep places whose name contains TEXT (case and accents ignored)"),
            FlagSpec("group-by", value: "cuisine", completion: .words(["cuisine"]), "group restaurants by cuisine; with --filter a matching cuisine keeps all its places"),
            FlagSpec("favorites-only", "only places in your favorites"),
        ])
    }

    static let output = FlagGroup(title: "Output", flags: [
        FlagSpec("format", value: "FORMAT", default: "table", completion: .words(OutputFormat.allCases.map(\.rawValue)), "table, json, ndjson, csv or geojson"),
        FlagSpec("json", short: "j", "same as --format json"),
        FlagSpec("fields", value: "LIST", default: "id,provider,name,latitude,longitude,address,distanceMeters,categories,cuisines,mapsUrl,isFavorite",
                 repetition: .accumulates,
                 completion: .wordList(["all"] + VenueField.allCases.map(\.rawValue)),
                 "exactly these fields (a,b), additions to the default (+rating,+openNow), or all; repeats apply in order; with several providers the default adds sameAs"),
    ])

    static let provider = FlagGroup(title: "Provider", flags: [
        FlagSpec("provider", value: "NAME[,NAME...]", default: "$PLACES_PROVIDER, else google/foursquare when a key is set, else osm",
                 completion: .wordList(ProviderName.allCases.map(\.rawValue) + ["all"]),
                 "google, foursquare or osm; several (osm,google) or all (every configured one) are asked at once and the same places merged"),
        FlagSpec("data", value: "FILE", default: "$PLACES_OSM_DATA", completion: .files, "answer offline from an OpenStreetMap extract: Overpass JSON or .osm.pbf (osm only)"),
        FlagSpec("no-cache", "use no cache: neither the spatial index of --data nor the response cache of $PLACES_CACHE_TTL"),
    ])

    static let network = FlagGroup(title: "Network", flags: [
        FlagSpec("timeout", value: "SECONDS", default: "10", "per attempt"),
        FlagSpec("retries", value: "N", default: "2", "retries for 429, 5xx and timeouts, with backoff"),
        FlagSpec("dry-run", "print the requests that would be sent (keys redacted) and send nothing"),
        FlagSpec("record", value: "DIR", default: "$PLACES_RECORD", completion: .directories, "save every HTTP exchange in DIR, keys redacted"),
        FlagSpec("replay", value: "DIR", default: "$PLACES_REPLAY", completion: .directories, "answer every request from DIR; no network"),
        FlagSpec("cache", value: "TTL", default: "$PLACES_CACHE_TTL, else off",
                 completion: .words(["30s", "10m", "1h", "7d", "30d", "off"]),
                 "answer repeated requests from the response cache for TTL (30s, 10m, 1h, 7d; at most 30d; off)"),
        FlagSpec("max-tier", value: "TIER", default: "$PLACES_MAX_TIER, else none",
                 completion: .words(["essentials", "pro", "enterprise", "enterprise+atmosphere", "premium"]),
                 "refuse requests billed above TIER: Google essentials, pro, enterprise, enterprise+atmosphere; Foursquare pro, premium"),
        FlagSpec("language", value: "CODE", default: "$PLACES_LANGUAGE", "Google answers in this language (BCP-47: fi, en, pt-BR)"),
        FlagSpec("region", value: "CC", default: "$PLACES_REGION", "Google formats for this region (CLDR: FI, US)"),
        verboseFlag,
    ])

    /// `--verbose`: with the network flags, and on the commands that never send (they say so).
    static let verboseFlag = FlagSpec("verbose", "sum up on stderr the requests sent (by service and billing tier) and the cache hits")

    // MARK: - Commands

    static let nearby = CommandSpec(
        ["nearby"], summary: "places around a location, nearest first",
        usage: "places nearby (--at LAT,LON | --near PLACE) [--type T[,T...]] [--radius M] [options]",
        groups: [location, filters(nearby: true), output, provider, network],
        examples: [
            "places nearby --near Helsinki --type restaurant --data helsinki-pois.json",
            "places nearby --at 60.1699,24.9384 --type cafe --radius 500 --json | jq '.[].name'",
            "places nearby --near Helsinki --type restaurant --group-by cuisine --filter sushi --data helsinki-pois.json",
            "places nearby --near Helsinki --type cafe --provider osm,google,foursquare --json",
        ],
        notes: [severalProviders])

    /// What `--provider A,B` / `all` does, for nearby and search.
    static let severalProviders = """
        Several providers (--provider osm,google,foursquare, or all) are asked at once and the venues that are the same \
        place merged: id and provider from the first in the list that has it, each other field from the first that knows \
        it, the others' ids in sameAs; the table's FROM column shows which had it (O G F, - where one did not). \
        A provider that fails is a warning while another answers.
        """

    static let search = CommandSpec(
        ["search"], summary: "places matching a text query, optionally around a location",
        usage: "places search QUERY [--at LAT,LON | --near PLACE] [--radius M] [options]",
        positionals: [PositionalSpec(name: "QUERY", help: "what to look for, e.g. 'sushi' or 'pharmacy'; quote several words")],
        groups: [location, filters(nearby: false), output, provider, network],
        examples: [
            "places search sushi --near Helsinki --data helsinki-pois.json",
            "places search 'pizza' --at 40.7128,-74.0060 --radius 2000 --sort distance --json",
        ],
        notes: ["Without a location there is no centre: distanceMeters is null, and --sort distance|best or --radius is an error.", severalProviders])

    static let details = CommandSpec(
        ["details"], summary: "everything known about one place",
        usage: "places details PLACE_ID [--data FILE] [options]",
        positionals: [PositionalSpec(name: "PLACE_ID", help: "PROVIDER:ID, e.g. osm:node/2187383214, google:ChIJN1t_tDeuEmsRUsoyG83frY4",
                                     completion: .favoriteIDs)],
        groups: [output, FlagGroup(title: "Provider", flags: [provider.flags[1], provider.flags[2]]), network],
        examples: ["places details osm:node/1369465615 --data helsinki-pois.json"],
        notes: ["The id's prefix names the provider; an osm: id is looked up in --data / $PLACES_OSM_DATA when given, else through Overpass."])

    static let favoriteAdd = CommandSpec(
        ["favorite", "add"], summary: "save a place to your favorites (a snapshot, so listing needs no network)",
        usage: "places favorite add PLACE_ID [--note TEXT] [--alias NAME] [--fields +phone,+website] [--data FILE] [options]",
        positionals: [PositionalSpec(name: "PLACE_ID", help: "PROVIDER:ID of the place", completion: .favoriteIDs)],
        groups: [FlagGroup(title: "Favorite", flags: [
                    FlagSpec("note", value: "TEXT", acceptsEmpty: true,
                             "a note to keep with it; on a favorite you have, only the note changes (nothing is fetched); --note '' clears it"),
                    FlagSpec("alias", value: "NAME", acceptsEmpty: true,
                             "a short name to use it by: --near @NAME, --from @NAME (letters, digits, - _ .); it moves from a favorite that had it; --alias '' removes it"),
                    FlagSpec("fields", value: "LIST", default: "id, name, position, address, categories, cuisines, mapsUrl; phone and website too except from Google",
                             completion: .wordList(["+phone", "+website"]),
                             "more to keep in the snapshot, e.g. +phone,+website (Google bills them as Enterprise)"),
                 ]),
                 FlagGroup(title: "Provider", flags: [provider.flags[1]]), network],
        examples: ["places favorite add osm:node/1369465615 --note 'Friday lunch' --alias lunch --data helsinki-pois.json"],
        notes: ["The place is looked up through the provider its id names and a snapshot is stored; adding it again without --note or --alias refreshes the snapshot and keeps addedAt.",
                "Google's snapshot is billed as Place Details Pro: phone and website (Enterprise) only with --fields +phone,+website."])

    static let favoriteRemove = CommandSpec(
        ["favorite", "remove"], summary: "remove a place from your favorites",
        usage: "places favorite remove PLACE_ID",
        positionals: [PositionalSpec(name: "PLACE_ID", help: "PROVIDER:ID of the favorite", completion: .favoriteIDs)],
        groups: [FlagGroup(title: "Network", flags: [verboseFlag])],
        examples: ["places favorite remove osm:node/1369465615"])

    static let favoriteList = CommandSpec(
        ["favorite", "list"], summary: "list your favorites (offline), nearest first when given a location",
        usage: "places favorite list [--at LAT,LON | --near PLACE] [options]",
        groups: [location, FlagGroup(title: "Output", flags: [
            output.flags[0], output.flags[1],
            FlagSpec("fields", value: "LIST", default: "id,provider,name,latitude,longitude,address,distanceMeters,categories,cuisines,mapsUrl,isFavorite,addedAt,note,alias",
                     repetition: .accumulates,
                     completion: .wordList(["all"] + VenueField.allCases.map(\.rawValue) + FavoriteFieldSelection.Extra.allCases.map(\.rawValue)),
                     "as for nearby, plus addedAt, note and alias (always after the venue fields)"),
        ]), FlagGroup(title: "Network", flags: [verboseFlag])],
        examples: ["places favorite list --near Helsinki", "places favorite list --json | jq -r '.[].id'"],
        notes: ["Offline: favorites are snapshots taken when added. Without a location, oldest first.",
                "The file: $PLACES_FAVORITES_FILE, else $XDG_DATA_HOME/places/favorites.json, else ~/.local/share/places/favorites.json."])

    static let routeEstimate = CommandSpec(
        ["route-estimate"], summary: "distance and travel time between two points",
        usage: "places route-estimate --from POINT --to POINT [--mode MODE] [--router ROUTER] [options]",
        groups: [
            FlagGroup(title: "Route", flags: [
                FlagSpec("from", value: "POINT", completion: .favoritePlaces, "start: LAT,LON, a PLACE_ID, @ALIAS or a gazetteer name ('Cambridge, MA')"),
                FlagSpec("to", value: "POINT", completion: .favoritePlaces, "destination: LAT,LON, a PLACE_ID, @ALIAS or a gazetteer name"),
                FlagSpec("mode", value: "MODE", default: "walk", completion: .words(TravelMode.allCases.map(\.rawValue)),
                         "walk, bike, drive or transit (car, walking, cycling... work too)"),
                FlagSpec("router", value: "ROUTER", default: "estimate", completion: .words(RouterName.allCases.map(\.rawValue)), "estimate (offline), google (Routes API, GOOGLE_MAPS_API_KEY) or osrm ($PLACES_OSRM_URL)"),
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

    static let batch = CommandSpec(
        ["batch"], summary: "run many commands from NDJSON in one process, concurrently and paced; NDJSON out",
        usage: "places batch [FILE] [--jobs N] [--qps Q] [--resume PREVIOUS_OUTPUT] [provider and network flags for every line]",
        positionals: [PositionalSpec(name: "FILE", help: "NDJSON: each line a JSON array of arguments, or {\"id\": ANY, \"args\": [...]} (default: stdin; - is stdin)", optional: true)],
        groups: [
            FlagGroup(title: "Batch", flags: [
                FlagSpec("jobs", value: "N", default: "4", "lines run at once (1-64)"),
                FlagSpec("qps", value: "Q", default: "10 for Google and Foursquare, 1 for Overpass and OSRM", "requests per second to each provider, retries included; a 429 or Retry-After slows every line"),
                FlagSpec("resume", value: "FILE", "the output of an interrupted run: its lines that succeeded are copied, not run again"),
            ]),
            provider,
            FlagGroup(title: "Network", flags: network.flags.filter { $0.name != "dry-run" }),
        ],
        examples: [
            "printf '%s\\n' '[\"nearby\",\"--near\",\"Helsinki\",\"--type\",\"cafe\",\"--limit\",\"3\"]' | places batch --data helsinki-pois.json",
            "places batch stores.ndjson --jobs 8 --qps 20 > out.ndjson; places batch stores.ndjson --resume out.ndjson > out2.ndjson",
        ],
        notes: [
            "Each output line, in input order: {\"id\", \"line\", \"args\", \"exitCode\", \"result\", \"error\"}: result is what the command prints with --json (null when it prints nothing), error its one-line message (null on success). id is the line's own id, else null; line counts from 1; blank lines are skipped.",
            "Flags given to batch apply to every line that does not set them; --provider and --data go together, as do --record and --replay, and --cache and --no-cache (a line that sets one of a pair takes neither from the batch). A line that is not JSON, not an array or object, names an unknown command, runs batch, help or a command that prints text (completions, manpage, cassettes), or gives a stream as --data gets its own record with exit code 64; the other lines go on. The extract must be a file: --data -, /dev/stdin or <(...) for the batch is 64 before any line runs.",
            "--resume copies the records of the lines that succeeded (same line number, same arguments; whole records only), with the new input's ids, and runs the rest: the new output alone holds every line once. Write it to another file than the one resumed.",
            "Exit status: 0 when every line succeeded, else the exit code of the first line (in input order) that failed. On a terminal, stderr shows progress.",
        ])

    static let providers = CommandSpec(
        ["providers"], summary: "which providers are configured, and how",
        usage: "places providers [--json]",
        groups: [FlagGroup(title: "Output", flags: [output.flags[1]]), FlagGroup(title: "Network", flags: [verboseFlag])],
        examples: ["places providers"])

    static let cassettesDirectory = PositionalSpec(name: "DIR", help: "a directory --record wrote (DIR/<service>/<hash>-<n>.json)",
                                                   completion: .directories)

    static let cassettesList = CommandSpec(
        ["cassettes", "list"], summary: "one line per recorded exchange: what it asked, its status, the command that recorded it",
        usage: "places cassettes list DIR",
        positionals: [cassettesDirectory],
        examples: ["places cassettes list Fixtures"],
        notes: ["Columns, tab-separated: FILE, METHOD, ENDPOINT, STATUS, REQUEST (its parameters in short), COMMAND (- for files recorded before places kept it)."],
        printsJSON: false)

    static let cassettesCheck = CommandSpec(
        ["cassettes", "check"], summary: "check a cassette directory before committing it: every file parses, no key anywhere",
        usage: "places cassettes check DIR",
        positionals: [cassettesDirectory],
        examples: ["places cassettes check Fixtures"],
        notes: ["A problem is a file that does not parse or a secret-shaped value: a key header or key= parameter that is not REDACTED, a Bearer token, a string shaped like an API key, or the key in GOOGLE_MAPS_API_KEY / FOURSQUARE_API_KEY. Each is named on stderr (where, and its shape, never the value) and the exit status is 65: usable as a pre-commit hook. Exchanges with error statuses are listed; they are legitimate fixtures for error tests."],
        printsJSON: false)

    static let cassettesUnused = CommandSpec(
        ["cassettes", "unused"], summary: "list the recorded exchanges no logged replay used",
        usage: "places cassettes unused DIR [--log FILE] [--delete]",
        positionals: [cassettesDirectory],
        groups: [FlagGroup(title: "Unused", flags: [
            FlagSpec("log", value: "FILE", default: "$PLACES_REPLAY_LOG", completion: .files, "the replay log: replays run with PLACES_REPLAY_LOG=FILE append every file they answer from"),
            FlagSpec("delete", "delete the unused files instead of only listing them"),
            FlagSpec("dry-run", "with --delete: list what would be deleted, and delete nothing"),
        ])],
        examples: ["PLACES_REPLAY_LOG=/tmp/used places nearby --provider google --near Helsinki --type restaurant --limit 8 --replay Fixtures",
                   "places cassettes unused Fixtures --log /tmp/used --delete --dry-run"],
        notes: ["Run every replay of the suite with PLACES_REPLAY_LOG set first: a file is unused when no logged run answered from it.",
                "Only DIR's own recordings are listed or deleted: files named <hash>-<n>.json that read as recorded exchanges, directly in a service folder (google, foursquare, osm, osrm). Nothing behind a symbolic link is followed, and nothing outside DIR is touched; what is passed over is a note on stderr."],
        printsJSON: false)

    static let help = CommandSpec(
        ["help"], summary: "help for places or one command",
        usage: "places help [COMMAND]",
        positionals: [PositionalSpec(name: "COMMAND", help: "a command or a group of them, e.g. nearby, 'favorite add' or favorite",
                                     completion: .commandWords)],
        examples: ["places help nearby"],
        printsJSON: false)

    static let completions = CommandSpec(
        ["completions"], summary: "print a shell completion script (bash, zsh or fish)",
        usage: "places completions bash|zsh|fish",
        positionals: [PositionalSpec(name: "SHELL", help: "bash, zsh or fish", completion: .words(CompletionShell.allCases.map(\.rawValue)))],
        examples: ["places completions bash > ~/.local/share/bash-completion/completions/places",
                   "places completions zsh > ~/.zfunc/_places", "places completions fish > ~/.config/fish/completions/places.fish"],
        notes: ["The script completes commands, flags, the values of --type, --sort, --format, --fields, --mode, --router and --provider, files for --data and directories for --record and --replay, and your favorites' ids (read offline with 'places favorite list' as you type)."],
        printsJSON: false)

    static let manpage = CommandSpec(
        ["manpage"], summary: "print the manual page (roff), made from the same table as help",
        usage: "places manpage",
        examples: ["places manpage > ~/.local/share/man/man1/places.1", "places manpage | man -l -"],
        printsJSON: false)

    static let all: [CommandSpec] = [nearby, search, details, favoriteAdd, favoriteRemove, favoriteList, routeEstimate, batch, providers,
                                     cassettesList, cassettesCheck, cassettesUnused,
                                     completions, manpage, help]

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
