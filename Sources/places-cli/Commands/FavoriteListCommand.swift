import PlacesCore

/// `places favorite list`: your favorites, offline.
enum FavoriteListCommand: PlacesCommand {
    static let fields = Flag<FavoriteFieldSelection>(
        "fields", value: "LIST", default: .default,
        shown: (FavoriteFieldSelection.default.venue.fields.map(\.rawValue) + FavoriteFieldSelection.default.extras.map(\.rawValue))
            .joined(separator: ","),
        completion: .wordList(["all"] + VenueField.allCases.map(\.rawValue) + FavoriteFieldSelection.Extra.allCases.map(\.rawValue)),
        help: "as for nearby, plus addedAt, note and alias (always after the venue fields)", parseAll: FavoriteFieldSelection.parse)

    static let spec = CommandSpec(
        ["favorite", "list"], summary: "list your favorites (offline), nearest first when given a location",
        usage: [.oneOf([[LocationFlags.at], [LocationFlags.near]])],
        groups: [
            LocationFlags.group, FlagGroup(title: "Output", flags: [OutputFlags.format, OutputFlags.json, fields]), MapFlags.group,
            FlagGroup(title: "Network", flags: [NetworkFlags.verbose]),
        ],
        examples: ["places favorite list --near Helsinki", "places favorite list --json | jq -r '.[].id'"],
        notes: [
            "Offline: favorites are snapshots taken when added. Without a location, oldest first.",
            "The file: $PLACES_FAVORITES_FILE, else $XDG_DATA_HOME/places/favorites.json, else ~/.local/share/places/favorites.json.",
        ])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> FavoriteListOptions {
        FavoriteListOptions(
            location: try SharedOptions.location(args),
            format: try SharedOptions.format(args),
            fields: try args[Self.fields],
            map: try SharedOptions.map(args, format: try SharedOptions.format(args)))
    }

    static func run(_ options: FavoriteListOptions, context: RunContext) async throws -> String {
        try await FavoriteListRunner.run(options, context: context)
    }
}
