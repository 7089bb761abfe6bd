import PlacesCore

/// `places favorite list`: your favorites, offline.
enum FavoriteListCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["favorite", "list"], summary: "list your favorites (offline), nearest first when given a location",
        usage: "places favorite list [--at LAT,LON | --near PLACE] [options]",
        groups: [CommandTable.location, FlagGroup(title: "Output", flags: [
            CommandTable.output.flags[0], CommandTable.output.flags[1],
            FlagSpec(.fields, value: "LIST", default: "id,provider,name,latitude,longitude,address,distanceMeters,categories,cuisines,mapsUrl,isFavorite,addedAt,note,alias",
                     repetition: .accumulates,
                     completion: .wordList(["all"] + VenueField.allCases.map(\.rawValue) + FavoriteFieldSelection.Extra.allCases.map(\.rawValue)),
                     "as for nearby, plus addedAt, note and alias (always after the venue fields)"),
        ]), FlagGroup(title: "Network", flags: [CommandTable.verboseFlag])],
        examples: ["places favorite list --near Helsinki", "places favorite list --json | jq -r '.[].id'"],
        notes: ["Offline: favorites are snapshots taken when added. Without a location, oldest first.",
                "The file: $PLACES_FAVORITES_FILE, else $XDG_DATA_HOME/places/favorites.json, else ~/.local/share/places/favorites.json."])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> FavoriteListOptions {
        FavoriteListOptions(
            location: try SharedOptions.location(args),
            format: try SharedOptions.format(args),
            fields: try args.parsedAll(.fields, FavoriteFieldSelection.parse) ?? .default)
    }

    static func run(_ options: FavoriteListOptions, context: RunContext) async throws -> String {
        try await FavoriteListRunner.run(options, context: context)
    }
}
