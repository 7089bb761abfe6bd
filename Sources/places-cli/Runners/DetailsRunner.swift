import PlacesCore
import PlacesHTTP

/// Runs `places details PLACE_ID`: the provider the id's prefix names, one venue out.
enum DetailsRunner {
    static func run(_ options: DetailsOptions, context: RunContext) async throws -> String {
        let providerOptions = options.providerOptions
        if providerOptions.dataFile != nil && options.id.provider != .osm {
            throw UsageError("--data reads an OpenStreetMap extract; \(options.id) is a \(options.id.provider.rawValue) id")
        }
        let client = try ProviderFactory.client(options.id.provider, options: providerOptions, network: options.network, context: context)
        var venue: Venue
        do {
            if let session = options.session {
                let fields = Set(options.output.fields.fields).subtracting([.isFavorite])
                if options.network.dryRun {
                    try EndedSessions.checkOrWarn(session.token, context: context)
                    venue = try await client.details(options.id, fields: fields, session: session)
                } else {
                    let unchecked = try EndedSessions.check(session.token, context: context)
                    venue = try await client.details(options.id, fields: fields, session: session)
                    EndedSessions.recordEnd(session.token, unchecked: unchecked, context: context)
                }
            } else {
                venue = try await client.lookUp(options.id, fields: Set(options.output.fields.fields))
            }
        } catch let capture as DryRunCapture {
            return DryRunReport.text(for: capture.request, more: "dry run: nothing was sent")
        }
        if options.network.dryRun { return DryRunReport.offline(provider: options.id.provider) }
        if options.output.fields.fields.contains(.isFavorite) {
            venue.isFavorite = try FavoriteMarks.ids(context: context, required: false, replaying: options.network.replayDirectory != nil)
                .contains(venue.id)
        }
        let renderOptions = RenderOptions(
            format: options.output.format, fields: options.output.fields,
            terminal: context.terminal, hasCenter: false)
        return VenueRenderer.render(single: venue, options: renderOptions)
    }
}
