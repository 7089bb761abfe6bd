import PlacesSupport

/// A favorite's alias: a short name to use the place by (`office`, `home`, `mum.s-flat`).
///
/// 1–40 letters, digits, `-`, `_` or `.`, starting with a letter or a digit, so that it is
/// one word in every shell and cannot be mistaken for a flag, a coordinate or a PLACE_ID.
/// Aliases are unique in a favorites file and compared ignoring case.
package enum FavoriteAlias {
    static let maximumLength = 40

    /// Whether `text` is a valid alias.
    package static func isValid(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= maximumLength,
            first.isASCIILetterOrDigit
        else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetterOrDigit || $0 == "-" || $0 == "_" || $0 == "." }
    }

    /// What an alias may be, in words.
    package static let rule = "1–\(maximumLength) letters, digits, - _ or ., starting with a letter or digit"

    /// Text that may not be an alias, for a message: JSON-quoted (a newline or a quote shows
    /// as what it is) and cut after 60 characters.
    static func shown(_ text: String) -> String {
        let quoted = JSONValue.string(String(text.prefix(60))).compact
        return text.count > 60 ? quoted + "…" : quoted
    }

    /// What aliases are compared by.
    package static func key(_ alias: String) -> String {
        alias.lowercased()
    }
}

private extension Unicode.Scalar {
    var isASCIILetterOrDigit: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
    }
}
