import Foundation
import PlacesCore

/// What `--dry-run` prints: the request that would be sent, secrets redacted, and any
/// notes the provider attached (Google's billing tier).
enum DryRunReport {
    static func text(for request: HTTPRequest, more: String? = nil) -> String {
        let shown = request.redacted
        var out = "\(shown.method) \(shown.url.absoluteString)\n"
        var headers = shown.headers
        if !headers.contains(where: { $0.name.caseInsensitiveCompare("User-Agent") == .orderedSame }) {
            headers.append(("User-Agent", HTTPClient.userAgent))
        }
        for header in headers { out += "\(header.name): \(header.value)\n" }
        if let body = shown.body, !body.isEmpty {
            out += "\n" + bodyText(body, contentType: shown.header("Content-Type")) + "\n"
        }
        for note in shown.annotations { out += "# \(note)\n" }
        if let more { out += "# \(more)\n" }
        return out
    }

    /// For a provider that answered from a local file: nothing would be sent.
    static func offline(provider: ProviderName) -> String {
        "# dry run: \(provider.rawValue) answers from a local file (--data); no request would be sent\n"
    }

    /// JSON pretty-printed; a form body also shown decoded (Overpass QL is unreadable encoded).
    static func bodyText(_ body: Data, contentType: String?) -> String {
        if let object = try? JSONSerialization.jsonObject(with: body),
           let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) {
            return String(decoding: data, as: UTF8.self)
        }
        let text = String(decoding: body, as: UTF8.self)
        if contentType?.hasPrefix("application/x-www-form-urlencoded") == true {
            let decoded = text.split(separator: "&").map { pair -> String in
                let parts = pair.split(separator: "=", maxSplits: 1)
                let value = parts.count > 1 ? String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(parts[1]) : ""
                return "\(parts[0]) (decoded):\n\(value)"
            }.joined(separator: "\n")
            return text + "\n# " + decoded.replacingOccurrences(of: "\n", with: "\n# ")
        }
        return text
    }
}
