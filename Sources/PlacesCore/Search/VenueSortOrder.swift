/// How results are ordered (`--sort` in the CLI).
public enum VenueSortOrder: String, Sendable, CaseIterable {
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
}
