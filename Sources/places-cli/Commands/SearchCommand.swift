import PlacesCore

/// `places search QUERY`: places matching a text query.
enum SearchCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["search"], summary: "places matching a text query, optionally around a location",
        usage: "places search QUERY [--at LAT,LON | --near PLACE | --from POINT --to POINT] [--radius M] [options]",
        positionals: [PositionalSpec(name: "QUERY", help: "what to look for, e.g. 'sushi' or 'pharmacy'; quote several words")],
        groups: [CommandTable.location, CommandTable.alongRoute, CommandTable.filters(nearby: false), CommandTable.output, CommandTable.provider,
                 CommandTable.network],
        examples: [
            "places search sushi --near Helsinki --data helsinki-pois.json",
            "places search 'gas station' --from Helsinki --to Tampere --mode drive --router google --sort detour",
            "places search 'pizza' --at 40.7128,-74.0060 --radius 2000 --sort distance --json",
        ],
        notes: ["Without a location there is no centre: distanceMeters is null, and --sort distance|best or --radius is an error.", CommandTable.severalProviders])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> SearchOptions {
        try SearchOptions.read(args, query: args.positionals.first, environment: context.environment)
    }

    static func run(_ options: SearchOptions, context: RunContext) async throws -> String {
        try await SearchRunner.run(options, context: context)
    }
}

extension SearchOptions {
    /// The flags `nearby` and `search` share, typed; `query` is set for `search`.
    static func read(_ args: ParsedArguments, query: String?, environment: [String: String]) throws -> SearchOptions {
        let groupBy = try args.parsed(.groupBy) { text -> Bool in
            guard text.lowercased() == "cuisine" else {
                throw UsageError("--group-by '\(text)' is not supported: the only grouping is --group-by cuisine")
            }
            return true
        } ?? false
        var options = SearchOptions(query: query, location: try SharedOptions.location(args))
        options.types = try args.parsedAll(.type, PlaceTypeWords.parseAll) ?? []
        options.radiusMeters = try args.parsed(.radius, RadiusText.meters)
        // No ceiling here: a --data file has none; a web provider's is applied with a note.
        options.limit = try args.integer(.limit, range: 1...Int.max) ?? SearchDefaults.limit
        options.sort = try args.parsed(.sort, VenueSortOrder.parse)
        options.openNow = args.isSet(.openNow)
        options.minRating = try args.double(.minRating, range: 0...5)
        options.price = try args.parsed(.price, PriceRange.parse)
        options.filterText = args.string(.filter)
        options.groupByCuisine = groupBy
        options.favoritesOnly = args.isSet(.favoritesOnly)
        options.route = try AlongRouteOptions.read(args)
        options.output = try SharedOptions.output(args)
        options.network = try SharedOptions.network(args, environment: environment)
        options.providerOptions = try SharedOptions.provider(args)
        return options
    }
}

extension AlongRouteOptions {
    /// `--from` and `--to` together, or neither; never with `--at`/`--near`.
    static func read(_ args: ParsedArguments) throws -> AlongRouteOptions? {
        let from = args.string(.from), to = args.string(.to)
        guard from != nil || to != nil else {
            if args.isSet(.mode) || args.isSet(.router) {
                throw UsageError("--mode and --router need a route: give --from POINT --to POINT")
            }
            return nil
        }
        guard let from, let to else {
            throw UsageError("a search along a route needs both --from and --to: e.g. --from 60.1699,24.9384 --to Espoo")
        }
        if args.isSet(.at) || args.isSet(.near) {
            throw UsageError("--from/--to search along a route and --at/--near around a point: give one or the other")
        }
        let mode = try args.parsed(.mode, TravelModeWords.parse) ?? RouteEstimateOptions.defaultMode
        if mode == .transit { throw UsageError("--mode transit has no route line to search along: use walk, bike or drive") }
        return AlongRouteOptions(from: try PointSpec.parse(from, flag: "--from"), to: try PointSpec.parse(to, flag: "--to"), mode: mode,
                                 router: try args.parsed(.router, RouterName.parse) ?? RouteEstimateOptions.defaultRouter)
    }
}
