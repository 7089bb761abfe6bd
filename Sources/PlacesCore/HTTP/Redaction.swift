import Foundation

/// Keeps API keys out of everything shown or written: URLs, headers, messages, fixtures.
public enum Redaction {
    /// What a secret is replaced with.
    public static let placeholder = "REDACTED"

    /// Query parameters whose values are secrets (`key=` is Google's URL form of the key).
    static let secretQueryNames: Set<String> = ["key", "api_key", "apikey", "access_token", "client_secret"]

    static func secretQueryValues(in url: URL) -> [String] {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else { return [] }
        return items.filter { secretQueryNames.contains($0.name.lowercased()) }.compactMap(\.value)
    }

    /// The URL with every secret query value replaced by `REDACTED`.
    public static func redactQuery(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), let items = components.queryItems,
              items.contains(where: { secretQueryNames.contains($0.name.lowercased()) }) else { return url }
        components.queryItems = items.map { secretQueryNames.contains($0.name.lowercased()) ? URLQueryItem(name: $0.name, value: placeholder) : $0 }
        return components.url ?? url
    }

    /// `text` with every occurrence of every secret replaced by `REDACTED`.
    public static func scrub(_ text: String, secrets: [String]) -> String {
        var out = text
        for secret in secrets where secret.count >= 4 {
            out = out.replacingOccurrences(of: secret, with: placeholder)
        }
        return out
    }
}
