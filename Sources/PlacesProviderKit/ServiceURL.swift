import Foundation
import PlacesModel
import PlacesSupport

/// A request URL from a configured base URL, a path and a query: refused as a configuration
/// error unless it is http(s) with a host, and never force-unwrapped, so a mistyped base URL
/// (`PLACES_*_URL` in the CLI) is one error line rather than a crash.
package enum ServiceURL {
    package static func make(
        base: String, path: String, query: [URLQueryItem]? = nil, service: PlacesError.Service, wording: Wording
    ) throws -> URL {
        let shown = TerminalText.sanitizedLine(String(base.prefix(200)))
        let trimmed = !path.isEmpty && base.hasSuffix("/") ? String(base.dropLast()) : base
        guard var components = URLComponents(string: trimmed + path),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            throw PlacesError.configuration(message: wording(.baseURLNotHTTP(service, value: shown)))
        }
        if let query {
            components.queryItems = query
            // URLComponents leaves ',' and ':' alone; a '+' in a value would read as a space.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        guard let url = components.url else {
            throw PlacesError.configuration(message: wording(.baseURLUnusable(service, value: shown, path: path)))
        }
        return url
    }

    /// One path segment from an opaque id: everything but letters, digits, `-` and `_` is
    /// percent-encoded, so no id can add a segment, a query or another host to the path.
    package static func segment(_ id: String) -> String {
        var allowed = CharacterSet()
        allowed.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
