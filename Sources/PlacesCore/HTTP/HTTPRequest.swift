import Foundation

/// One HTTP request as a provider builds it. Knows which of its parts are secret, so
/// every displayed, logged or recorded form of it can be redacted.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    /// In the order they are sent; names compared case-insensitively.
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// Which folder of a cassette directory the exchange belongs to: `google`, `foursquare`, `osm`, `osrm`.
    public var service: String
    /// Header names whose values are secrets (`X-Goog-Api-Key`, `Authorization`).
    public var secretHeaders: Set<String>
    /// Header names that take part in matching a recorded exchange (Google's field mask).
    public var matchedHeaders: [String]
    /// Lines `--dry-run` prints with the request (e.g. Google's billing tier).
    public var annotations: [String]

    public init(method: String, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil, service: String,
                secretHeaders: Set<String> = [], matchedHeaders: [String] = [], annotations: [String] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.service = service
        self.secretHeaders = Set(secretHeaders.map { $0.lowercased() })
        self.matchedHeaders = matchedHeaders
        self.annotations = annotations
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headers.append((name, value))
    }

    /// The secret values this request carries (secret headers, `key=` query values, a URL
    /// password), each with its parts that are secrets on their own ("Bearer KEY" also leaks as "KEY").
    public var secrets: [String] {
        var values = headers.filter { secretHeaders.contains($0.name.lowercased()) }.map(\.value)
        values += Redaction.secretQueryValues(in: url)
        if let password = URLComponents(url: url, resolvingAgainstBaseURL: false)?.password { values.append(password) }
        return values.flatMap(Redaction.secretForms)
    }

    /// A copy safe to show or store: secret headers, `key=` query values and a URL password
    /// replaced by `REDACTED`, and any other form of a secret scrubbed from the body.
    public var redacted: HTTPRequest {
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

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.service == rhs.service
            && lhs.headers.map { "\($0.name): \($0.value)" } == rhs.headers.map { "\($0.name): \($0.value)" }
    }
}

/// However a request is printed — `print`, `"\(request)"`, `String(reflecting:)`, `dump`, a
/// `Mirror` — it shows only its redacted form: it may end up in an error message or a log.
extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        let shown = redacted
        var text = "HTTPRequest(\(shown.method) \(shown.url.absoluteString)"
        for header in shown.headers { text += "; \(header.name): \(header.value)" }
        if let body = shown.body { text += "; body \(body.count) bytes" }
        return text + ")"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        let shown = redacted
        return Mirror(self, children: [
            "method": shown.method,
            "url": shown.url.absoluteString,
            "headers": shown.headers.map { "\($0.name): \($0.value)" },
            "body": shown.body.map { "\($0.count) bytes" } ?? "none",
            "service": shown.service,
        ], displayStyle: .struct)
    }
}

/// One HTTP response: status, headers (names compared case-insensitively) and body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { "\($0.name): \($0.value)" } == rhs.headers.map { "\($0.name): \($0.value)" }
    }
}
