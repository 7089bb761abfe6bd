import Foundation

/// What text from outside must never bring to a terminal or a CSV reader, for the tests that
/// play a hostile provider or extract: C0 controls (ESC, BEL, BS, CR, LF, ...), DEL, C1
/// controls (0x9B is a one-byte CSI), the line and paragraph separators, and the
/// bidirectional embeddings, overrides (U+202E) and isolates that reorder what is shown.
enum ControlText {
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The first control character of `text` other than those `allowed` (an output's own
    /// line feeds), or nil.
    static func first(in text: String, allowing allowed: Set<Unicode.Scalar> = []) -> Unicode.Scalar? {
        text.unicodeScalars.first { isControl($0) && !allowed.contains($0) }
    }

    /// `U+001B` for a report.
    static func name(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(format: "%04X", scalar.value)
    }

    /// Every string a JSON document holds, keys and values, decoded (escapes read back).
    static func strings(inJSON value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let array as [Any]: return array.flatMap(strings(inJSON:))
        case let object as [String: Any]: return object.flatMap { [$0.key] + strings(inJSON: $0.value) }
        default: return []
        }
    }

    /// A name that carries every kind: a CSI colour, an OSC title ended by BEL, a C1 CSI
    /// clearing the screen, a backspace, DEL, a right-to-left override, CR LF and what CSV
    /// must quote (a comma, quotes).
    static let hostileName = "Evil\u{1B}[31mRed\u{1B}]0;pwned\u{07}\u{9B}2J\u{08}\u{7F}\u{202E}desrever\r\nSecond, \"row\""
    /// An address part with the same, shorter.
    static let hostilePart = "Street\u{1B}[2J\r\nx\u{9B}1\u{202E}"
}
