import PlacesCore
import PlacesHTTP
import PlacesOSMExtract

/// Runs `places autocomplete TEXT`: one provider that can autocomplete, the location
/// resolved, the session started or carried on (its token on stderr when new), the
/// predictions rendered; under `--dry-run`, the request and how it is billed.
enum AutocompleteRunner {
    static func run(_ options: AutocompleteOptions, context: RunContext) async throws -> String {
        let wording = context.diagnostics.wording
        let names = try ProviderSelection.choose(options.providerOptions, network: options.network, context: context)
        guard names.count == 1 else {
            throw UsageError(
                "autocomplete asks one provider, and --provider names \(names.count) (\(names.map(\.rawValue).joined(separator: ","))): give one of \(PlacesClient.autocompleteProviders.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let provider = try ProviderFactory.provider(names[0], options: options.providerOptions, network: options.network, context: context)
        let client = PlacesClient(provider: provider, diagnostics: context.diagnostics)
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
        if case .token(let token) = options.session { try EndedSessions.checkOrWarn(token, context: context) }
        if let session, options.session == .new {
            context.diagnostics.note(
                "session \(session.token): carry it on with --session \(session.token); end it with places details PLACE_ID --session \(session.token)"
            )
        }
        if session != nil, provider is OverpassFileProvider {
            context.diagnostics.note("an extract bills nothing: the session token is not used offline")
        }
        let predictions: [AutocompletePrediction]
        do {
            predictions = try await client.autocomplete(request, session: session)
        } catch let capture as DryRunCapture {
            return DryRunReport.text(for: capture.request, more: "dry run: nothing was sent")
        }
        if options.network.dryRun { return DryRunReport.offline(provider: names[0]) }
        if predictions.isEmpty && options.format == .table { context.diagnostics.note("no predictions") }
        return PredictionRenderer.render(predictions, format: options.format, sessionToken: session?.token, terminal: context.terminal)
    }
}
