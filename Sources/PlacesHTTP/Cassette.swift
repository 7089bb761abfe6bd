import Foundation
import PlacesModel
import PlacesSupport

/// One recorded HTTP exchange, as stored under `DIR/<service>/<key>-<n>.json`.
///
/// The request is stored redacted (secrets replaced by `REDACTED`); bodies are stored as
/// JSON when they are JSON, as text when they are UTF-8 text, else (an image) as base64,
/// so that every byte replays as it was recorded. Files are pretty-printed with sorted keys so a
/// re-recording diffs readably. The file format is shared by everything that stores
/// exchanges (`--record`, a response cache): change it only by adding optional keys.
package struct Cassette: Sendable {
    package var request: HTTPRequest
    package var response: HTTPResponse
    /// The command line that recorded the exchange (`["places", "nearby", ...]`, secrets
    /// scrubbed, without the recording flags), for `places cassettes list`. Optional: files
    /// recorded before it was kept have none, and still load.
    package var command: [String]?

    init(request: HTTPRequest, response: HTTPResponse, command: [String]? = nil) {
        self.request = request
        self.response = response
        self.command = command
    }

    /// The matching key of a request: a hash of method, URL path and query without secrets
    /// (query sorted), canonical JSON body, and the headers the provider marks as part of the
    /// question (Google's field mask). Secrets never take part. Scheme, host and port do not
    /// either: the service folder says which API it is, so an exchange recorded against a
    /// local fake or a mirror replays against the default host.
    static func key(for request: HTTPRequest) -> String {
        var canonical = request.method.uppercased() + "\n" + canonicalURL(request.url) + "\n"
        canonical += request.body.map(canonicalBody) ?? ""
        for name in request.matchedHeaders.sorted() {
            canonical += "\n" + name.lowercased() + ": " + (request.header(name) ?? "")
        }
        return String(SHA256.hex(canonical).prefix(16))
    }

    /// A human description of a request for messages, with secrets redacted.
    static func describe(_ request: HTTPRequest) -> String {
        var text = "\(request.method) \(Redaction.redactQuery(request.url).absoluteString)"
        if let body = request.body, !body.isEmpty {
            let shown = String(decoding: body.prefix(160), as: UTF8.self)
            text += " with body \(TerminalText.sanitizedLine(shown))\(body.count > 160 ? "…" : "")"
        }
        for name in request.matchedHeaders { text += " (\(name): \(request.header(name) ?? ""))" }
        return text
    }

    static func canonicalURL(_ url: URL) -> String {
        let redacted = Redaction.redactQuery(url)
        guard var components = URLComponents(url: redacted, resolvingAgainstBaseURL: false) else { return redacted.absoluteString }
        components.scheme = nil
        components.host = nil
        components.port = nil
        components.user = nil
        components.password = nil
        if let items = components.queryItems {
            components.queryItems = items.filter { !Redaction.secretQueryNames.contains($0.name.lowercased()) }
                .sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
            if components.queryItems?.isEmpty == true { components.queryItems = nil }
        }
        return components.string ?? redacted.absoluteString
    }

    static func canonicalBody(_ body: Data) -> String {
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        {
            return String(decoding: data, as: UTF8.self)
        }
        return String(decoding: body, as: UTF8.self)
    }

    // MARK: - File format

    /// The file's text: pretty-printed JSON with sorted keys; the request redacted.
    func fileText() throws -> String {
        let redacted = request.redacted
        var object: [String: Any] = [
            "request": [
                "method": redacted.method,
                "url": redacted.url.absoluteString,
                "headers": Self.headerObject(redacted.headers),
                "body": Self.bodyValue(redacted.body),
            ],
            "response": [
                "status": response.status,
                "headers": Self.headerObject(response.headers),
                "body": Self.bodyValue(response.body),
            ],
        ]
        if let command { object["command"] = command }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads a cassette file back; `service` is the folder it came from.
    package static func parse(_ data: Data, service: String, source: String) throws -> Cassette {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let req = root["request"] as? [String: Any], let res = root["response"] as? [String: Any],
            let method = req["method"] as? String, let urlText = req["url"] as? String, let url = URL(string: urlText),
            let status = res["status"] as? Int
        else {
            throw PlacesError.badFile(
                path: source,
                message: "\(source) is not a recorded exchange: expected {\"request\": {...}, \"response\": {\"status\": ...}}")
        }
        let request = HTTPRequest(
            method: method, url: url, headers: headerList(req["headers"]), body: try bodyData(req["body"], source: source), service: service
        )
        let response = HTTPResponse(
            status: status, headers: headerList(res["headers"]), body: try bodyData(res["body"], source: source) ?? Data())
        // Optional and informative only: a value of another shape is ignored, not an error.
        return Cassette(request: request, response: response, command: root["command"] as? [String])
    }

    private static func headerObject(_ headers: [(name: String, value: String)]) -> [String: String] {
        var object: [String: String] = [:]
        for header in headers { object[header.name] = object[header.name].map { "\($0), \(header.value)" } ?? header.value }
        return object
    }

    private static func headerList(_ value: Any?) -> [(name: String, value: String)] {
        guard let object = value as? [String: String] else { return [] }
        return object.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private static func bodyValue(_ body: Data?) -> Any {
        guard let body, !body.isEmpty else { return NSNull() }
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) { return ["json": object] }
        // Text only when it reads back byte for byte: valid UTF-8 with no NUL.
        if !body.contains(0), let text = String(validating: body, as: UTF8.self) { return ["text": text] }
        return ["base64": body.base64EncodedString()]
    }

    private static func bodyData(_ value: Any?, source: String) throws -> Data? {
        guard let value, !(value is NSNull) else { return nil }
        if let wrapper = value as? [String: Any] {
            if let text = wrapper["text"] as? String { return Data(text.utf8) }
            if let encoded = wrapper["base64"] as? String {
                guard let bytes = Data(base64Encoded: encoded) else {
                    throw PlacesError.badFile(path: source, message: "\(source): a {\"base64\": ...} body is not base64")
                }
                return bytes
            }
            if let json = wrapper["json"] {
                return try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed, .withoutEscapingSlashes])
            }
        }
        throw PlacesError.badFile(
            path: source, message: "\(source): a body must be {\"json\": ...}, {\"text\": \"...\"} or {\"base64\": \"...\"}")
    }
}

/// Printed or reflected, a cassette shows its request redacted (as its file does) and the
/// response's status and size only.
extension Cassette: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String { "Cassette(\(request.description) -> \(response.status), \(response.body.count) bytes)" }
    package var debugDescription: String { description }
    package var customMirror: Mirror {
        Mirror(
            self, children: ["request": request.description, "status": response.status, "bodyBytes": response.body.count],
            displayStyle: .struct)
    }
}
