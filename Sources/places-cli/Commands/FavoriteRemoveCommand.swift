import PlacesCore

/// `places favorite remove PLACE_ID`.
enum FavoriteRemoveCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["favorite", "remove"], summary: "remove a place from your favorites",
        positionals: [PositionalSpec(name: "PLACE_ID", help: "PROVIDER:ID of the favorite", completion: .favoriteIDs)],
        groups: [FlagGroup(title: "Network", flags: [NetworkFlags.verbose])],
        examples: ["places favorite remove osm:node/1369465615"])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> PlaceID {
        try PlaceID(parsing: args.positional(0))
    }

    static func run(_ id: PlaceID, context: RunContext) async throws -> String {
        try FavoriteRunner.remove(id, context: context)
    }
}
