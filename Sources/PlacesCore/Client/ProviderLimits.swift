import PlacesModel

/// Per-provider limits checked before any request.
package enum ProviderLimits {
    /// The most places a web provider is asked for (an extract has no ceiling).
    package static let maxLimit = 1000

    /// A radius above the provider's limit is an invalid request naming it.
    package static func check(_ request: SearchRequest, provider: ProviderName, wording: Wording) throws {
        guard let radius = request.radiusMeters, let limit = provider.descriptor.maxRadiusMeters, radius > limit else { return }
        throw PlacesError.invalidRequest(.radius, message: wording(.radiusOverLimit(radius: radius, provider: provider, limit: limit)))
    }
}
