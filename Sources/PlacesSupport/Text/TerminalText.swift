/// Text from providers made safe to print: no terminal control characters, and its
/// width in terminal columns for aligning tables.
package enum TerminalText {
    /// Text from outside longer than this many Unicode scalars is cut, ending in "…": a name
    /// or an address of megabytes from a broken answer would otherwise flood every format.
    static let maxShownLength = 2_000

    /// Text from outside (a provider's answer, an extract's tags) as every format prints it:
    /// cut to `limit` Unicode scalars (ending in "…"), then made one safe line
    /// (`sanitizedLine`). Every renderer passes such text through here, whatever the format,
    /// so JSON, CSV, GeoJSON and tables all show the same characters; a message quoting a
    /// server's word passes a smaller limit.
    package static func shown(_ text: String) -> String {
        shown(text, limit: maxShownLength)
    }

    /// `shown(_:)` with a limit of its own.
    package static func shown(_ text: String, limit: Int) -> String {
        let scalars = text.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex)
        guard limit > 0, let end, end < scalars.endIndex else { return sanitizedLine(text) }
        var cut = String.UnicodeScalarView(scalars.prefix(limit - 1))
        cut.append("…")
        return sanitizedLine(String(cut))
    }

    /// Removes C0/C1 control characters, DEL and bidirectional overrides (which can
    /// reorder what a terminal shows); tabs and line breaks become single spaces.
    package static func sanitizedLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
                continue
            }
            if isUnsafe(scalar) { continue }
            out.append(scalar)
            lastWasSpace = scalar == " "
        }
        return String(out)
    }

    private static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidi embeddings, overrides, isolates
        default: return false
        }
    }

    /// Columns the text takes in a terminal: 0 for combining marks, 2 for wide East Asian
    /// characters and emoji, 1 otherwise.
    package static func displayWidth(_ text: String) -> Int {
        var width = 0
        for character in text {
            width += columns(of: character)
        }
        return width
    }

    static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.isASCII { return 1 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if first.properties.isEmojiPresentation { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Cuts `text` to at most `width` columns, ending with `…` when it was cut.
    package static func clip(_ text: String, to width: Int) -> String {
        guard displayWidth(text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var out = ""
        var used = 0
        for character in text {
            let w = columns(of: character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }
}
