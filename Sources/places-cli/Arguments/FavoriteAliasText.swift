import PlacesCore

/// `favorite add --alias NAME`: a name to use the place by (`--near @NAME`), or `''` to
/// remove the alias. A leading `@` is allowed and dropped (`--alias @office`).
enum FavoriteAliasText {
    static func parse(_ text: String) throws -> String {
        let name = text.hasPrefix("@") ? String(text.dropFirst()) : text
        guard name.isEmpty || FavoriteAlias.isValid(name) else {
            throw UsageError(
                "--alias '\(text)' is not an alias: 1–\(FavoriteAlias.maximumLength) letters, digits, - _ or ., starting with a letter or digit, e.g. --alias office (then --near @office)")
        }
        return name
    }
}
