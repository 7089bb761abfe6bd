import PlacesCore

/// Runs `places autocomplete TEXT`: one provider that can autocomplete, the location
/// resolved, the session started or carried on (its token on stderr when new), the
/// predictions rendered; under `--dry-run`, the request and how it is billed (printed by
/// `CLI.dispatch`). The client refuses a provider that cannot predict and a token whose
/// session has ended, and says what an offline session means.
enum AutocompleteRunner {
    static func run(_ options: AutocompleteOptions, context: RunContext) async throws -> String {
        let wording = context.diagnostics.wording
        let names = try ProviderSelection.choose(options.providerOptions, network: options.network, context: context)
        guard names.count == 1 else {
            throw UsageError(
                "autocomplete asks one provider, and --provider names \(names.count) (\(names.map(\.rawValue).joined(separator: ","))): give one of \(PlacesClient.autocompleteProviders.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let client = try ProviderFactory.client(
            names[0], options: options.providerOptions, network: options.network, context: context,
            endedSessions: EndedSessions.record(context, dryRun: options.network.dryRun))
        // Refused before the location is resolved or anything is sent.
        _ = try client.autocompleteProvider()
        var center: Coordinate?
        if let location = options.location {
            let points = PointResolver.commandLine(
                providerOptions: options.providerOptions, network: options.network,
                context: context, dataOnlyForOSM: true)
            center = try await LocationResolver.resolve(location, points: points, diagnostics: context.diagnostics)
        }
        let request = AutocompleteRequest(
            input: options.text, center: center, radiusMeters: options.radiusMeters, categories: options.types,
            limit: options.limit, includeQueries: names[0] == .google)
        try request.validate(wording: wording)
        let session = try options.session?.session(wording: wording)
        if let session, options.session == .new {
            context.diagnostics.note(
                "session \(session.token): carry it on with --session \(session.token); end it with places details PLACE_ID --session \(session.token)"
            )
        }
        let predictions = try await client.autocomplete(request, session: session)
        if options.network.dryRun { return DryRunReport.offline(provider: names[0]) }
        if predictions.isEmpty && options.format == .table { context.diagnostics.note("no predictions") }
        return try PredictionRenderer.render(predictions, format: options.format, sessionToken: session?.token, terminal: context.terminal)
    }
}
