import PlacesCore

/// The favorites `nearby`/`search` mark (`isFavorite`) or keep (`--favorites-only`); the
/// client applies them. Only the ids are needed, read from the file without a lock.
enum FavoriteMarks {
    /// The ids a search needs: nil when neither `isFavorite` is printed nor
    /// `--favorites-only` given (then the file is not read at all).
    static func ids(for options: SearchOptions, context: RunContext) throws -> Set<PlaceID>? {
        guard options.favoritesOnly || options.output.fields.fields.contains(.isFavorite) else { return nil }
        let favorites = try ids(context: context, required: options.favoritesOnly, replaying: options.network.replayDirectory != nil)
        if options.favoritesOnly && favorites.isEmpty {
            if options.network.replayDirectory != nil && context.value(FavoritesLocation.pinVariable) == nil {
                context.diagnostics.note(
                    "--favorites-only: a replay reads favorites only from \(FavoritesLocation.pinVariable), which is not set")
            } else {
                context.diagnostics.note("--favorites-only: you have no favorites yet; add one with places favorite add PLACE_ID")
            }
        }
        return favorites
    }

    /// The ids of your favorites. A missing file is none. A file that cannot be read
    /// fails the command only when `required` (`--favorites-only` cannot be answered
    /// without it); otherwise it is a warning and no result is marked.
    ///
    /// A replay prints what the cassettes and the arguments say, the same on every machine:
    /// its favorites come only from `$PLACES_FAVORITES_FILE` (a pin a CI job sets), never
    /// from the user's own file under `$XDG_DATA_HOME` or `$HOME`.
    static func ids(context: RunContext, required: Bool, replaying: Bool = false) throws -> Set<PlaceID> {
        if replaying && context.value(FavoritesLocation.pinVariable) == nil { return [] }
        do {
            return Set(try FavoritesStore.located(in: context).load().favorites.map(\.id))
        } catch let error as PlacesError where !required {
            context.diagnostics.warning("\(error.message) (isFavorite is false for every place until then)")
            return []
        }
    }
}
