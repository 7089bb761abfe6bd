import PlacesCore

/// `places route-estimate --from POINT --to POINT`: distance and travel time.
enum RouteEstimateCommand: PlacesCommand {
    static let steps = Flag<Bool>("steps", help: "turn-by-turn steps (osrm, google; the estimate has none)")

    static let spec = CommandSpec(
        ["route-estimate"], summary: "distance and travel time between two points",
        usage: [
            .required(RouteFlags.from), .required(RouteFlags.to), .optional(RouteFlags.mode), .optional(RouteFlags.router),
            .optional(steps),
        ],
        groups: [
            FlagGroup(title: "Route", flags: [RouteFlags.from, RouteFlags.to, RouteFlags.mode, RouteFlags.router, steps]),
            FlagGroup(title: "Output", flags: [OutputFlags.format, OutputFlags.json]), MapFlags.group,
            FlagGroup(title: "Provider", flags: [ProviderFlags.data]),
            NetworkFlags.group,
        ],
        examples: [
            "places route-estimate --from 60.1699,24.9384 --to 60.1675,24.9522 --mode walk",
            "places route-estimate --from Helsinki --to Espoo --mode drive --json",
            "places route-estimate --from 60.1699,24.9384 --to 60.1841,24.9497 --router osrm --steps",
            "places route-estimate --from Helsinki --to Espoo --router osrm --format geojson > route.geojson",
        ],
        notes: [
            "The estimate router is the straight line times a detour factor at a typical speed for the mode, offline; README gives its constants and its measured error against real routes."
        ])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> RouteEstimateOptions {
        // Both ends are asked for before either is read.
        let missing = [RouteFlags.from, RouteFlags.to].filter { !args.isGiven($0) }
        guard missing.isEmpty, let from = try args[RouteFlags.from], let to = try args[RouteFlags.to] else {
            let names = missing.map { "--\($0.name)" }.joined(separator: " and ")
            throw UsageError(
                "route-estimate needs \(names): e.g. --from 60.1699,24.9384 --to 'Espoo' (LAT,LON, a PLACE_ID or a place name)")
        }
        return RouteEstimateOptions(
            from: from,
            to: to,
            mode: try args[RouteFlags.mode],
            router: try args[RouteFlags.router],
            steps: try args[Self.steps],
            format: try SharedOptions.output(args).format,
            map: try SharedOptions.output(args).map,
            network: try SharedOptions.network(args, environment: context.environment),
            providerOptions: try SharedOptions.provider(args))
    }

    static func run(_ options: RouteEstimateOptions, context: RunContext) async throws -> String {
        try await RouteEstimateRunner.run(options, context: context)
    }
}
