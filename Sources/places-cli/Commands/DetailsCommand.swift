import PlacesCore

/// `places details PLACE_ID`.
enum DetailsCommand {
    static func run(_ args: ParsedArguments, context: RunContext) async throws -> String {
        let options = DetailsOptions(
            id: try PlaceID(parsing: args.positional(0)),
            output: try SharedOptions.output(args),
            network: try SharedOptions.network(args, environment: context.environment),
            providerOptions: try SharedOptions.provider(args))
        return try await DetailsRunner.run(options, context: context)
    }
}
