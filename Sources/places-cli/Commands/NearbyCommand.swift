import PlacesCore

/// `places nearby`: places around a location, nearest first.
enum NearbyCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["nearby"], summary: "places around a location, nearest first",
        usage: [
            .oneOf(
                [[LocationFlags.at], [LocationFlags.near], [LocationFlags.bbox], [AlongRouteFlags.from, AlongRouteFlags.to]], required: true
            ),
            .optional(FilterFlags.nearby.type), .optional(FilterFlags.nearby.radius),
        ],
        groups: [
            LocationFlags.searchGroup, AlongRouteFlags.group, FilterFlags.nearby.group, OutputFlags.group, MapFlags.group,
            ProviderFlags.group,
            NetworkFlags.group,
        ],
        examples: [
            "places nearby --near Helsinki --type restaurant --data helsinki-pois.json",
            "places nearby --at 60.1699,24.9384 --type cafe --radius 500 --json | jq '.[].name'",
            "places nearby --near Helsinki --type restaurant --group-by cuisine --filter sushi --data helsinki-pois.json",
            "places nearby --near Helsinki --type cafe --provider osm,google,foursquare --json",
            "places nearby --type cafe --from 60.1699,24.9384 --to 60.1841,24.9497 --radius 200 --data helsinki-pois.json",
        ],
        notes: [CommandTable.severalProviders])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> SearchOptions {
        try SearchOptions.read(args, query: nil, filters: .nearby, environment: context.environment)
    }

    static func run(_ options: SearchOptions, context: RunContext) async throws -> String {
        try await SearchRunner.run(options, context: context)
    }
}
