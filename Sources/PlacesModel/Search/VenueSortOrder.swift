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
    /// Along a route: in the order the route meets them (`alongMeters`).
    case along
    /// Along a route: the smallest detour first where the provider knows detours, then the
    /// nearest the route (`routeOffsetMeters`).
    case detour

    /// Whether this order needs ratings, so providers must fetch them.
    var needsRating: Bool { self == .rating || self == .best }
}
