import PlacesCore

/// `places nearby` and `places search`: flags → `SearchOptions` → `SearchRunner`.
enum SearchCommand {
    static func options(_ args: ParsedArguments, environment: [String: String]) throws -> SearchOptions {
        let groupBy = try args.parsed("group-by") { text -> Bool in
            guard text.lowercased() == "cuisine" else {
                throw UsageError("--group-by '\(text)' is not supported: the only grouping is --group-by cuisine")
            }
            return true
        } ?? false
        return SearchOptions(
            query: args.spec.path == ["search"] ? args.positionals.first : nil,
            location: try SharedOptions.location(args),
            types: try args.parsedAll("type", PlaceTypeWords.parseAll) ?? [],
            radiusMeters: try args.parsed("radius", RadiusText.meters),
            // No ceiling here: a --data file has none; a web provider's is applied with a note.
            limit: try args.integer("limit", range: 1...Int.max) ?? SearchRequest.defaultLimit,
            sort: try args.parsed("sort", VenueSortOrder.parse),
            openNow: args.isSet("open-now"),
            minRating: try args.double("min-rating", range: 0...5),
            price: try args.parsed("price", PriceRange.parse),
            filterText: args.string("filter"),
            groupByCuisine: groupBy,
            favoritesOnly: args.isSet("favorites-only"),
            output: try SharedOptions.output(args),
            network: try SharedOptions.network(args, environment: environment),
            providerOptions: try SharedOptions.provider(args))
    }

    static func run(_ args: ParsedArguments, context: RunContext) async throws -> String {
        try await SearchRunner.run(options(args, environment: context.environment), context: context)
    }
}
