import Foundation
import PlacesCore
import PlacesHTTP
import PlacesSupport

/// One line of `places cassettes list` for a recorded exchange: what was asked, in a few
/// words, without knowing any provider's wire. The query's parameters and the body's leaf
/// values as `name=value` (secrets left out, long values cut), and how many fields a
/// matched header (Google's field mask) names.
enum CassetteSummary {
    /// The longest summary; longer ones end in an ellipsis.
    static let maximumLength = 140
    /// The longest value shown whole.
    static let maximumValue = 40

    static func request(_ request: HTTPRequest) -> String {
        var parts: [String] = []
        for item in URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        where !Redaction.secretQueryNames.contains(item.name.lowercased()) {
            parts.append(item.name + "=" + cut(item.value ?? ""))
        }
        if let body = request.body, !body.isEmpty {
            if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
                leaves(object, name: "body", into: &parts)
            } else {
                var text = String(decoding: body, as: UTF8.self)
                if request.header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
                    text = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
                }
                parts.append("body=" + cut(text.split(whereSeparator: \.isWhitespace).joined(separator: " ")))
            }
        }
        for name in request.matchedHeaders {
            if let value = request.header(name) { parts.append("\(name)=\(value.split(separator: ",").count) field(s)") }
        }
        let text = parts.joined(separator: " ")
        return text.count > maximumLength ? String(text.prefix(maximumLength - 1)) + "…" : text
    }

    private static func leaves(_ value: Any, name: String, into parts: inout [String]) {
        if let object = value as? [String: Any] {
            for (key, member) in object.sorted(by: { $0.key < $1.key }) { leaves(member, name: key, into: &parts) }
        } else if let array = value as? [Any], array.contains(where: { $0 is [String: Any] || $0 is [Any] }) {
            for item in array { leaves(item, name: name, into: &parts) }
        } else {
            parts.append(name + "=" + cut(RequestComparison.renderJSON(value)))
        }
    }

    private static func cut(_ text: String) -> String {
        let line = TerminalText.sanitizedLine(text)
        return line.count > maximumValue ? String(line.prefix(maximumValue - 1)) + "…" : line
    }
}
