/// `--sort`: how results are ordered.
package enum SortOrder: String, Sendable, CaseIterable {
    /// Nearest first (needs a centre).
    case distance
    /// The provider's own order.
    case relevance
    /// Highest rated first; unrated last.
    case rating
    /// The provider's popularity order where it ranks by popularity.
    case popularity
    /// Rating weighed against distance (see `VenuePipeline.bestScore`).
    case best

    /// Whether this order needs ratings, so providers must fetch them.
    package var needsRating: Bool { self == .rating || self == .best }

    package static func parse(_ text: String) throws -> SortOrder {
        guard let order = SortOrder(rawValue: text.lowercased()) else {
            throw PlacesError.usage("unknown --sort '\(text)': expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return order
    }
}
