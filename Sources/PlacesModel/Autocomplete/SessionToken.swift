/// Autocomplete session tokens: a fresh one, and the rule a given one must follow.
///
/// Google's rule (Places API v1 discovery document, `sessionToken` on `places.autocomplete`
/// and `places.get`, rev 20261101): "Must be a URL and filename safe base64 string with at
/// most 36 ASCII characters in length. Otherwise an INVALID_ARGUMENT error is returned."
/// "Using a version 4 UUID is recommended." Foursquare publishes no rule; the same tokens
/// are used there. Whether `=` padding is allowed is not documented, so it is refused.
package enum SessionToken {
    static let maximumLength = 36

    /// A fresh version 4 UUID in its 36-character lowercase form (RFC 9562 §5.4): 122 random
    /// bits, the version nibble 4, the variant bits 10.
    static func makeUUIDv4() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }

    /// Why `token` cannot be a session token; nil when it can: 1 to 36 characters of the
    /// URL- and filename-safe base64 alphabet (RFC 4648 §5: `A–Z a–z 0–9 - _`).
    package static func problem(with token: String) -> String? {
        if token.isEmpty { return "it is empty" }
        if token.unicodeScalars.count > maximumLength {
            return "it is \(token.unicodeScalars.count) characters long, over \(maximumLength)"
        }
        if let bad = token.unicodeScalars.first(where: { !isAlphabet($0) }) {
            let shown =
                bad.properties.generalCategory == .control || bad == " " ? "U+\(String(bad.value, radix: 16, uppercase: true))" : "'\(bad)'"
            return "\(shown) is not a URL-safe base64 character (A-Z, a-z, 0-9, - and _)"
        }
        return nil
    }

    private static func isAlphabet(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x5F: return true
        default: return false
        }
    }
}
