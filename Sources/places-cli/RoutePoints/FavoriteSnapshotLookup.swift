import PlacesCore
import PlacesSupport

/// How a place given as a favorite (a PLACE_ID, or `@ALIAS`) is read from the favorites
/// snapshot, so a saved place needs no network.
struct FavoriteSnapshotLookup: Sendable {
    /// The saved venue for an id, or nil when it is not a favorite.
    let venue: @Sendable (PlaceID) throws -> Venue?
    /// The favorite saved under an alias; throws when there is none (66) or the file cannot be read.
    let aliased: @Sendable (String) throws -> Venue

    init(
        venue: @escaping @Sendable (PlaceID) throws -> Venue?,
        aliased: @escaping @Sendable (String) throws -> Venue = { throw FavoriteSnapshotLookup.noAlias($0, known: []) }
    ) {
        self.venue = venue
        self.aliased = aliased
    }

    /// No favorites consulted: every id goes to its provider, no alias exists (for tests).
    static let unwired = FavoriteSnapshotLookup { _ in nil }

    /// `@name` names no favorite: not found, with the aliases there are.
    static func noAlias(_ alias: String, known: [String]) -> PlacesError {
        let list =
            known.isEmpty
            ? "none of your favorites has an alias yet"
            : "your aliases: " + known.sorted().map { "@\($0)" }.joined(separator: ", ")
        let hint = Suggestion.closest(to: alias, among: known).map { "did you mean @\($0)? " } ?? ""
        return PlacesError.notFound(
            message: "no favorite has the alias @\(alias); \(hint)\(list) (give one with places favorite add PLACE_ID --alias \(alias))")
    }

    /// The favorites file of this environment. A PLACE_ID that the file cannot answer (it
    /// cannot be read) is a warning and goes to its provider; an alias has nowhere else to
    /// go, so an unreadable file fails it. A replay reads only a pinned file
    /// (`$PLACES_FAVORITES_FILE`), so its output does not depend on the user's own favorites.
    static func favorites(in context: RunContext, replaying: Bool = false) -> FavoriteSnapshotLookup {
        let unpinned = replaying && context.value(FavoritesLocation.pinVariable) == nil
        return FavoriteSnapshotLookup(
            venue: { id in
                if unpinned { return nil }
                do {
                    return try FavoritesStore.located(in: context).load().favorites.first { $0.id == id }?.venue
                } catch let error as PlacesError {
                    context.diagnostics.warning("\(error.message) (looking \(id) up with its provider instead)")
                    return nil
                }
            },
            aliased: { alias in
                if unpinned {
                    throw PlacesError.configuration(
                        message:
                            "@\(alias): a replay reads favorites only from \(FavoritesLocation.pinVariable), which is not set; set it to the favorites file the replay should use"
                    )
                }
                let document = try FavoritesStore.located(in: context).load()
                guard let favorite = document.favorite(alias: alias) else {
                    throw noAlias(alias, known: document.favorites.compactMap(\.alias))
                }
                return favorite.venue
            })
    }
}
