import PlacesCore

/// `favorite add --alias NAME`: a name to use the place by (`--near @NAME`), or `''` to
/// remove the alias. A leading `@` is allowed and dropped (`--alias @office`).
enum FavoriteAliasText {
    static func parse(_ text: String) throws -> String {
        let name = text.hasPrefix("@") ? String(text.dropFirst()) : text
        // `--alias @` names no alias: it is not `--alias ''`, which removes one.
        guard text.isEmpty || FavoriteAlias.isValid(name) else {
            throw UsageError(
                "--alias '\(text)' is not an alias: \(FavoriteAlias.rule), e.g. --alias office (then --near @office); --alias '' removes an alias"
            )
        }
        return name
    }
}
