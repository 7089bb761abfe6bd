import Foundation

/// Case- and accent-insensitive text matching, shared by `--filter`, `--near` and cuisines.
///
/// `fold` must stay in step with `fold()` in Scripts/generate-gazetteer.py, which
/// precomputes the gazetteer's search keys the same way.
package enum TextFolding {
    /// Letters that canonical decomposition leaves alone.
    static let special: [Unicode.Scalar: String] = [
        "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ł": "l", "ı": "i",
        "þ": "th", "ð": "d", "ħ": "h", "ŀ": "l", "ŧ": "t", "ŋ": "n", "ĸ": "k",
    ]

    /// Compatibility-decomposed, combining marks dropped, lower-cased, whitespace collapsed:
    /// `Zürich` → `zurich`, `  São  Paulo ` → `sao paulo`.
    package static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return foldASCII(text)
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
    package static func contains(_ haystack: String, _ needle: String) -> Bool {
        let n = fold(needle)
        return n.isEmpty || fold(haystack).contains(n)
    }

    /// `fold` for ASCII text in one pass: A–Z lowered, runs of whitespace (tab to carriage
    /// return, space) made one space, none at the ends.
    private static func foldASCII(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for b in text.utf8 {
            if b == 0x20 || (0x09...0x0D).contains(b) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            out.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
