import Foundation
import PlacesCore
import PlacesHTTP

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

    /// A merged search: each provider's first request, labelled, in the order given (a
    /// provider answering from a local file says so). A provider that could not even build
    /// its request is a warning, as in a real run, or the error when none could.
    static func merged(_ answers: [PlacesClient.ProviderAnswer], client: PlacesClient) throws -> String {
        // The request a provider would send is what a dry run asks of it: an answer, here.
        let outcomes = answers.map { try? DryRunOutcome($0.result) }
        _ = try client.usable(
            zip(answers, outcomes).map { answer, outcome in
                guard case .wouldSend? = outcome else { return answer }
                return PlacesClient.ProviderAnswer(provider: answer.provider, result: .success([]))
            })
        var sections: [String] = []
        for (index, (answer, outcome)) in zip(answers, outcomes).enumerated() {
            let label = "# \(answer.provider.rawValue) (\(index + 1) of \(answers.count))\n"
            switch outcome {
            case .wouldSend(let request)?: sections.append(label + text(for: request))
            case .answered?: sections.append(label + offline(provider: answer.provider))
            case nil: continue
            }
        }
        let order = answers.map(\.provider.rawValue).joined(separator: ",")
        return sections.joined(separator: "\n") + "# dry run: nothing was sent; the answers would be merged in the order \(order)\n"
    }

    /// For a provider that answered from a local file: nothing would be sent.
    static func offline(provider: ProviderName) -> String {
        "# dry run: \(provider.rawValue) answers from a local file (--data); no request would be sent\n"
    }

    /// JSON pretty-printed; a form body also shown decoded (Overpass QL is unreadable encoded).
    static func bodyText(_ body: Data, contentType: String?) -> String {
        if let object = try? JSONSerialization.jsonObject(with: body),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        {
            return String(decoding: data, as: UTF8.self)
        }
        let text = String(decoding: body, as: UTF8.self)
        if contentType?.hasPrefix("application/x-www-form-urlencoded") == true {
            let decoded = text.split(separator: "&").map { pair -> String in
                let parts = pair.split(separator: "=", maxSplits: 1)
                let value =
                    parts.count > 1
                    ? String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(parts[1]) : ""
                return "\(parts[0]) (decoded):\n\(value)"
            }.joined(separator: "\n")
            return text + "\n# " + decoded.replacingOccurrences(of: "\n", with: "\n# ")
        }
        return text
    }
}
