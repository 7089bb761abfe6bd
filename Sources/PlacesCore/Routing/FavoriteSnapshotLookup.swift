/// How a PLACE_ID route end is read from the favorites snapshot, so a saved place needs no
/// network (`RouteEstimateRunner.favoriteSnapshot` reads the favorites file).
public struct FavoriteSnapshotLookup: Sendable {
    /// The saved venue for an id, or nil when it is not a favorite.
    public let venue: @Sendable (PlaceID) throws -> Venue?

    public init(_ venue: @escaping @Sendable (PlaceID) throws -> Venue?) {
        self.venue = venue
    }

    /// No favorites consulted: every id goes to its provider (for tests).
    public static let unwired = FavoriteSnapshotLookup { _ in nil }
}
