import PlacesCore

/// `places autocomplete TEXT`: predictions for what is being typed.
enum AutocompleteCommand: PlacesCommand {
    static let radius = Flag<Double?>(
        "radius", short: "r", value: "M", defaultText: "none: a location only biases",
        help: "metres or 800m, 1.5km, 2mi; a hard limit: only places inside the circle (Google locationRestriction)",
        parse: RadiusText.meters)
    static let type = Flag<[PlaceCategory]>(
        "type", short: "t", value: "T[,T...]", default: [], shown: "any", completion: .wordList(PlaceCategory.allCases.map(\.rawValue)),
        help: "only places of these types (Google takes at most 5 of its own): \(PlaceCategory.allNames)", parseAll: PlaceTypeWords.parseAll
    )
    static let limit = Flag<Int>(
        "limit", short: "n", value: "N", default: AutocompleteRequest.defaultLimit, range: 1...AutocompleteRequest.maximumLimit,
        help: "how many predictions, at most \(.upperBound)")
    /// Read as text: checked against the wording of the run (`SessionChoice.parse`).
    static let session = Flag<String?>(
        "session", value: "new|TOKEN", completion: .words(["new"]),
        help:
            "new starts an autocomplete session (a fresh UUIDv4, printed on stderr and as sessionToken in --json); TOKEN carries it on. Google then bills the session, not each request: end it with places details PLACE_ID --session TOKEN"
    )

    static let spec = CommandSpec(
        ["autocomplete"], summary: "predictions for what is being typed: places (with ids for details) and, from Google, queries",
        usage: [.oneOf([[LocationFlags.at], [LocationFlags.near]]), .optional(radius), .optional(type), .optional(session)],
        positionals: [
            PositionalSpec(
                name: "TEXT", help: "what has been typed so far, e.g. 'sush'; every word of it begins a word of a predicted name offline")
        ],
        groups: [
            LocationFlags.group,
            FlagGroup(title: "Autocomplete", flags: [radius, type, limit, session]),
            FlagGroup(title: "Output", flags: [OutputFlags.format, OutputFlags.json]),
            ProviderFlags.group, NetworkFlags.group,
        ],
        examples: [
            "places autocomplete sush --at 60.169,24.932 --data helsinki-pois.json",
            "places autocomplete simonk --near Helsinki --provider google --session new --json",
            "places details google:ChIJ... --session 3519edfe-0f75-4a30-bfe4-7cbd89340b2c",
        ],
        notes: [
            "Providers: google (Autocomplete (New)), foursquare (its autocomplete, at least 3 characters), osm with --data FILE (offline, from the extract's names, nearest first); Overpass has none.",
            "Google bills autocomplete requests by session: without one, or with a token whose session a details call has ended, every request is billed on its own; a session ended by places details PLACE_ID --session TOKEN makes its autocomplete requests free. --dry-run says how each request is billed.",
        ])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> AutocompleteOptions {
        AutocompleteOptions(
            text: try args.positional(0),
            location: try SharedOptions.location(args),
            radiusMeters: try args[Self.radius],
            types: try args[Self.type],
            limit: try args[Self.limit],
            session: try args[Self.session].map { try SessionChoice.parse($0, wording: context.diagnostics.wording) },
            format: try AutocompleteOptions.format(args),
            network: try SharedOptions.network(args, environment: context.environment),
            providerOptions: try SharedOptions.provider(args))
    }

    static func run(_ options: AutocompleteOptions, context: RunContext) async throws -> String {
        try await AutocompleteRunner.run(options, context: context)
    }
}
