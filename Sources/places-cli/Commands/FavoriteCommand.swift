import PlacesCore

/// `places favorite add|remove|list`: flags → typed options → `FavoriteRunner` / `FavoriteListRunner`.
enum FavoriteCommand {
    static func run(_ args: ParsedArguments, context: RunContext) async throws -> String {
        switch args.spec.path {
        case ["favorite", "add"]:
            let options = FavoriteAddOptions(
                id: try PlaceID(parsing: args.positional(0)),
                note: args.string("note"),
                alias: try args.parsed("alias", FavoriteAliasText.parse),
                extraFields: try args.parsed("fields", FieldSelection.parse).map { Set($0.fields) },
                network: try SharedOptions.network(args, environment: context.environment),
                providerOptions: try SharedOptions.provider(args))
            return try await FavoriteRunner.add(options, context: context)
        case ["favorite", "remove"]:
            return try FavoriteRunner.remove(try PlaceID(parsing: args.positional(0)), context: context)
        default:
            let options = FavoriteListOptions(
                location: try SharedOptions.location(args),
                format: try SharedOptions.format(args),
                fields: try args.parsedAll("fields", FavoriteFieldSelection.parse) ?? .default)
            return try await FavoriteListRunner.run(options, context: context)
        }
    }
}
