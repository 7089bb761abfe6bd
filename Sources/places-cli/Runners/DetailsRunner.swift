import PlacesCore

/// Runs `places details PLACE_ID`: the provider the id's prefix names, one venue out.
enum DetailsRunner {
    static func run(_ options: DetailsOptions, context: RunContext) async throws -> String {
        let providerOptions = options.providerOptions
        if options.output.format == .svg { try MapRenderer.checkTerms([options.id.provider]) }
        if providerOptions.dataFile != nil && options.id.provider != .osm {
            throw UsageError("--data reads an OpenStreetMap extract; \(options.id) is a \(options.id.provider.rawValue) id")
        }
        let client = try ProviderFactory.client(
            options.id.provider, options: providerOptions, network: options.network, context: context,
            endedSessions: EndedSessions.record(context, dryRun: options.network.dryRun))
        // A web provider under --dry-run stops at its request, which CLI.dispatch prints.
        var venue: Venue
        if let session = options.session {
            // The client refuses a token whose session has ended, and records this end.
            let fields = Set(options.output.fields.fields).subtracting([.isFavorite])
            venue = try await client.details(options.id, fields: fields, session: session)
        } else {
            venue = try await client.lookUp(options.id, fields: Set(options.output.fields.fields))
        }
        if options.network.dryRun { return DryRunReport.offline(provider: options.id.provider) }
        if options.output.fields.fields.contains(.isFavorite) {
            venue.isFavorite = try FavoriteMarks.ids(context: context, required: false, replaying: options.network.replayDirectory != nil)
                .contains(venue.id)
        }
        var renderOptions = RenderOptions(
            format: options.output.format, fields: options.output.fields,
            terminal: context.terminal, hasCenter: false)
        if options.output.format == .svg {
            renderOptions.map = try MapRenderer.make(options.output.map, providerOptions: providerOptions, context: context)
            renderOptions.mapTitle = "places details \(options.id)"
        }
        return try VenueRenderer.render(single: venue, options: renderOptions)
    }
}
