import Foundation

/// An image host over loopback (Google's lh3.googleusercontent.com, Foursquare's CDN, an
/// OpenStreetMap `image` URL, upload.wikimedia.org): serves the images it was given by path,
/// 404 for anything else, and keeps every request, headers and URL, so a test can show it
/// never heard a key in any form.
final class FakeImageHost: @unchecked Sendable {
    let server: FakeHTTPServer
    var baseURL: String { server.baseURL }
    var requests: [FakeHTTPServer.Request] { server.requests }

    /// `images`: path (with any query) → content type and bytes; `override` answers first
    /// (return nil to fall through).
    init(
        images: [String: (type: String, data: Data)] = [:],
        override: (@Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Reply?)? = nil
    ) throws {
        nonisolated(unsafe) let served = images
        server = try FakeHTTPServer { request in
            if let reply = override?(request) { return reply }
            guard request.method == "GET", let image = served[request.target] ?? served[request.path] else {
                return .respond(status: 404, headers: [("Content-Type", "text/html")], body: Data("<h1>Not Found</h1>".utf8))
            }
            return .respond(status: 200, headers: [("Content-Type", image.type)], body: image.data)
        }
    }

    /// How `key` (or a 10-character piece of it) shows in any request this host received:
    /// its request line, any header or the body; nil when it never did.
    func leak(of key: String) -> String? {
        for request in requests {
            if let how = KeyForms.leak(of: [key], in: request.raw) { return "\(how) in \(request.method) \(request.target)" }
        }
        return nil
    }

    /// Whether any request carried a header or query parameter that holds a key whatever
    /// its value: `X-Goog-Api-Key`, `Authorization`, `key=`.
    var sawKeyCarrier: Bool {
        requests.contains { request in
            request.header("X-Goog-Api-Key") != nil || request.header("Authorization") != nil
                || request.query.keys.contains { $0.lowercased() == "key" }
        }
    }
}
