import Foundation
import PlacesCore
import PlacesHTTP
import PlacesOSMExtract
import PlacesSupport

/// Runs `places nearby` and `places search` on a `PlacesClient`: resolve the location, fetch,
/// print the dry run if that is all, refine (favorites, the pipeline), render. Returns what goes
/// to stdout; notes go to diagnostics.
enum SearchRunner {
    static func run(_ options: SearchOptions, context: RunContext) async throws -> String {
        var (request, along) = try await makeRequest(options, context: context)
        let routeDryRun = along?.dryRun ?? ""
        let providerNames = try ProviderSelection.choose(options.providerOptions, network: options.network, context: context)
        for name in providerNames { try ProviderLimits.check(request, provider: name, wording: context.diagnostics.wording) }
        // Several providers, or `all` (however many are configured): the default fields
        // include sameAs, so a script asking `all` sees the same keys on every machine.
        request.fields = request.fields.listingSameAs(providerNames.count > 1 || options.providerOptions.providers == .all)
        let providers = try providerNames.map {
            try ProviderFactory.provider($0, options: options.providerOptions, network: options.network, context: context)
        }
        let client = PlacesClient(providers: providers, diagnostics: context.diagnostics)
        // An extract has no ceiling on --limit (a whole-extract dump works); a web provider does.
        if let web = providers.first(where: { !($0 is OverpassFileProvider) }), request.limit > ProviderLimits.maxLimit {
            context.diagnostics.note(
                "--limit \(request.limit) is over \(web.name.rawValue)'s ceiling of \(ProviderLimits.maxLimit): showing at most \(ProviderLimits.maxLimit) (a --data file has no ceiling)"
            )
            request.limit = ProviderLimits.maxLimit
        }
        // One extract alone answers with the facts its notes tell (ExtractNotes).
        let file = client.isMerging ? nil : providers[0] as? OverpassFileProvider

        // Read before the search: --favorites-only with an unreadable file fails before any request.
        let favorites = try FavoriteMarks.ids(for: options, context: context)
        let onlyIDs = options.favoritesOnly ? favorites : nil
        var found: [Venue] = []
        var extract: ExtractAnswer?
        if !(options.favoritesOnly && favorites?.isEmpty == true) || options.network.dryRun {
            if options.network.dryRun && client.isMerging {
                return try routeDryRun
                    + DryRunReport.merged(await client.fetchEach(request.forEachMergedProvider, onlyIDs: onlyIDs), client: client)
            }
            do {
                if let file {
                    var asked = request
                    asked.onlyIDs = onlyIDs
                    extract = try answer(asked, from: file, context: context)
                    found = extract?.venues ?? []
                } else {
                    found = try await client.fetch(request, onlyIDs: onlyIDs)
                }
            } catch let capture as DryRunCapture {
                return routeDryRun + DryRunReport.text(for: capture.request, more: "dry run: nothing was sent")
            }
        }
        if options.network.dryRun { return routeDryRun + DryRunReport.offline(provider: providerNames[0]) }
        let venues = client.refine(found, for: request, favorites: favorites, favoritesOnly: options.favoritesOnly)
        // Only the pipeline's copy is printed: a whole-extract dump holds one list, not three.
        found = []
        extract?.venues = []
        if let extract, let file {
            ExtractNotes.report(
                extract, request: request, shown: venues.count, source: file.displayName,
                terminal: context.terminal, diagnostics: context.diagnostics)
        }

        let renderOptions = RenderOptions(
            format: options.output.format, fields: request.fields,
            flagOnlyFields: request.flagOnlyFields, terminal: context.terminal,
            hasCenter: request.center != nil, providers: providerNames, routeLine: along?.line)
        if request.groupByCuisine {
            let groups = venues.groupedByCuisine(filter: request.filterText)
            if groups.isEmpty { reportEmpty(request, options: options, context: context) }
            return VenueRenderer.render(groups: groups, options: renderOptions)
        }
        if venues.isEmpty { reportEmpty(request, options: options, context: context) }
        // ndjson and csv go out as they are rendered (a write failure stays with the stream,
        // which reports it when the empty remainder is written).
        if let write = context.writeOutput,
            VenueRenderer.stream(venues, options: renderOptions, write: { write($0) == .written })
        {
            return ""
        }
        return VenueRenderer.render(venues, options: renderOptions)
    }

    /// An offline answer with its facts: the count beyond the limit asked for when a
    /// terminal will see it, progress drawn while the file is read.
    private static func answer(_ request: SearchRequest, from file: OverpassFileProvider, context: RunContext) throws -> ExtractAnswer {
        var request = request, file = file
        request.wantsTotalCount = context.terminal.isTTY
        if let line = context.progress {
            let source = file.displayName
            file.progress = { line.show(ProgressLine.text($0, source: source)) }
            line.begin()
        }
        defer { context.progress?.end() }
        return try file.answer(request, diagnostics: context.diagnostics)
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
        let request = SearchRequest(
            kind: options.query.map { .text($0) } ?? .nearby, center: center, parameters: parameters,
            fields: options.output.fields)
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
