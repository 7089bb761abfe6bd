/// The seam through which a PLACE_ID route end is read from the favorites snapshot, so a
/// saved place needs no network. The favorites store is built separately: until it is
/// wired in (`RouteEstimateRunner` passes `.unwired`), every id goes to its provider.
public struct FavoriteSnapshotLookup: Sendable {
    /// The saved venue for an id, or nil when it is not a favorite.
    public let venue: @Sendable (PlaceID) throws -> Venue?

    public init(_ venue: @escaping @Sendable (PlaceID) throws -> Venue?) {
        self.venue = venue
    }

    /// No favorites store connected: nothing is found here.
    public static let unwired = FavoriteSnapshotLookup { _ in nil }
}
