import PlacesCore

/// `places route-estimate --from POINT --to POINT`: flags → `RouteEstimateOptions` → `RouteEstimateRunner`.
enum RouteEstimateCommand {
    static func options(_ args: ParsedArguments, environment: [String: String]) throws -> RouteEstimateOptions {
        guard let fromText = args.string("from"), let toText = args.string("to") else {
            let missing = [args.isSet("from") ? nil : "--from", args.isSet("to") ? nil : "--to"].compactMap { $0 }.joined(separator: " and ")
            throw UsageError("route-estimate needs \(missing): e.g. --from 60.1699,24.9384 --to 'Espoo' (LAT,LON, a PLACE_ID or a place name)")
        }
        return RouteEstimateOptions(
            from: try PointSpec.parse(fromText, flag: "--from"),
            to: try PointSpec.parse(toText, flag: "--to"),
            mode: try args.parsed("mode", TravelModeWords.parse) ?? RouteEstimateOptions.defaultMode,
            router: try args.parsed("router", RouterName.parse) ?? RouteEstimateOptions.defaultRouter,
            format: try SharedOptions.output(args).format,
            network: try SharedOptions.network(args, environment: environment),
            providerOptions: try SharedOptions.provider(args))
    }

    static func run(_ args: ParsedArguments, context: RunContext) async throws -> String {
        try await RouteEstimateRunner.run(options(args, environment: context.environment), context: context)
    }
}
