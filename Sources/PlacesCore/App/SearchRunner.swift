import Foundation

/// Runs `places nearby` and `places search`: resolve the location, ask the provider,
/// run the pipeline, render. Returns what goes to stdout; notes go to diagnostics.
public enum SearchRunner {
    public static func run(_ options: SearchOptions, context: RunContext) async throws -> String {
        var request = try makeRequest(options, context: context)
        let providerName = try ProviderSelection.choose(options.providerOptions, context: context)
        try validateRadius(request, provider: providerName)
        let provider = try ProviderFactory.make(providerName, options: options.providerOptions, network: options.network, context: context)
        if !(provider is OverpassFileProvider), request.limit > ProviderLimits.maxLimit {
            context.diagnostics.note("--limit \(request.limit) is over \(providerName.rawValue)'s ceiling of \(ProviderLimits.maxLimit): showing at most \(ProviderLimits.maxLimit) (a --data file has no ceiling)")
            request.limit = ProviderLimits.maxLimit
        }

        // Read before the search: --favorites-only with an unreadable file fails before any request.
        let favorites = try FavoriteMarks.ids(for: options, context: context)
        if options.favoritesOnly { request.onlyIDs = favorites }
        var found: [Venue] = []
        var extract: ExtractAnswer?
        if !(options.favoritesOnly && favorites?.isEmpty == true) || options.network.dryRun {
            do {
                if var file = provider as? OverpassFileProvider {
                    extract = try answer(request, from: &file, context: context)
                    found = extract?.venues ?? []
                } else {
                    found = try await provider.search(request, diagnostics: context.diagnostics)
                }
            } catch let capture as DryRunCapture {
                return DryRunReport.text(for: capture.request, more: "dry run: nothing was sent")
            }
        }
        if options.network.dryRun { return DryRunReport.offline(provider: providerName) }
        // Before the pipeline, so that --limit counts favorites only.
        if let favorites { found = FavoriteMarks.apply(found, favorites: favorites, only: options.favoritesOnly) }
        let outcome = VenuePipeline.run(found, for: request, provider: providerName)
        // Only the pipeline's copy is printed: a whole-extract dump holds one list, not three.
        found = []
        extract?.venues = []
        for note in outcome.notes { context.diagnostics.note(note) }
        if let extract, let file = provider as? OverpassFileProvider {
            ExtractNotes.report(extract, request: request, shown: outcome.venues.count, source: file.displayName,
                                terminal: context.terminal, diagnostics: context.diagnostics)
        }

        let renderOptions = RenderOptions(format: options.output.format, fields: options.output.fields,
                                          flagOnlyFields: request.flagOnlyFields, terminal: context.terminal,
                                          hasCenter: request.center != nil)
        if request.groupByCuisine {
            let groups = CuisineGrouping.group(outcome.venues, filter: request.filterText)
            if groups.isEmpty { reportEmpty(request, options: options, context: context) }
            return VenueRenderer.render(groups: groups, options: renderOptions)
        }
        if outcome.venues.isEmpty { reportEmpty(request, options: options, context: context) }
        // ndjson and csv go out as they are rendered (a write failure stays with the stream,
        // which reports it when the empty remainder is written).
        if let write = context.writeOutput,
           VenueRenderer.stream(outcome.venues, options: renderOptions, write: { write($0) == .written }) {
            return ""
        }
        return VenueRenderer.render(outcome.venues, options: renderOptions)
    }

    /// An offline answer with its facts: the count beyond the limit asked for when a
    /// terminal will see it, progress drawn while the file is read.
    private static func answer(_ request: SearchRequest, from file: inout OverpassFileProvider, context: RunContext) throws -> ExtractAnswer {
        var request = request
        request.wantsTotalCount = context.terminal.isTTY
        if let line = context.progress {
            let source = file.displayName
            file.progress = { line.show(ProgressLine.text($0, source: source)) }
            line.begin()
        }
        defer { context.progress?.end() }
        return try file.answer(request, diagnostics: context.diagnostics)
    }

    /// Validates and combines the options into a provider-neutral request.
    public static func makeRequest(_ options: SearchOptions, context: RunContext) throws -> SearchRequest {
        let isNearby = options.query == nil
        if let q = options.query, q.trimmingCharacters(in: .whitespaces).isEmpty {
            throw PlacesError.usage("search needs a non-empty QUERY, e.g. places search 'sushi' --near Helsinki")
        }
        guard options.location != nil || !isNearby else {
            throw PlacesError.usage("nearby needs a location: give --at LAT,LON or --near NAME")
        }
        let center = try options.location.map { try LocationResolver.resolve($0, diagnostics: context.diagnostics) }
        let radius = isNearby ? (options.radiusMeters ?? SearchRequest.defaultNearbyRadius) : options.radiusMeters
        let request = SearchRequest(
            kind: options.query.map { .text($0) } ?? .nearby, center: center, radiusMeters: radius,
            types: options.types, sort: options.sort, limit: options.limit, minRating: options.minRating,
            openNow: options.openNow, price: options.price, filterText: options.filterText,
            groupByCuisine: options.groupByCuisine, fields: options.output.fields)
        try request.validate()
        return request
    }

    /// `--radius` above the provider's limit is a usage error naming it.
    static func validateRadius(_ request: SearchRequest, provider: ProviderName) throws {
        guard let radius = request.radiusMeters, let limit = ProviderLimits.maxRadiusMeters(provider), radius > limit else { return }
        throw PlacesError.usage("--radius \(JSONValue.format(radius)) is over \(provider.rawValue)'s limit of \(JSONValue.format(limit)) m")
    }

    private static func reportEmpty(_ request: SearchRequest, options: SearchOptions, context: RunContext) {
        guard options.output.format == .table else { return }
        var scope = ""
        if let r = request.radiusMeters, request.center != nil { scope = " within \(JSONValue.format(r)) m" }
        context.diagnostics.note("no places found\(scope)")
    }
}

/// Per-provider limits checked before any request.
public enum ProviderLimits {
    /// The most places a web provider is asked for (a `--data` file has no ceiling).
    public static let maxLimit = 1000

    /// The largest `--radius` a provider accepts; nil for no limit.
    public static func maxRadiusMeters(_ provider: ProviderName) -> Double? {
        switch provider {
        case .google: return 50_000
        case .foursquare: return 100_000
        case .osm: return nil
        }
    }
}

