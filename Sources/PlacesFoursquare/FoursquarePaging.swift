import Foundation
import PlacesHTTP
import PlacesModel
import PlacesSupport

/// Paging through `Link: <URL>; rel="next"` (RFC 8288): the next page's URL, resolved
/// against the request it answered, and allowed only on the configured host — a cursor
/// that points anywhere else would take the key with it, so it is refused, not followed.
enum FoursquarePaging {
    /// The `rel="next"` target of a `Link` header value, if any.
    static func nextURL(in header: String?, relativeTo base: URL) -> URL? {
        guard let header else { return nil }
        for link in splitLinks(header) {
            guard let open = link.firstIndex(of: "<"), let close = link[open...].firstIndex(of: ">") else { continue }
            let target = String(link[link.index(after: open)..<close])
            let params = link[link.index(after: close)...].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let isNext = params.contains { param in
                let parts = param.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, parts[0].lowercased() == "rel" else { return false }
                let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.lowercased().split(separator: " ").contains("next")
            }
            if isNext { return URL(string: target, relativeTo: base)?.absoluteURL }
        }
        return nil
    }

    /// The pages a search has fetched, by URL and by `cursor`: a `Link` back to one of them
    /// (the same URL, or the same cursor with other parameters around it) is not followed.
    struct Visited {
        private var urls = Set<String>()
        private var cursors = Set<String>()

        mutating func insert(_ url: URL) {
            urls.insert(url.absoluteString)
            if let cursor = FoursquarePaging.cursor(of: url) { cursors.insert(cursor) }
        }

        func contains(_ url: URL) -> Bool {
            if urls.contains(url.absoluteString) { return true }
            return FoursquarePaging.cursor(of: url).map(cursors.contains) ?? false
        }
    }

    /// The `cursor` query parameter that names a page (providers.md §3.1), if the URL has one.
    static func cursor(of url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems?.first { $0.name == "cursor" }?.value
    }

    /// Throws unless `next` has the scheme, host and port of `baseURL`; the refused URL is
    /// shown without any of `secrets` (a server could have put the key in it).
    static func checkSameOrigin(_ next: URL, baseURL: String, secrets: [String] = [], wording: Wording = .library) throws {
        guard let base = URL(string: baseURL), origin(of: next) == origin(of: base) else {
            let shown = TerminalText.sanitizedLine(Redaction.scrub(String(next.absoluteString.prefix(200)), secrets: secrets))
            throw PlacesError.badResponse(.foursquare, message: wording(.foursquareForeignPage(shown: shown, baseURL: baseURL)))
        }
    }

    private static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }

    /// Splits on the commas between links, not those inside `<...>` or quotes.
    private static func splitLinks(_ header: String) -> [Substring] {
        var parts: [Substring] = []
        var start = header.startIndex
        var inAngle = false, inQuote = false
        for i in header.indices {
            switch header[i] {
            case "<" where !inQuote: inAngle = true
            case ">" where !inQuote: inAngle = false
            case "\"" where !inAngle: inQuote.toggle()
            case "," where !inAngle && !inQuote:
                parts.append(header[start..<i])
                start = header.index(after: i)
            default: break
            }
        }
        parts.append(header[start...])
        return parts
    }
}
