import PlacesCore

/// How a PLACE_ID route end is read from the favorites snapshot, so a saved place needs no
/// network (`RouteEstimateRunner.favoriteSnapshot` reads the favorites file).
struct FavoriteSnapshotLookup: Sendable {
    /// The saved venue for an id, or nil when it is not a favorite.
    let venue: @Sendable (PlaceID) throws -> Venue?

    init(_ venue: @escaping @Sendable (PlaceID) throws -> Venue?) {
        self.venue = venue
    }

    /// No favorites consulted: every id goes to its provider (for tests).
    static let unwired = FavoriteSnapshotLookup { _ in nil }
}
