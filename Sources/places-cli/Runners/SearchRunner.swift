import Foundation
import PlacesCore
import PlacesHTTP
import PlacesSupport

/// Runs `places nearby` and `places search` on a `PlacesClient`: resolve the location, let the
/// client prepare the request (the providers' limits), print the dry run if that is all, else
/// ask the client for the places (fetched, refined, what an extract tells noted), render.
/// Returns what goes to stdout; notes go to diagnostics.
enum SearchRunner {
    static func run(_ options: SearchOptions, context: RunContext) async throws -> String {
        var (request, along) = try await makeRequest(options, context: context)
        let routeDryRun = along?.dryRun ?? ""
        let providerNames = try ProviderSelection.choose(options.providerOptions, network: options.network, context: context)
        if options.output.format == .svg {
            try MapRenderer.checkTerms(providerNames)
            if request.groupByCuisine {
                throw UsageError("--group-by cuisine has no map: drop --group-by, or use --format table, json or geojson")
            }
        }
        // Before the providers are made (which may fail, or note): a radius a provider does not
        // take is the fault reported.
        try PlacesClient.checkLimits(request, providers: providerNames, wording: context.diagnostics.wording)
        // Several providers, or `all` (however many are configured): the default fields
        // include sameAs, so a script asking `all` sees the same keys on every machine.
        request.fields = request.fields.listingSameAs(providerNames.count > 1 || options.providerOptions.providers == .all)
        // An extract counts the places beyond --limit when a terminal will be told.
        request.wantsTotalCount = context.terminal.isTTY
        let client = try ProviderFactory.client(
            providerNames, options: options.providerOptions, network: options.network, context: context,
            progress: providerNames.count == 1 ? progress(context) : nil)
        request = try client.prepare(request)

        // Read before the search: --favorites-only with an unreadable file fails before any request.
        let favorites = try FavoriteMarks.ids(for: options, context: context)
        if options.network.dryRun {
            return try await routeDryRun
                + dryRun(request, onlyIDs: options.favoritesOnly ? favorites : nil, client: client, context: context)
        }
        // The street map is opened before the search, so that a bad --map-data costs no request.
        let map =
            options.output.format == .svg
            ? try MapRenderer.make(options.output.map, providerOptions: options.providerOptions, context: context) : nil
        let venues = try await showingProgress(context) {
            try await client.venues(for: request, favorites: favorites, favoritesOnly: options.favoritesOnly)
        }

        var renderOptions = RenderOptions(
            format: options.output.format, fields: request.fields,
            flagOnlyFields: request.flagOnlyFields, terminal: context.terminal,
            hasCenter: request.center != nil, providers: providerNames, routeLine: along?.line)
        renderOptions.center = request.center
        renderOptions.map = map
        renderOptions.mapTitle = mapTitle(request, count: venues.count)
        if request.groupByCuisine {
            let groups = venues.groupedByCuisine(filter: request.filterText)
            if groups.isEmpty { reportEmpty(request, options: options, context: context) }
            return try VenueRenderer.render(groups: groups, options: renderOptions)
        }
        if venues.isEmpty { reportEmpty(request, options: options, context: context) }
        // ndjson and csv go out as they are rendered (a write failure stays with the stream,
        // which reports it when the empty remainder is written).
        if let write = context.writeOutput,
            VenueRenderer.stream(venues, options: renderOptions, write: { write($0) == .written })
        {
            return ""
        }
        return try VenueRenderer.render(venues, options: renderOptions)
    }

    /// What a map of the answer says it shows: "3 places within 500 m of 60.1699,24.9384".
    private static func mapTitle(_ request: SearchRequest, count: Int) -> String {
        var title = "places: \(count) \(count == 1 ? "place" : "places")"
        if case .text(let query) = request.kind { title += " matching \(query)" }
        if let center = request.center {
            title += request.radiusMeters.map { " within \(JSONValue.format($0)) m of" } ?? " near"
            title += " \(center)"
        } else if request.route != nil {
            title += " along the route"
        }
        return title
    }

    /// `--dry-run`: the request each provider would send first; a provider answering from a
    /// local file is read (so its faults show) and sends nothing.
    private static func dryRun(
        _ request: SearchRequest, onlyIDs: Set<PlaceID>?, client: PlacesClient, context: RunContext
    ) async throws
        -> String
    {
        if client.isMerging {
            return try DryRunReport.merged(await client.fetchEach(request.forEachMergedProvider, onlyIDs: onlyIDs), client: client)
        }
        let outcome = try await showingProgress(context) { try await DryRun.capture { try await client.fetch(request, onlyIDs: onlyIDs) } }
        switch outcome {
        case .wouldSend(let sent): return DryRunReport.text(for: sent, more: "dry run: nothing was sent")
        case .answered: return DryRunReport.offline(provider: client.providerName)
        }
    }

    /// Where an extract's reading reports its progress: the terminal's progress line.
    private static func progress(_ context: RunContext) -> ExtractProgress.Handler? {
        guard let line = context.progress else { return nil }
        return { source, progress in line.show(ProgressLine.text(progress, source: source)) }
    }

    /// `work`, with the progress line timed from its start and cleared at its end.
    private static func showingProgress<Value>(_ context: RunContext, _ work: () async throws -> Value) async throws -> Value {
        context.progress?.begin()
        defer { context.progress?.end() }
        return try await work()
    }

    /// Validates and combines the options into a provider-neutral request (along a route:
    /// with the route drawn, and what a dry run prints of it).
    static func makeRequest(_ options: SearchOptions, context: RunContext) async throws -> (SearchRequest, AlongRouteResolver.Resolved?) {
        let isNearby = options.query == nil
        // Before the location is resolved (and notes are printed about it).
        if let q = options.query, q.trimmingCharacters(in: .whitespaces).isEmpty {
            throw PlacesError.invalidRequest(.query, message: context.diagnostics.wording(.searchNeedsQuery))
        }
        var center: Coordinate?
        if let location = options.location {
            let points = PointResolver.commandLine(
                providerOptions: options.providerOptions, network: options.network,
                context: context, dataOnlyForOSM: true)
            center = try await LocationResolver.resolve(location, points: points, diagnostics: context.diagnostics)
        }
        if let along = options.route {
            return try await alongRoute(along, options, context: context)
        }
        var parameters = options.parameters
        if isNearby { parameters.radiusMeters = parameters.radiusMeters ?? SearchDefaults.nearbyRadiusMeters }
        var request = SearchRequest(
            kind: options.query.map { .text($0) } ?? .nearby, center: center, parameters: parameters,
            fields: options.output.fields)
        if let box = options.box { request = request.inBox(box) }
        try request.validate(wording: context.diagnostics.wording)
        return (request, nil)
    }

    /// Along a route: `--radius` is the distance from the route (default 1000 m), the order
    /// the route's unless `--sort` says otherwise, and the default fields gain where the
    /// route meets each place and what stopping costs.
    private static func alongRoute(
        _ along: AlongRouteOptions, _ options: SearchOptions, context: RunContext
    ) async throws
        -> (SearchRequest, AlongRouteResolver.Resolved?)
    {
        let radius = options.radiusMeters ?? SearchDefaults.nearbyRadiusMeters
        guard radius.isFinite, radius > 0 else {
            throw PlacesError.invalidRequest(.radius, message: context.diagnostics.wording(.radiusNotPositive))
        }
        let resolved = try await AlongRouteResolver.resolve(along, radius: radius, search: options, context: context)
        var parameters = options.parameters
        parameters.radiusMeters = radius
        parameters.sort = parameters.sort ?? .along
        var request = SearchRequest(
            kind: options.query.map { .text($0) } ?? .nearby, center: nil, parameters: parameters,
            fields: options.output.fields.listingRouteFields())
        request.route = resolved.route
        try request.validate(wording: context.diagnostics.wording)
        return (request, resolved)
    }

    private static func reportEmpty(_ request: SearchRequest, options: SearchOptions, context: RunContext) {
        guard options.output.format == .table else { return }
        var scope = ""
        if let r = request.radiusMeters, request.center != nil { scope = " within \(JSONValue.format(r)) m" }
        if let r = request.radiusMeters, request.route != nil { scope = " within \(JSONValue.format(r)) m of the route" }
        context.diagnostics.note("no places found\(scope)")
    }
}
