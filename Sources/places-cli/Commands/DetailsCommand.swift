import PlacesCore

/// `places details PLACE_ID`: everything known about one place.
enum DetailsCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["details"], summary: "everything known about one place",
        usage: "places details PLACE_ID [--data FILE] [options]",
        positionals: [PositionalSpec(name: "PLACE_ID", help: "PROVIDER:ID, e.g. osm:node/2187383214, google:ChIJN1t_tDeuEmsRUsoyG83frY4",
                                     completion: .favoriteIDs)],
        groups: [CommandTable.output, FlagGroup(title: "Provider", flags: [CommandTable.provider.flags[1], CommandTable.provider.flags[2]]), CommandTable.network],
        examples: ["places details osm:node/1369465615 --data helsinki-pois.json"],
        notes: ["The id's prefix names the provider; an osm: id is looked up in --data / $PLACES_OSM_DATA when given, else through Overpass."])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> DetailsOptions {
        DetailsOptions(
            id: try PlaceID(parsing: args.positional(0)),
            output: try SharedOptions.output(args),
            network: try SharedOptions.network(args, environment: context.environment),
            providerOptions: try SharedOptions.provider(args))
    }

    static func run(_ options: DetailsOptions, context: RunContext) async throws -> String {
        try await DetailsRunner.run(options, context: context)
    }
}
