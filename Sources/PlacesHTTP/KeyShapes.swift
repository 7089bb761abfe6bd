/// Text shaped like a secret, found by a scan of its bytes (no regular expression: a
/// `Regex` per string cost `cassettes check` milliseconds a file). Each shape names what it
/// looks like, never the value: a Google API key, a legacy Foursquare key, a Bearer token,
/// a secret query parameter that is not `REDACTED`.
package enum KeyShapes {
    /// The shapes `text` holds, each once, in the order of `all`.
    package static func found(in text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var found: [String] = []
            if googleKey(bytes) { found.append("a Google API key (AIza…)") }
            if foursquareKey(bytes) { found.append("a legacy Foursquare key (fsq3…)") }
            if bearerToken(bytes) { found.append("a Bearer token") }
            if secretQueryParameter(bytes) { found.append("a secret query parameter") }
            return found
        }
    }

    private typealias Bytes = UnsafeBufferPointer<UInt8>

    private static func isKeyCharacter(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    }

    /// Where `word` starts in `bytes` (letters compared ignoring case when `folding`).
    private static func starts(_ bytes: Bytes, with word: StaticString, at i: Int, folding: Bool = false) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        let w = word.utf8Start
        for k in 0..<count {
            var a = bytes[i + k], b = w[k]
            if folding {
                if a >= 0x41 && a <= 0x5A { a += 32 }
                if b >= 0x41 && b <= 0x5A { b += 32 }
            }
            if a != b { return false }
        }
        return true
    }

    /// How many bytes from `i` on pass `test`.
    private static func run(_ bytes: Bytes, from i: Int, _ test: (UInt8) -> Bool) -> Int {
        var j = i
        while j < bytes.count, test(bytes[j]) { j += 1 }
        return j - i
    }

    /// Whether `matchesAt` holds at some offset with at least `length` bytes from it on: the
    /// walk every shape below makes.
    private static func anyOffset(_ bytes: Bytes, length: Int, _ matchesAt: (Int) -> Bool) -> Bool {
        var i = 0
        while i + length <= bytes.count {
            if matchesAt(i) { return true }
            i += 1
        }
        return false
    }

    /// `AIza` and 35 key characters.
    private static func googleKey(_ bytes: Bytes) -> Bool {
        anyOffset(bytes, length: 39) { i in
            bytes[i] == UInt8(ascii: "A") && starts(bytes, with: "AIza", at: i) && run(bytes, from: i + 4, isKeyCharacter) >= 35
        }
    }

    /// `fsq3` and 20 or more key characters (`+`, `/` and `=` too).
    private static func foursquareKey(_ bytes: Bytes) -> Bool {
        anyOffset(bytes, length: 24) { i in
            bytes[i] == UInt8(ascii: "f") && starts(bytes, with: "fsq3", at: i)
                && run(
                    bytes, from: i + 4,
                    { isKeyCharacter($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "=") }) >= 20
        }
    }

    /// `Bearer` (or `bearer`), spaces, and a token of 8 or more that is not `REDACTED`.
    private static func bearerToken(_ bytes: Bytes) -> Bool {
        anyOffset(bytes, length: 7) { i in
            guard bytes[i] == UInt8(ascii: "B") || bytes[i] == UInt8(ascii: "b"), starts(bytes, with: "earer", at: i + 1) else {
                return false
            }
            let spaces = run(bytes, from: i + 6) { $0 == 0x20 }
            let start = i + 6 + spaces
            return spaces > 0 && !starts(bytes, with: "REDACTED", at: start)
                && run(
                    bytes, from: start,
                    {
                        !isSpace($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: ",")
                            && $0 != UInt8(ascii: ";")
                    }) >= 8
        }
    }

    /// `?` or `&`, a secret's name (any case), `=`, and a value that is not `REDACTED`.
    private static func secretQueryParameter(_ bytes: Bytes) -> Bool {
        anyOffset(bytes, length: 2) { i in
            guard bytes[i] == UInt8(ascii: "?") || bytes[i] == UInt8(ascii: "&") else { return false }
            for name: StaticString in ["key=", "api_key=", "apikey=", "access_token=", "client_secret="]
            where starts(bytes, with: name, at: i + 1, folding: true) {
                let start = i + 1 + name.utf8CodeUnitCount
                if !starts(bytes, with: "REDACTED", at: start),
                    run(
                        bytes, from: start,
                        {
                            !isSpace($0) && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'")
                                && $0 != UInt8(ascii: "#")
                        }) >= 1
                {
                    return true
                }
            }
            return false
        }
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C
    }
}
