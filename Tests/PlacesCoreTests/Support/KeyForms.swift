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
            (
                "mixed forms and cases",
                bytes.enumerated().map { i, b in
                    switch i % 4 {
                    case 0: return String(UnicodeScalar(b)).uppercased()
                    case 1: return percent(b, lower: true)
                    case 2: return String(format: "\\u%04X", b)
                    default: return String(UnicodeScalar(b)).lowercased()
                    }
                }.joined()
            ),
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

    /// How any of `keys` shows in `text`, or nil when none does: "exact", "case-folded",
    /// "encoded" (percent-encoding and JSON escapes undone, twice, for a form inside a form),
    /// or "10 characters of it in a row" (a message cut in the middle of a key leaks part of
    /// it; stricter than the 12 the redaction promises). Fast enough for every output of a
    /// fuzz run: escapes are undone only in a text that has some, and runs are found in one pass.
    static func leak(of keys: [String], in text: String) -> String? {
        if keys.contains(where: text.contains) { return "exact" }
        let folded = keys.map { $0.lowercased() }
        let lowered = text.lowercased()
        if folded.contains(where: lowered.contains) { return "case-folded" }
        var texts = [Array(lowered.utf8)]
        if lowered.contains("%") || lowered.contains("\\") {
            var bytes = texts[0]
            for _ in 0..<2 { bytes = decodePercent(decodeJSONEscapes(bytes)) }
            bytes = bytes.map { $0 &- 65 < 26 ? $0 | 0x20 : $0 }
            if folded.contains(where: String(decoding: bytes, as: UTF8.self).contains) { return "encoded" }
            texts.append(bytes)
        }
        let runs = Runs(of: folded.map { Array($0.utf8) }, length: 10)
        return texts.contains(where: runs.occur) ? "10 characters of it in a row" : nil
    }

    /// Whether `text` holds `key` in any form, or any 10 characters of it in a row.
    static func leaks(_ key: String, in text: String) -> Bool {
        leak(of: [key], in: text) != nil
    }

    /// Every run of `length` bytes of some keys (a shorter key whole), found in one pass:
    /// the 8 bytes ending at each position are looked up, a hit is checked in full.
    private struct Runs {
        let length: [Int]
        let heads: Set<UInt64>
        let runs: Set<[UInt8]>

        init(of keys: [[UInt8]], length: Int) {
            var runs = Set<[UInt8]>()
            for key in keys where !key.isEmpty {
                let n = min(length, key.count)
                for start in 0...(key.count - n) { runs.insert(Array(key[start..<start + n])) }
            }
            self.runs = runs
            self.length = Array(Set(runs.map(\.count)))
            self.heads = Set(runs.map { Self.pack($0.prefix(8)) })
        }

        static func pack<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
            bytes.reduce(0) { $0 << 8 | UInt64($1) }
        }

        func occur(in bytes: [UInt8]) -> Bool {
            for n in length {
                let head = min(8, n)
                var value: UInt64 = 0
                for i in 0..<bytes.count {
                    value = head == 8 ? value << 8 | UInt64(bytes[i]) : Self.pack(bytes[max(0, i + 1 - head)...i])
                    let start = i + 1 - head
                    guard start >= 0, start + n <= bytes.count, heads.contains(value) else { continue }
                    if runs.contains(Array(bytes[start..<start + n])) { return true }
                }
            }
            return false
        }
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
                let a = hex(b[i + 2]), let c = hex(b[i + 3]), let d = hex(b[i + 4]), let e = hex(b[i + 5]), a == 0, c == 0
            {
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
