import PlacesCore

/// `places route-estimate --from POINT --to POINT`: distance and travel time.
enum RouteEstimateCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["route-estimate"], summary: "distance and travel time between two points",
        usage: "places route-estimate --from POINT --to POINT [--mode MODE] [--router ROUTER] [--steps] [options]",
        groups: [
            FlagGroup(title: "Route", flags: [
                CommandTable.routeFrom, CommandTable.routeTo, CommandTable.travelMode, CommandTable.router,
                FlagSpec(.steps, "turn-by-turn steps (osrm, google; the estimate has none)"),
            ]),
            FlagGroup(title: "Output", flags: [CommandTable.output.flags[0], CommandTable.output.flags[1]]),
            FlagGroup(title: "Provider", flags: [CommandTable.provider.flags[1]]),
            CommandTable.network,
        ],
        examples: [
            "places route-estimate --from 60.1699,24.9384 --to 60.1675,24.9522 --mode walk",
            "places route-estimate --from Helsinki --to Espoo --mode drive --json",
            "places route-estimate --from 60.1699,24.9384 --to 60.1841,24.9497 --router osrm --steps",
            "places route-estimate --from Helsinki --to Espoo --router osrm --format geojson > route.geojson",
        ],
        notes: ["The estimate router is the straight line times a detour factor at a typical speed for the mode, offline; README gives its constants and its measured error against real routes."])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> RouteEstimateOptions {
        guard let fromText = args.string(.from), let toText = args.string(.to) else {
            let missing = [args.isSet(.from) ? nil : "--from", args.isSet(.to) ? nil : "--to"].compactMap { $0 }.joined(separator: " and ")
            throw UsageError("route-estimate needs \(missing): e.g. --from 60.1699,24.9384 --to 'Espoo' (LAT,LON, a PLACE_ID or a place name)")
        }
        return RouteEstimateOptions(
            from: try PointSpec.parse(fromText, flag: "--from"),
            to: try PointSpec.parse(toText, flag: "--to"),
            mode: try args.parsed(.mode, TravelModeWords.parse) ?? RouteEstimateOptions.defaultMode,
            router: try args.parsed(.router, RouterName.parse) ?? RouteEstimateOptions.defaultRouter,
            steps: args.isSet(.steps),
            format: try SharedOptions.output(args).format,
            network: try SharedOptions.network(args, environment: context.environment),
            providerOptions: try SharedOptions.provider(args))
    }

    static func run(_ options: RouteEstimateOptions, context: RunContext) async throws -> String {
        try await RouteEstimateRunner.run(options, context: context)
    }
}
