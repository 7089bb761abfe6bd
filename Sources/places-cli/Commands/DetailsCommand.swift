import PlacesCore

/// `places details PLACE_ID`: everything known about one place.
enum DetailsCommand: PlacesCommand {
    /// Read as text: checked against the wording of the run.
    static let session = Flag<String?>(
        "session", value: "TOKEN",
        help:
            "end the autocomplete session of TOKEN (from places autocomplete --session): Google then bills its autocomplete requests as that session; sent as sessionToken"
    )

    static let reviews = Flag<Bool>(
        "reviews",
        help:
            "add what people wrote: Google's reviews (at most 5; billed Enterprise + Atmosphere), Foursquare's tips (Premium); none for OpenStreetMap"
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
            OutputFlags.group, FlagGroup(title: "Reviews", flags: [reviews]), MapFlags.group,
            FlagGroup(title: "Provider", flags: [ProviderFlags.data, ProviderFlags.noCache]),
            FlagGroup(title: "Autocomplete", flags: [session]),
            NetworkFlags.group,
        ],
        examples: [
            "places details osm:node/1369465615 --data helsinki-pois.json",
            "places details google:ChIJ... --session 3519edfe-0f75-4a30-bfe4-7cbd89340b2c",
            "places details google:ChIJ... --reviews --max-tier enterprise+atmosphere",
        ],
        notes: [
            "The id's prefix names the provider; an osm: id is looked up in --data / $PLACES_OSM_DATA when given, else through Overpass."
        ])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> DetailsOptions {
        var output = try SharedOptions.output(args)
        if try args[Self.reviews], !output.fields.fields.contains(.reviews) {
            output.fields = FieldSelection(
                fields: output.fields.fields + [.reviews], isExplicit: output.fields.isExplicit,
                extendsDefault: output.fields.extendsDefault)
        }
        return DetailsOptions(
            id: try PlaceID(parsing: args.positional(0)),
            output: output,
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
