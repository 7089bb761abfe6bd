import PlacesCore

/// `places details PLACE_ID`: everything known about one place.
enum DetailsCommand: PlacesCommand {
    /// Read as text: checked against the wording of the run.
    static let session = Flag<String?>(
        "session", value: "TOKEN",
        help:
            "end the autocomplete session of TOKEN (from places autocomplete --session): Google then bills its autocomplete requests as that session; sent as sessionToken"
    )

    static let spec = CommandSpec(
        ["details"], summary: "everything known about one place",
        usage: [.optional(ProviderFlags.data), .optional(session)],
        positionals: [
            PositionalSpec(
                name: "PLACE_ID", help: "PROVIDER:ID, e.g. osm:node/2187383214, google:ChIJN1t_tDeuEmsRUsoyG83frY4",
                completion: .favoriteIDs)
        ],
        groups: [
            OutputFlags.group, MapFlags.group, FlagGroup(title: "Provider", flags: [ProviderFlags.data, ProviderFlags.noCache]),
            FlagGroup(title: "Autocomplete", flags: [session]),
            NetworkFlags.group,
        ],
        examples: [
            "places details osm:node/1369465615 --data helsinki-pois.json",
            "places details google:ChIJ... --session 3519edfe-0f75-4a30-bfe4-7cbd89340b2c",
        ],
        notes: [
            "The id's prefix names the provider; an osm: id is looked up in --data / $PLACES_OSM_DATA when given, else through Overpass."
        ])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> DetailsOptions {
        DetailsOptions(
            id: try PlaceID(parsing: args.positional(0)),
            output: try SharedOptions.output(args),
            network: try SharedOptions.network(args, environment: context.environment),
            providerOptions: try SharedOptions.provider(args),
            session: try args[Self.session].map { text -> AutocompleteSession in
                if text == "new" {
                    throw UsageError(
                        "details --session takes the TOKEN that places autocomplete --session new printed: details ends a session, it cannot start one"
                    )
                }
                return try AutocompleteSession(token: text, wording: context.diagnostics.wording)
            })
    }

    static func run(_ options: DetailsOptions, context: RunContext) async throws -> String {
        try await DetailsRunner.run(options, context: context)
    }
}
