import PlacesModel

/// Per-provider limits, applied before any request: a radius over a provider's limit is
/// refused, a limit over a web provider's ceiling is lowered to it (with a note).
enum ProviderLimits {
    /// The most places a web provider is asked for (an extract has no ceiling).
    static let maxLimit = 1000

    /// A radius above the provider's limit is an invalid request naming it. A box is sent as
    /// a box (Google's Text Search rectangle, Foursquare's `ne`/`sw`, Overpass's bbox), except
    /// to Google's Nearby Search, which takes only a circle: there the covering circle must
    /// be within the limit.
    static func check(_ request: SearchRequest, provider: ProviderName, wording: Wording) throws {
        guard let radius = request.radiusMeters, let limit = provider.descriptor.maxRadiusMeters, radius > limit else { return }
        if request.box != nil {
            guard provider == .google, request.kind == .nearby, request.route == nil else { return }
            throw PlacesError.invalidRequest(.box, message: wording(.boxOverLimit(radius: radius, provider: provider, limit: limit)))
        }
        throw PlacesError.invalidRequest(.radius, message: wording(.radiusOverLimit(radius: radius, provider: provider, limit: limit)))
    }

    /// `request` with its limit lowered to `maxLimit` when one of `providers` asks the web
    /// (a whole-extract dump has no ceiling); the note says so, naming the first such provider.
    static func capped(_ request: SearchRequest, providers: [any PlaceProvider], diagnostics: Diagnostics) -> SearchRequest {
        guard request.limit > maxLimit, let web = providers.first(where: { !$0.answersOffline }) else { return request }
        diagnostics.note(.limitOverCeiling(limit: request.limit, provider: web.name, ceiling: maxLimit))
        var capped = request
        capped.limit = maxLimit
        return capped
    }
}
