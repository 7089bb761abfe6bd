/// The words of the `opening_hours` subset `OpeningHoursParser` understands, read from the
/// raw tag. Anything else — a quote (comment), `+`, `|`, `.`, `[`, a year, a time without
/// minutes (`10-18`), a non-ASCII character — makes `tokens(of:)` return nil: the value is
/// outside the subset and its evaluation is unknown.
enum OpeningHoursToken: Equatable {
    /// `Mo` … `Su` as 0 … 6, in any letter case (`Mo-su` is common and unambiguous).
    case weekday(Int)
    /// `H:MM` or `HH:MM` as minutes after midnight, 0 … 1440 (`24:00`). One-digit hours
    /// (`9:00`) are read although the specification asks for two: they are unambiguous.
    case time(Int)
    case dash
    case comma
    case semicolon
    /// `24/7`.
    case always
    /// Any other run of ASCII letters, lower-cased: `open`, `off`, `closed`, `ph`, `jun`, `mon`…
    case word(String)

    static let weekdayNames = ["mo", "tu", "we", "th", "fr", "sa", "su"]

    /// The tokens of `text`, or nil when it holds anything outside the subset. Spaces and
    /// tabs separate tokens and are otherwise ignored.
    static func tokens(of text: String) -> [OpeningHoursToken]? {
        let bytes = Array(text.utf8)
        var tokens: [OpeningHoursToken] = []
        var i = 0
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        func isLetter(_ at: Int) -> Bool {
            guard at < bytes.count else { return false }
            let b = bytes[at] | 0x20
            return b >= 0x61 && b <= 0x7A
        }
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x20, 0x09:
                i += 1
            case UInt8(ascii: "-"):
                tokens.append(.dash); i += 1
            case UInt8(ascii: ","):
                tokens.append(.comma); i += 1
            case UInt8(ascii: ";"):
                tokens.append(.semicolon); i += 1
            case _ where isDigit(i):
                // 24/7
                if i + 3 < bytes.count, bytes[i] == 0x32, bytes[i + 1] == 0x34, bytes[i + 2] == UInt8(ascii: "/"), bytes[i + 3] == 0x37,
                    !isDigit(i + 4)
                {
                    tokens.append(.always); i += 4
                    continue
                }
                var hours = 0, digits = 0
                while isDigit(i) && digits < 3 {
                    hours = hours * 10 + Int(bytes[i] - 0x30); i += 1; digits += 1
                }
                guard digits <= 2, i < bytes.count, bytes[i] == UInt8(ascii: ":"), isDigit(i + 1), isDigit(i + 2), !isDigit(i + 3) else {
                    return nil
                }
                let minutes = Int(bytes[i + 1] - 0x30) * 10 + Int(bytes[i + 2] - 0x30)
                i += 3
                guard minutes < 60, hours < 24 || (hours == 24 && minutes == 0) else { return nil }
                tokens.append(.time(hours * 60 + minutes))
            case _ where isLetter(i):
                var word: [UInt8] = []
                while isLetter(i) {
                    word.append(bytes[i] | 0x20); i += 1
                }
                let text = String(decoding: word, as: UTF8.self)
                if let day = weekdayNames.firstIndex(of: text) {
                    tokens.append(.weekday(day))
                } else {
                    tokens.append(.word(text))
                }
            default:
                return nil
            }
        }
        return tokens
    }
}
