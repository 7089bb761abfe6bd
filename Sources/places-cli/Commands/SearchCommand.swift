import PlacesCore

/// `places search QUERY`: places matching a text query.
enum SearchCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["search"], summary: "places matching a text query, optionally around a location",
        usage: [
            .oneOf([[LocationFlags.at], [LocationFlags.near], [LocationFlags.bbox], [AlongRouteFlags.from, AlongRouteFlags.to]]),
            .optional(FilterFlags.search.radius),
        ],
        positionals: [PositionalSpec(name: "QUERY", help: "what to look for, e.g. 'sushi' or 'pharmacy'; quote several words")],
        groups: [
            LocationFlags.searchGroup, AlongRouteFlags.group, FilterFlags.search.group, OutputFlags.group, MapFlags.group,
            ProviderFlags.group,
            NetworkFlags.group,
        ],
        examples: [
            "places search sushi --near Helsinki --data helsinki-pois.json",
            "places search 'gas station' --from Helsinki --to Tampere --mode drive --router google --sort detour",
            "places search 'pizza' --at 40.7128,-74.0060 --radius 2000 --sort distance --json",
        ],
        notes: [
            "Without a location there is no centre: distanceMeters is null, and --sort distance|best or --radius is an error.",
            CommandTable.severalProviders,
        ])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> SearchOptions {
        try SearchOptions.read(args, query: args.positionals.first, filters: .search, environment: context.environment)
    }

    static func run(_ options: SearchOptions, context: RunContext) async throws -> String {
        try await SearchRunner.run(options, context: context)
    }
}

extension SearchOptions {
    /// The flags `nearby` and `search` share, typed; `query` is set for `search`, and
    /// `filters` are the command's own (their defaults differ).
    static func read(_ args: ParsedArguments, query: String?, filters: FilterFlags, environment: [String: String]) throws -> SearchOptions {
        let groupBy = try args[filters.groupBy]
        var options = SearchOptions(query: query, location: try SharedOptions.location(args))
        options.types = try args[filters.type]
        options.radiusMeters = try args[filters.radius]
        options.limit = try args[filters.limit]
        options.sort = try args[filters.sort]
        options.openNow = try args[filters.openNow]
        options.minRating = try args[filters.minRating]
        options.price = try args[filters.price]
        options.filterText = try args[filters.filter]
        options.groupByCuisine = groupBy
        options.favoritesOnly = try args[filters.favoritesOnly]
        options.includeClosed = try args[filters.includeClosed]
        options.route = try AlongRouteOptions.read(args)
        options.box = try args[LocationFlags.bbox]
        if options.box != nil {
            if options.location != nil { throw UsageError("--bbox is the area searched: give it or a location (--at, --near), not both") }
            if options.route != nil { throw UsageError("--bbox is the area searched: give it or a route (--from, --to), not both") }
            if args.isGiven(filters.radius) { throw UsageError("--bbox is the area searched: drop --radius, which a box does not take") }
        }
        options.output = try SharedOptions.output(args)
        options.network = try SharedOptions.network(args, environment: environment)
        options.providerOptions = try SharedOptions.provider(args)
        return options
    }
}

extension AlongRouteOptions {
    /// `--from` and `--to` together, or neither; never with `--at`/`--near`.
    static func read(_ args: ParsedArguments) throws -> AlongRouteOptions? {
        let route = AlongRouteFlags.self
        guard args.isGiven(route.from) || args.isGiven(route.to) else {
            if args.isGiven(route.mode) || args.isGiven(route.router) {
                throw UsageError("--mode and --router need a route: give --from POINT --to POINT")
            }
            return nil
        }
        guard args.isGiven(route.from), args.isGiven(route.to) else {
            throw UsageError("a search along a route needs both --from and --to: e.g. --from 60.1699,24.9384 --to Espoo")
        }
        if args.isGiven(LocationFlags.at) || args.isGiven(LocationFlags.near) {
            throw UsageError("--from/--to search along a route and --at/--near around a point: give one or the other")
        }
        let mode = try args[route.mode]
        if mode == .transit { throw UsageError("--mode transit has no route line to search along: use walk, bike or drive") }
        guard let from = try args[route.from], let to = try args[route.to] else { return nil }
        return AlongRouteOptions(from: from, to: to, mode: mode, router: try args[route.router])
    }
}
