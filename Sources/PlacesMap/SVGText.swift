import PlacesSupport

/// Text and numbers as an SVG document holds them. Text from outside is made one safe line
/// (`TerminalText.shown`: no control characters, which XML 1.0 forbids anyway, no bidi
/// overrides) and escaped, so that a name holding `<script>` is text; numbers are written
/// with one decimal, the same bytes on every machine and locale.
enum SVGText {
    /// `text` safe inside an element or a double-quoted attribute.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in TerminalText.shown(text).unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // Not characters XML allows (U+FFFE, U+FFFF), and private noncharacters.
            case "\u{FFFE}", "\u{FFFF}": continue
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A pixel measure with one decimal (`12.3`, `-0.5`, `7`): a tenth of a pixel is finer
    /// than any screen shows.
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        let tenths = Int((value * 10).rounded())
        let whole = tenths / 10, fraction = abs(tenths % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
