import Foundation
import PlacesCore

/// Runs `places nearby` and `places search` on a `PlacesClient`: resolve the location, fetch,
/// print the dry run if that is all, refine (favorites, the pipeline), render. Returns what goes
/// to stdout; notes go to diagnostics.
enum SearchRunner {
    static func run(_ options: SearchOptions, context: RunContext) async throws -> String {
        let request = try makeRequest(options, context: context)
        let providerName = try ProviderSelection.choose(options.providerOptions, network: options.network, context: context)
        try ProviderLimits.check(request, provider: providerName, wording: context.diagnostics.wording)
        let client = try ProviderFactory.client(providerName, options: options.providerOptions, network: options.network, context: context)

        // Read before the search: --favorites-only with an unreadable file fails before any request.
        let favorites = try FavoriteMarks.ids(for: options, context: context)
        var found: [Venue] = []
        if !(options.favoritesOnly && favorites?.isEmpty == true) || options.network.dryRun {
            do {
                found = try await client.fetch(request, onlyIDs: options.favoritesOnly ? favorites : nil)
            } catch let capture as DryRunCapture {
                return DryRunReport.text(for: capture.request, more: "dry run: nothing was sent")
            }
        }
        if options.network.dryRun { return DryRunReport.offline(provider: providerName) }
        let venues = client.refine(found, for: request, favorites: favorites, favoritesOnly: options.favoritesOnly)

        let renderOptions = RenderOptions(format: options.output.format, fields: options.output.fields,
                                          flagOnlyFields: request.flagOnlyFields, terminal: context.terminal,
                                          hasCenter: request.center != nil)
        if request.groupByCuisine {
            let groups = venues.groupedByCuisine(filter: request.filterText)
            if groups.isEmpty { reportEmpty(request, options: options, context: context) }
            return VenueRenderer.render(groups: groups, options: renderOptions)
        }
        if venues.isEmpty { reportEmpty(request, options: options, context: context) }
        return VenueRenderer.render(venues, options: renderOptions)
    }

    /// Validates and combines the options into a provider-neutral request.
    static func makeRequest(_ options: SearchOptions, context: RunContext) throws -> SearchRequest {
        let isNearby = options.query == nil
        // Before the location is resolved (and notes are printed about it).
        if let q = options.query, q.trimmingCharacters(in: .whitespaces).isEmpty {
            throw PlacesError.invalidRequest(.query, message: context.diagnostics.wording(.searchNeedsQuery))
        }
        let center = try options.location.map { try LocationResolver.resolve($0, diagnostics: context.diagnostics) }
        let radius = isNearby ? (options.radiusMeters ?? SearchRequest.defaultNearbyRadius) : options.radiusMeters
        let request = SearchRequest(
            kind: options.query.map { .text($0) } ?? .nearby, center: center, radiusMeters: radius,
            types: options.types, sort: options.sort, limit: options.limit, minRating: options.minRating,
            openNow: options.openNow, price: options.price, filterText: options.filterText,
            groupByCuisine: options.groupByCuisine, fields: options.output.fields)
        try request.validate(wording: context.diagnostics.wording)
        return request
    }

    private static func reportEmpty(_ request: SearchRequest, options: SearchOptions, context: RunContext) {
        guard options.output.format == .table else { return }
        var scope = ""
        if let r = request.radiusMeters, request.center != nil { scope = " within \(JSONValue.format(r)) m" }
        context.diagnostics.note("no places found\(scope)")
    }
}
