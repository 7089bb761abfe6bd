import Foundation

/// The forms a hostile server echoes a key in, and a detector for them that shares no code
/// with `SecretMatcher` (it decodes the text, then searches, where the matcher searches
/// encoded text), so a form the matcher misses shows up as a failure.
enum KeyForms {
    /// Each form with a name for failure messages.
    static func echoes(of key: String) -> [(name: String, text: String)] {
        let bytes = Array(key.utf8)
        func percent(_ b: UInt8, lower: Bool) -> String { String(format: lower ? "%%%02x" : "%%%02X", b) }
        return [
            ("exact", key),
            ("lower-cased", key.lowercased()),
            ("upper-cased", key.uppercased()),
            ("percent-encoded", bytes.map { percent($0, lower: false) }.joined()),
            ("percent-encoded, lower-case hex", bytes.map { percent($0, lower: true) }.joined()),
            ("JSON-escaped", bytes.map { String(format: "\\u%04x", $0) }.joined()),
            ("mixed forms and cases", bytes.enumerated().map { i, b in
                switch i % 4 {
                case 0: return String(UnicodeScalar(b)).uppercased()
                case 1: return percent(b, lower: true)
                case 2: return String(format: "\\u%04X", b)
                default: return String(UnicodeScalar(b)).lowercased()
                }
            }.joined()),
        ]
    }

    /// Pieces of `key` (12 characters or more in a row, the redaction rule's threshold) as a
    /// server may echo them: plain in any letter case, and as standard encoders write them
    /// (percent-encoding of what is not `A-Z a-z 0-9 - . _ ~`, JSON's `\/`). `key` must be at
    /// least 20 characters long.
    static func pieces(of key: String) -> [(name: String, text: String)] {
        let chars = Array(key)
        let middle = String(chars[4..<16])
        let tail = String(chars.suffix(13))
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return [
            ("the first 16 characters", String(chars.prefix(16))),
            ("12 characters from the middle, upper-cased", middle.uppercased()),
            ("the last 13 characters, lower-cased", tail.lowercased()),
            ("the last 13 characters percent-encoded", tail.addingPercentEncoding(withAllowedCharacters: unreserved)!),
            ("the last 13 characters JSON-escaped", tail.replacingOccurrences(of: "/", with: "\\/")),
        ]
    }

    /// Whether `text` holds `key`, or any 10 characters of it in a row (a message cut in the
    /// middle of a key leaks part of it), in any form: percent-encoding and JSON escapes
    /// undone (twice, for a form inside a form), letter case folded.
    static func leaks(_ key: String, in text: String) -> Bool {
        var bytes = Array(text.utf8)
        for _ in 0..<2 { bytes = decodePercent(decodeJSONEscapes(bytes)) }
        let decoded = String(decoding: bytes, as: UTF8.self).lowercased()
        let folded = Array(key.lowercased())
        let width = min(10, folded.count)
        return (0...(folded.count - width)).contains { decoded.contains(String(folded[$0..<$0 + width])) }
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }

    private static func decodePercent(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "%"), i + 2 < b.count, let h = hex(b[i + 1]), let l = hex(b[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return out
    }

    private static func decodeJSONEscapes(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 5 < b.count, b[i + 1] == UInt8(ascii: "u"),
               let a = hex(b[i + 2]), let c = hex(b[i + 3]), let d = hex(b[i + 4]), let e = hex(b[i + 5]), a == 0, c == 0 {
                out.append(d << 4 | e)
                i += 6
            } else if b[i] == UInt8(ascii: "\\"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "/") {
                out.append(UInt8(ascii: "/"))
                i += 2
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return out
    }
}
