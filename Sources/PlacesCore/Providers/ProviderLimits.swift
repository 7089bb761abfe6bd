/// Per-provider limits checked before any request.
package enum ProviderLimits {
    /// The most places a web provider is asked for (an extract has no ceiling).
    package static let maxLimit = 1000

    /// The largest radius a provider accepts; nil for no limit.
    package static func maxRadiusMeters(_ provider: ProviderName) -> Double? {
        switch provider {
        case .google: return 50_000
        case .foursquare: return 100_000
        case .osm: return nil
        }
    }

    /// A radius above the provider's limit is an invalid request naming it.
    package static func check(_ request: SearchRequest, provider: ProviderName, wording: Wording) throws {
        guard let radius = request.radiusMeters, let limit = maxRadiusMeters(provider), radius > limit else { return }
        throw PlacesError.invalidRequest(.radius, message: wording(.radiusOverLimit(radius: radius, provider: provider, limit: limit)))
    }
}
