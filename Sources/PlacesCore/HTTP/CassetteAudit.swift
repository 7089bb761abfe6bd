import Foundation

/// `places cassettes check`: what is wrong with one recorded exchange before it is committed.
/// A file that does not parse, and any secret-shaped value anywhere in it: a secret header
/// or query parameter not `REDACTED`, a `Bearer` token, a string shaped like a Google API key
/// or a legacy Foursquare key, or a form of a key the caller knows (the environment's).
/// Findings name where the value is and its shape, never the value.
package enum CassetteAudit {
    /// Header names whose values are secrets wherever they appear.
    static let secretHeaderNames: Set<String> = ["x-goog-api-key", "authorization", "proxy-authorization", "x-api-key", "api-key"]

    /// Shapes of keys, as (description, pattern).
    static let keyShapes: [(String, String)] = [
        ("a Google API key (AIza…)", "AIza[0-9A-Za-z_\\-]{35}"),
        ("a legacy Foursquare key (fsq3…)", "fsq3[0-9A-Za-z+/=_\\-]{20,}"),
        ("a Bearer token", "[Bb]earer +(?!REDACTED)[^\\s\"',;]{8,}"),
        ("a secret query parameter", "[?&](?i:key|api_key|apikey|access_token|client_secret)=(?!REDACTED)[^&\\s\"'#]+"),
    ]

    /// The problems of `data`, read from `path` (`service/name` in messages); empty when none.
    package static func problems(in data: Data, service: String, path: String, knownSecrets: [String] = []) -> [String] {
        do {
            _ = try Cassette.parse(data, service: service, source: path)
        } catch let error as PlacesError {
            return [error.message]
        } catch {
            return ["\(path) cannot be read as a recorded exchange"]
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) else { return [] }
        var found: [String] = []
        walk(root, path: "", into: &found, file: path)
        let text = String(decoding: data, as: UTF8.self)
        let secrets = knownSecrets.flatMap(Redaction.secretForms)
        if !secrets.isEmpty && Redaction.contains(text, secrets: secrets) {
            found.append("\(path) holds a form of an API key set in this environment")
        }
        return found
    }

    private static func walk(_ value: Any, path: String, into found: inout [String], file: String) {
        if let object = value as? [String: Any] {
            let isHeaders = path.hasSuffix("headers")
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                let child = path.isEmpty ? key : path + "." + key
                if isHeaders, secretHeaderNames.contains(key.lowercased()), let text = object[key] as? String, text != Redaction.placeholder {
                    found.append("\(file): \(child) holds a value, not \(Redaction.placeholder) (a \(key) header is a secret)")
                    continue
                }
                walk(member, path: child, into: &found, file: file)
            }
        } else if let array = value as? [Any] {
            for (index, item) in array.enumerated() { walk(item, path: "\(path)[\(index)]", into: &found, file: file) }
        } else if let text = value as? String {
            for (shape, pattern) in keyShapes {
                guard let regex = try? Regex(pattern), text.contains(regex) else { continue }
                found.append("\(file): \(path) holds \(shape)")
            }
        }
    }
}
