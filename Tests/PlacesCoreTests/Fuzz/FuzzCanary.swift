import Foundation

/// The fake API keys the fuzz tests put in the environment, and how to find them again in
/// whatever the binary printed or wrote, in any form a hostile server could have echoed.
enum FuzzCanary {
    /// Google's shape (`AIza` + 35 URL-safe characters).
    static let google = "AIzaSyFuzzCanaryG00gleKey_7Qx-0k9Zp3v"
    /// Foursquare service keys are opaque; this one holds `+`, `/` and `=` so that its
    /// percent-encoded and JSON-escaped forms differ from it.
    /// Assembled at run time so that no committed line looks like a real key to a secret scanner.
    static let foursquare = "fsq" + "3FuzzCanaryF0ursq+uareKey/7Qx0k9Zp="
    static let all = [google, foursquare]

    /// The forms of `key` a hostile server echoes back, named: the whole key in every form
    /// and pieces of it (`KeyForms`).
    static func echoes(of key: String) -> [(form: String, text: String)] {
        (KeyForms.echoes(of: key) + KeyForms.pieces(of: key)).map { (form: $0.name, text: $0.text) }
    }

    /// How a key shows in `text`, or nil when no form of any key (nor 10 characters of one
    /// in a row) does.
    static func leak(in text: String) -> String? {
        KeyForms.leak(of: all, in: text)
    }

    static func leak(in data: Data) -> String? {
        leak(in: String(decoding: data, as: UTF8.self))
    }
}
