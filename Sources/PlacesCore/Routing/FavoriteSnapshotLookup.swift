/// How a PLACE_ID route end is read from the favorites snapshot, so a saved place needs no
/// network (`RouteEstimateRunner.favoriteSnapshot` reads the favorites file).
package struct FavoriteSnapshotLookup: Sendable {
    /// The saved venue for an id, or nil when it is not a favorite.
    package let venue: @Sendable (PlaceID) throws -> Venue?

    package init(_ venue: @escaping @Sendable (PlaceID) throws -> Venue?) {
        self.venue = venue
    }

    /// No favorites consulted: every id goes to its provider (for tests).
    package static let unwired = FavoriteSnapshotLookup { _ in nil }
}
