import Foundation

/// The fake API keys the fuzz tests put in the environment, and how to find them again in
/// whatever the binary printed or wrote, in any form a hostile server could have echoed.
enum FuzzCanary {
    /// Google's shape (`AIza` + 35 URL-safe characters).
    static let google = "AIzaSyFuzzCanaryG00gleKey_7Qx-0k9Zp3v"
    /// Foursquare service keys are opaque; this one holds `+`, `/` and `=` so that its
    /// percent-encoded and JSON-escaped forms differ from it.
    static let foursquare = "fsq3FuzzCanaryF0ursq+uareKey/7Qx0k9Zp="
    static let all = [google, foursquare]
    /// In every key and in nothing else: a piece of a key is still a leak.
    static let core = "fuzzcanary"

    /// The forms of `key` a hostile server echoes back, named.
    static func echoes(of key: String) -> [(form: String, text: String)] {
        [("exact", key),
         ("lower-cased", key.lowercased()),
         ("upper-cased", key.uppercased()),
         ("percent-encoded", key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key),
         ("every byte percent-encoded", key.utf8.map { String(format: "%%%02X", $0) }.joined()),
         ("JSON-escaped", key.replacingOccurrences(of: "/", with: "\\/")),
         ("JSON \\u-escaped", key.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()),
         ("the first 16 characters", String(key.prefix(16)))]
    }

    /// How a key shows in `text`, or nil when no form of any key (nor a piece of one) does.
    static func leak(in text: String) -> String? {
        if all.contains(where: text.contains) { return "exact" }
        let keys = all.map { $0.lowercased() }
        let lowered = text.lowercased()
        if keys.contains(where: lowered.contains) { return "case-folded" }
        // The decoding passes are slow on a megabyte of output; only an escape needs them.
        guard text.contains("%") || text.contains("\\u") else { return lowered.contains(core) ? "a piece of the key" : nil }
        let decoded = percentDecoded(text).lowercased()
        if keys.contains(where: decoded.contains) { return "percent-encoded" }
        let unescaped = jsonUnescaped(decoded).lowercased()
        if keys.contains(where: unescaped.contains) { return "JSON-escaped" }
        if unescaped.contains(core) || lowered.contains(core) { return "a piece of the key" }
        return nil
    }

    static func leak(in data: Data) -> String? {
        leak(in: String(decoding: data, as: UTF8.self))
    }

    /// `%XX` sequences decoded byte by byte; anything else left as it is.
    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var i = 0
        while i < source.count {
            if source[i] == UInt8(ascii: "%"), i + 2 < source.count,
               let value = UInt8(String(decoding: source[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(value)
                i += 3
            } else {
                bytes.append(source[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// JSON's `\uXXXX` and `\/` escapes decoded; anything else left as it is.
    private static func jsonUnescaped(_ text: String) -> String {
        var out = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            guard c == "\\", let next = scalars.first else { out.unicodeScalars.append(c); continue }
            if next == "/" {
                scalars.removeFirst()
                out.append("/")
            } else if next == "u", scalars.count >= 5,
                      let value = UInt32(String(String.UnicodeScalarView(scalars.dropFirst().prefix(4))), radix: 16),
                      let scalar = Unicode.Scalar(value) {
                scalars.removeFirst(5)
                out.unicodeScalars.append(scalar)
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
