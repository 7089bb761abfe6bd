import Foundation
import PlacesSupport

/// The shape of a 2xx body, for deciding whether it is an answer worth keeping: each
/// service's `ResponseReader.isAnswer` looks at the top-level members of its JSON
/// object. The body is walked, not built (`JSONSpans`): an answer may be megabytes.
package struct AnswerShape {
    private let spans: JSONSpans
    private let members: [String: Range<Int>]

    /// Nil for anything but one valid JSON object: an HTML page, text, an array, a body cut short.
    package init?(_ response: HTTPResponse) {
        guard let first = response.body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "{") else {
            return nil
        }
        let spans = JSONSpans(response.body)
        guard let whole = spans.wholeValue, let pairs = spans.members(of: whole) else { return nil }
        self.spans = spans
        members = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the object has `key` (with any value, null included).
    package func has(_ key: String) -> Bool { members[key] != nil }

    /// Whether `key` is there with a value other than null.
    package func hasValue(_ key: String) -> Bool {
        guard let range = members[key] else { return false }
        return spans.text(range) != "null"
    }

    /// Whether `key` holds an array.
    package func hasArray(_ key: String) -> Bool {
        guard let range = members[key] else { return false }
        return spans.bytes[range.lowerBound] == UInt8(ascii: "[")
    }

    /// The string `key` holds, or nil.
    package func string(_ key: String) -> String? {
        members[key].flatMap(spans.string(at:))
    }

    /// Any JSON object: what a service with no better test gives on success.
    @Sendable static func isJSONObject(_ response: HTTPResponse) -> Bool {
        AnswerShape(response) != nil
    }
}
