import PlacesCore

/// Where the favorites file lives: `$PLACES_FAVORITES_FILE`, else
/// `$XDG_DATA_HOME/places/favorites.json`, else `~/.local/share/places/favorites.json`.
enum FavoritesLocation {
    /// The variable naming the file outright (the one a replay reads favorites from).
    static let pinVariable = "PLACES_FAVORITES_FILE"

    static func path(in context: RunContext) throws -> String {
        if let file = context.value(pinVariable) { return file }
        // The XDG base directory spec: a relative XDG_DATA_HOME is invalid and ignored.
        if let data = context.value("XDG_DATA_HOME"), data.hasPrefix("/") {
            return join(data, "places/favorites.json")
        }
        guard let home = context.value("HOME") else {
            throw PlacesError.configuration(
                message: "cannot tell where the favorites file lives: HOME is not set; set PLACES_FAVORITES_FILE (or XDG_DATA_HOME or HOME)"
            )
        }
        return join(home, ".local/share/places/favorites.json")
    }

    private static func join(_ directory: String, _ rest: String) -> String {
        directory.hasSuffix("/") ? directory + rest : directory + "/" + rest
    }
}

extension FavoritesStore {
    /// The store at the configured location (see `FavoritesLocation`).
    static func located(in context: RunContext) throws -> FavoritesStore {
        let pause = context.value("PLACES_FAVORITES_WRITE_PAUSE_MS").flatMap(Int.init).map { min(max($0, 0), 60_000) } ?? 0
        return FavoritesStore(
            path: try FavoritesLocation.path(in: context), writePauseMilliseconds: pause,
            wording: context.diagnostics.wording)
    }
}
