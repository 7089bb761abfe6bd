import Foundation

/// Which redirects a request may follow. A request that carries a secret (a key header or a
/// `key=` query value) stays on its origin, because URLSession would resend the secret to
/// wherever `Location` points; a keyless request (Overpass, OSRM) may move to another origin.
/// Either way: only http(s), never from https down to http, and at most `maxHops` hops.
struct RedirectPolicy: Sendable {
    /// More hops than this is a loop or a trap, not a moved service.
    static let maxHops = 5

    let origin: HTTPOrigin?
    let carriesSecrets: Bool

    init(origin: HTTPOrigin?, carriesSecrets: Bool) {
        self.origin = origin
        self.carriesSecrets = carriesSecrets
    }

    /// The policy for `request`: secret whenever it has a secret header or query value at all.
    init(for request: HTTPRequest) {
        let secretHeader = request.headers.contains { request.secretHeaders.contains($0.name.lowercased()) }
        self.init(origin: HTTPOrigin(request.url), carriesSecrets: secretHeader || !Redaction.secretQueryValues(in: request.url).isEmpty)
    }

    /// Nil to follow the redirect to `target` (the `hop`th, from 1), else why it is refused.
    func refusal(of target: URL?, hop: Int) -> TransportFailure? {
        guard let target, let next = HTTPOrigin(target) else {
            let what = target?.scheme.map { "a '\($0)' URL" } ?? "an unreadable URL"
            let host = target?.host.map { " (\($0))" } ?? ""
            return .redirectRefused("redirected the request to \(what)\(host); only http and https redirects are followed")
        }
        if hop > Self.maxHops {
            return .redirectRefused(
                "redirected the request more than \(Self.maxHops) times (last to \(next.display)); the redirects were not followed further")
        }
        if origin?.scheme == "https", next.scheme == "http" {
            return .redirectRefused("redirected the request from https to plain http at \(next.display); the redirect was not followed")
        }
        if carriesSecrets, next != origin {
            return .redirectRefused(
                "redirected the request to \(next.display), another origin; the request carried the API key, so the redirect was not followed"
            )
        }
        return nil
    }
}

/// Scheme, host and port (the default port when none is written): what must match for two
/// URLs to be the same origin (RFC 6454). Only http and https URLs have one here.
struct HTTPOrigin: Equatable, Sendable {
    let scheme: String
    let host: String
    let port: Int

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `host:port`, or the host alone on its scheme's default port.
    var display: String {
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return port == (scheme == "https" ? 443 : 80) ? bracketed : "\(bracketed):\(port)"
    }
}
