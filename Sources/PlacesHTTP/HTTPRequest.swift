import Foundation
import PlacesModel

/// One HTTP request as a provider builds it. Knows which of its parts are secret, so
/// every displayed, logged or recorded form of it can be redacted.
package struct HTTPRequest: Sendable, Equatable {
    package var method: String
    package var url: URL
    /// In the order they are sent; names compared case-insensitively.
    package var headers: [(name: String, value: String)]
    package var body: Data?
    /// Which folder of a cassette directory the exchange belongs to: `google`, `foursquare`, `osm`, `osrm`.
    var service: String
    /// Header names whose values are secrets (`X-Goog-Api-Key`, `Authorization`).
    var secretHeaders: Set<String>
    /// Header names that take part in matching a recorded exchange (Google's field mask).
    package var matchedHeaders: [String]
    /// Lines `--dry-run` prints with the request (e.g. Google's billing tier).
    package var annotations: [String]
    /// What the request is billed at, for a provider that bills by tier; nil otherwise.
    var billing: BilledTier?
    /// Whether a 2xx answer to it is a successful answer of its service (set by `HTTPClient`
    /// from the service's description); nil: any JSON object. The response cache keeps only those.
    var isAnswer: (@Sendable (HTTPResponse) -> Bool)?
    /// The service whose pace it keeps (set by `HTTPClient` from the service's description):
    /// `OperatorPacedTransport` holds a request to a service with an operator's maximum pace.
    var pacedAs: ServiceDescriptor?

    package init(
        method: String, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil, service: String,
        secretHeaders: Set<String> = [], matchedHeaders: [String] = [], annotations: [String] = [],
        billing: BilledTier? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.service = service
        self.secretHeaders = Set(secretHeaders.map { $0.lowercased() })
        self.matchedHeaders = matchedHeaders
        self.annotations = annotations
        self.billing = billing
    }

    package func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headers.append((name, value))
    }

    /// The secret values this request carries (secret headers, `key=` query values, a URL
    /// password), each with its parts that are secrets on their own ("Bearer KEY" also leaks as "KEY").
    package var secrets: [String] {
        var values = headers.filter { secretHeaders.contains($0.name.lowercased()) }.map(\.value)
        values += Redaction.secretQueryValues(in: url)
        if let password = URLComponents(url: url, resolvingAgainstBaseURL: false)?.password { values.append(password) }
        return values.flatMap(Redaction.secretForms)
    }

    /// A copy safe to show or store: secret headers, `key=` query values and a URL password
    /// replaced by `REDACTED`, and any other form of a secret scrubbed from the body.
    package var redacted: HTTPRequest {
        let secrets = self.secrets
        var copy = self
        copy.url = Redaction.redactQuery(url)
        copy.headers = headers.map { header in
            secretHeaders.contains(header.name.lowercased())
                ? (header.name, Redaction.placeholder) : (header.name, Redaction.scrub(header.value, secrets: secrets))
        }
        copy.body = body.map { SecretScrubber.scrub($0, secrets: secrets) }
        copy.annotations = annotations.map { Redaction.scrub($0, secrets: secrets) }
        return copy
    }

    package static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.service == rhs.service
            && lhs.headers.map { "\($0.name): \($0.value)" } == rhs.headers.map { "\($0.name): \($0.value)" }
    }
}

/// However a request is printed — `print`, `"\(request)"`, `String(reflecting:)`, `dump`, a
/// `Mirror` — it shows only its redacted form: it may end up in an error message or a log.
extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String {
        let shown = redacted
        var text = "HTTPRequest(\(shown.method) \(shown.url.absoluteString)"
        for header in shown.headers { text += "; \(header.name): \(header.value)" }
        if let body = shown.body { text += "; body \(body.count) bytes" }
        return text + ")"
    }

    package var debugDescription: String { description }

    package var customMirror: Mirror {
        let shown = redacted
        return Mirror(
            self,
            children: [
                "method": shown.method,
                "url": shown.url.absoluteString,
                "headers": shown.headers.map { "\($0.name): \($0.value)" },
                "body": shown.body.map { "\($0.count) bytes" } ?? "none",
                "service": shown.service,
            ], displayStyle: .struct)
    }
}

/// One HTTP response: status, headers (names compared case-insensitively) and body.
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: Data

    package init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    package var isSuccess: Bool { (200..<300).contains(status) }

    package static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { "\($0.name): \($0.value)" } == rhs.headers.map { "\($0.name): \($0.value)" }
    }
}
