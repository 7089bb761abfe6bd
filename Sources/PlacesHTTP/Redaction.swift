import Foundation

/// Keeps API keys out of everything shown or written: URLs, headers, messages, fixtures.
/// A key is matched in every form a server may echo it (see `SecretMatcher`), not only as sent.
package enum Redaction {
    /// What a secret is replaced with.
    package static let placeholder = "REDACTED"
    static let placeholderBytes = Array(placeholder.utf8)

    /// Query parameters whose values are secrets (`key=` is Google's URL form of the key).
    package static let secretQueryNames: Set<String> = ["key", "api_key", "apikey", "access_token", "client_secret"]

    /// A key value and the parts of it that are secrets on their own (`Bearer KEY` is also
    /// `KEY`; a value pasted with surrounding blanks is also the trimmed one).
    package static func secretForms(_ value: String) -> [String] {
        var forms = [value]
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        forms.append(trimmed)
        if trimmed.lowercased().hasPrefix("bearer ") {
            forms.append(String(trimmed.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        }
        return forms.filter { $0.utf8.count >= SecretMatcher.minimumLength && $0 != placeholder }
    }

    static func secretQueryValues(in url: URL) -> [String] {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else { return [] }
        return items.filter { secretQueryNames.contains($0.name.lowercased()) }.compactMap(\.value)
    }

    /// The URL with every secret query value, and the password of any `user:password@`,
    /// replaced by `REDACTED`.
    static func redactQuery(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var changed = false
        if let items = components.queryItems, items.contains(where: { secretQueryNames.contains($0.name.lowercased()) }) {
            components.queryItems = items.map {
                secretQueryNames.contains($0.name.lowercased()) ? URLQueryItem(name: $0.name, value: placeholder) : $0
            }
            changed = true
        }
        if components.password != nil {
            components.password = placeholder
            changed = true
        }
        return changed ? components.url ?? url : url
    }

    /// A configured base URL as it may be shown (`places providers`, messages).
    package static func displayURL(_ text: String) -> String {
        guard let url = URL(string: text) else { return text }
        return redactQuery(url).absoluteString
    }

    /// `text` with every form of every secret replaced by `REDACTED`.
    package static func scrub(_ text: String, secrets: [String]) -> String {
        SecretScrubber.scrub(text, secrets: secrets)
    }

    /// A response with every form of every secret replaced in its headers and body, so that
    /// nothing built from it (places, messages, notes) can carry a key a server echoed.
    static func scrub(_ response: HTTPResponse, secrets: [String]) -> HTTPResponse {
        guard !SecretMatcher(secrets: secrets).isEmpty else { return response }
        var copy = response
        copy.headers = response.headers.map { ($0.name, scrub($0.value, secrets: secrets)) }
        copy.body = SecretScrubber.scrub(response.body, secrets: secrets)
        return copy
    }

    /// Whether `text` holds any form of any secret.
    static func contains(_ text: String, secrets: [String]) -> Bool {
        SecretScrubber.contains(text, secrets: secrets)
    }
}
