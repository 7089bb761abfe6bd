import PlacesCore

/// `places favorite add PLACE_ID`: a snapshot of the place in your favorites.
enum FavoriteAddCommand: PlacesCommand {
    static let note = Flag<String?>(
        "note", value: "TEXT", acceptsEmpty: true,
        help: "a note to keep with it; on a favorite you have, only the note changes (nothing is fetched); --note '' clears it")
    static let alias = Flag<String?>(
        "alias", value: "NAME", acceptsEmpty: true,
        help:
            "a short name to use it by: --near @NAME, --from @NAME (letters, digits, - _ .); it moves from a favorite that had it; --alias '' removes it",
        parse: FavoriteAliasText.parse)
    static let fields = Flag<FieldSelection?>(
        "fields", value: "LIST",
        defaultText: "id, name, position, address, categories, cuisines, mapsUrl; phone and website too except from Google",
        completion: .wordList(["+phone", "+website"]),
        help: "more to keep in the snapshot, e.g. +phone,+website (Google bills them as Enterprise)",
        parse: FieldSelection.parse)

    static let spec = CommandSpec(
        ["favorite", "add"], summary: "save a place to your favorites (a snapshot, so listing needs no network)",
        usage: [.optional(note), .optional(alias), .optional(fields), .optional(ProviderFlags.data)],
        positionals: [PositionalSpec(name: "PLACE_ID", help: "PROVIDER:ID of the place", completion: .favoriteIDs)],
        groups: [
            FlagGroup(title: "Favorite", flags: [note, alias, fields]),
            FlagGroup(title: "Provider", flags: [ProviderFlags.data]), NetworkFlags.group,
        ],
        examples: ["places favorite add osm:node/1369465615 --note 'Friday lunch' --alias lunch --data helsinki-pois.json"],
        notes: [
            "The place is looked up through the provider its id names and a snapshot is stored; adding it again without --note or --alias refreshes the snapshot and keeps addedAt.",
            "Google's snapshot is billed as Place Details Pro: phone and website (Enterprise) only with --fields +phone,+website.",
        ])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> FavoriteAddOptions {
        FavoriteAddOptions(
            id: try PlaceID(parsing: args.positional(0)),
            note: try args[Self.note],
            alias: try args[Self.alias],
            extraFields: try args[Self.fields].map { Set($0.fields) },
            network: try SharedOptions.network(args, environment: context.environment),
            providerOptions: try SharedOptions.provider(args))
    }

    static func run(_ options: FavoriteAddOptions, context: RunContext) async throws -> String {
        try await FavoriteRunner.add(options, context: context)
    }
}
