import Foundation

/// Case- and accent-insensitive text matching, shared by `--filter`, `--near` and cuisines.
///
/// `fold` must stay in step with `fold()` in Scripts/generate-gazetteer.py, which
/// precomputes the gazetteer's search keys the same way.
public enum TextFolding {
    /// Letters that canonical decomposition leaves alone.
    private static let special: [Unicode.Scalar: String] = [
        "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ł": "l", "ı": "i",
        "þ": "th", "ð": "d", "ħ": "h", "ŀ": "l", "ŧ": "t", "ŋ": "n", "ĸ": "k",
    ]

    /// Compatibility-decomposed, combining marks dropped, lower-cased, whitespace collapsed:
    /// `Zürich` → `zurich`, `  São  Paulo ` → `sao paulo`.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return collapseWhitespace(text.lowercased())
        }
        var out = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            for lower in String(scalar).lowercased().unicodeScalars {
                if let replacement = special[lower] {
                    out.append(contentsOf: replacement.unicodeScalars)
                } else {
                    out.append(lower)
                }
            }
        }
        return collapseWhitespace(String(out))
    }

    /// Whether `needle` occurs in `haystack`, ignoring case and accents.
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        let n = fold(needle)
        return n.isEmpty || fold(haystack).contains(n)
    }

    private static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
