import Foundation

/// One way a request differs from a recorded one: where (`body.locationRestriction.circle.radius`,
/// `query.ll`, `header.X-Goog-FieldMask`) and the two values, as JSON text (strings quoted), or
/// nil where one side has none. Long values are cut around the difference, never before it.
struct RequestDifference: Sendable, Equatable, CustomStringConvertible {
    let path: String
    let recorded: String?
    let asked: String?
    /// How many characters differ between the whole values (what lies between their common
    /// start and end): a measure of how far apart they are, for choosing the closest recording.
    var size: Int = 0

    init(path: String, recorded: String?, asked: String?, size: Int = 0) {
        self.path = path
        self.recorded = recorded
        self.asked = asked
        self.size = size
    }

    var description: String { "\(path): \(recorded ?? "absent") recorded, \(asked ?? "absent") asked" }
}

/// How a request differs from a recorded one, in the parts that take part in matching
/// (`Cassette.key`): method, path, query without secrets, the matched headers, the body.
/// Both sides are compared redacted, so no secret can appear in a difference.
package enum RequestComparison {
    /// Values longer than this are shown cut around the difference.
    static let longValue = 72
    /// Characters kept on each side of a difference in a cut value.
    static let context = 24

    static func differences(asked: HTTPRequest, recorded: HTTPRequest) -> [RequestDifference] {
        let asked = asked.redacted, recorded = recorded.redacted
        var out: [(String, String?, String?)] = []
        if asked.method.uppercased() != recorded.method.uppercased() {
            out.append(("method", quoted(recorded.method.uppercased()), quoted(asked.method.uppercased())))
        }
        let askedPath = percentEncodedPath(asked.url), recordedPath = percentEncodedPath(recorded.url)
        if askedPath != recordedPath { out.append(("path", quoted(recordedPath), quoted(askedPath))) }

        let askedQuery = queryValues(asked.url), recordedQuery = queryValues(recorded.url)
        for name in Set(askedQuery.keys).union(recordedQuery.keys).sorted() where askedQuery[name] != recordedQuery[name] {
            out.append(("query.\(name)", recordedQuery[name].map(render), askedQuery[name].map(render)))
        }
        for name in asked.matchedHeaders {
            let a = asked.header(name), r = recorded.header(name)
            if a != r { out.append(("header.\(name)", r.map(quoted), a.map(quoted))) }
        }
        compareBodies(asked, recorded, into: &out)
        return out.map { path, r, a in
            let (shownR, shownA) = excerpts(r, a)
            return RequestDifference(path: path, recorded: shownR, asked: shownA, size: differingLength(r, a))
        }
    }

    // MARK: - Parts

    static func percentEncodedPath(_ url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
    }

    /// Query values by name, secrets left out (they never take part in matching).
    private static func queryValues(_ url: URL) -> [String: [String]] {
        var values: [String: [String]] = [:]
        for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        where !Redaction.secretQueryNames.contains(item.name.lowercased()) {
            values[item.name, default: []].append(item.value ?? "")
        }
        return values
    }

    private static func render(_ values: [String]) -> String {
        values.count == 1 ? quoted(values[0]) : "[" + values.map(quoted).joined(separator: ",") + "]"
    }

    private static func compareBodies(_ asked: HTTPRequest, _ recorded: HTTPRequest, into out: inout [(String, String?, String?)]) {
        let a = asked.body.flatMap { $0.isEmpty ? nil : $0 }, r = recorded.body.flatMap { $0.isEmpty ? nil : $0 }
        switch (a, r) {
        case (nil, nil):
            return
        case let (a?, r?):
            if let x = json(a), let y = json(r) {
                compare(x, y, path: "body", into: &out)
            } else if let x = form(a, asked), let y = form(r, recorded) {
                for name in Set(x.keys).union(y.keys).sorted() where x[name] != y[name] {
                    out.append(("body.\(name)", y[name].map(render), x[name].map(render)))
                }
            } else if a != r {
                out.append(("body", text(r), text(a)))
            }
        case let (a, r):
            out.append(("body", r.map(text), a.map(text)))
        }
    }

    private static func json(_ data: Data) -> Any? {
        try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// A form body (`data=...` for Overpass), decoded, when the request says it is one.
    private static func form(_ data: Data, _ request: HTTPRequest) -> [String: [String]]? {
        guard request.header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true else { return nil }
        var values: [String: [String]] = [:]
        for pair in String(decoding: data, as: UTF8.self).split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            values[parts[0], default: []].append(parts.count > 1 ? parts[1] : "")
        }
        return values
    }

    private static func text(_ data: Data) -> String { quoted(String(decoding: data, as: UTF8.self)) }

    /// Objects key by key, arrays of objects or arrays item by item, anything else as a whole
    /// (a list of types is one value: `["cafe"]` against `["cafe","bakery"]`).
    private static func compare(_ a: Any?, _ r: Any?, path: String, into out: inout [(String, String?, String?)]) {
        if let a = a as? [String: Any], let r = r as? [String: Any] {
            for key in Set(a.keys).union(r.keys).sorted() {
                compare(a[key], r[key], path: path + "." + key, into: &out)
            }
            return
        }
        if let a = a as? [Any], let r = r as? [Any], !(a + r).allSatisfy(isScalar) {
            for index in 0..<max(a.count, r.count) {
                compare(index < a.count ? a[index] : nil, index < r.count ? r[index] : nil, path: "\(path)[\(index)]", into: &out)
            }
            return
        }
        let shownA = a.map(renderJSON), shownR = r.map(renderJSON)
        if shownA != shownR { out.append((path, shownR, shownA)) }
    }

    private static func isScalar(_ value: Any) -> Bool { !(value is [String: Any]) && !(value is [Any]) }

    /// Compact JSON with sorted keys, so that equal values read equal.
    package static func renderJSON(_ value: Any) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else {
            return "\(type(of: value))"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A string as a JSON string literal: quoted, control characters escaped (one line).
    static func quoted(_ text: String) -> String { renderJSON(text) }

    // MARK: - Cutting long values

    /// Both values, each cut to the part around where they differ when long: what they share
    /// before and after it is shortened to `context` characters and an ellipsis.
    static func excerpts(_ r: String?, _ a: String?) -> (String?, String?) {
        guard let r, let a else {
            return (r.map { cutEnd($0) }, a.map { cutEnd($0) })
        }
        guard r.count > longValue || a.count > longValue else { return (r, a) }
        let x = Array(r), y = Array(a)
        var prefix = 0
        while prefix < min(x.count, y.count) && x[prefix] == y[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(x.count, y.count) - prefix && x[x.count - 1 - suffix] == y[y.count - 1 - suffix] { suffix += 1 }
        func cut(_ chars: [Character]) -> String {
            let start = max(0, prefix - context)
            // Through the differing part and a little after it; a very long differing part
            // is shown from its start, which is where the difference is.
            let end = min(chars.count, chars.count - suffix + context, prefix + 2 * longValue)
            return (start > 0 ? "…" : "") + String(chars[start..<end]) + (end < chars.count ? "…" : "")
        }
        return (cut(x), cut(y))
    }

    /// The characters between the common start and the common end of two values (all of
    /// one value when the other is absent).
    static func differingLength(_ r: String?, _ a: String?) -> Int {
        guard let r, let a else { return (r ?? a)?.count ?? 0 }
        let x = Array(r), y = Array(a)
        var prefix = 0
        while prefix < min(x.count, y.count) && x[prefix] == y[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(x.count, y.count) - prefix && x[x.count - 1 - suffix] == y[y.count - 1 - suffix] { suffix += 1 }
        return max(x.count, y.count) - prefix - suffix
    }

    /// A value with nothing to compare it with: its start.
    private static func cutEnd(_ text: String) -> String {
        text.count > 2 * longValue ? String(text.prefix(2 * longValue)) + "…" : text
    }
}
