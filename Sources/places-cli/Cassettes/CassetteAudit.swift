import Foundation
import PlacesCore
import PlacesHTTP

/// `places cassettes check`: what is wrong with one recorded exchange before it is committed.
/// A file that does not parse, and any secret-shaped text anywhere in it, as a value or as a
/// name (an object key, a header name): a secret header or query parameter not `REDACTED`, a
/// `Bearer` token, text shaped like a Google API key or a legacy Foursquare key (`KeyShapes`),
/// or a form of a key the caller knows (the environment's). Findings name where the text is
/// and its shape, never the text. Made once per run: the known keys' matcher is built once.
struct CassetteAudit: Sendable {
    /// Header names whose values are secrets wherever they appear.
    static let secretHeaderNames: Set<String> = ["x-goog-api-key", "authorization", "proxy-authorization", "x-api-key", "api-key"]

    private let matcher: SecretMatcher

    init(knownSecrets: [String] = []) {
        matcher = SecretMatcher(secrets: knownSecrets.flatMap(Redaction.secretForms))
    }

    /// The problems of `data`, read from `path` (`service/name` in messages), empty when
    /// none; and the exchange, when it parses.
    func audit(_ data: Data, service: String, path: String) -> (problems: [String], cassette: Cassette?) {
        let cassette: Cassette
        do {
            cassette = try Cassette.parse(data, service: service, source: path)
        } catch let error as PlacesError {
            return ([error.message], nil)
        } catch {
            return (["\(path) cannot be read as a recorded exchange"], nil)
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) else { return ([], cassette) }
        var found: [String] = []
        Self.walk(root, path: "", into: &found, file: path)
        if SecretScrubber.contains(String(decoding: data, as: UTF8.self), matcher: matcher) {
            found.append("\(path) holds a form of an API key set in this environment")
        }
        return (found, cassette)
    }

    private static func walk(_ value: Any, path: String, into found: inout [String], file: String) {
        if let object = value as? [String: Any] {
            let isHeaders = path.hasSuffix("headers")
            for (key, child) in object.sorted(by: { $0.key < $1.key }) {
                let childPath = path.isEmpty ? key : path + "." + key
                for shape in KeyShapes.found(in: key) {
                    found.append("\(file): \(path.isEmpty ? "a top-level name" : "a name in " + path) is shaped like \(shape)")
                }
                if isHeaders, secretHeaderNames.contains(key.lowercased()), let text = child as? String, text != Redaction.placeholder {
                    found.append("\(file): \(childPath) holds a value, not \(Redaction.placeholder) (a \(key) header is a secret)")
                    continue
                }
                walk(child, path: childPath, into: &found, file: file)
            }
        } else if let array = value as? [Any] {
            for (index, item) in array.enumerated() { walk(item, path: "\(path)[\(index)]", into: &found, file: file) }
        } else if let text = value as? String {
            for shape in KeyShapes.found(in: text) { found.append("\(file): \(path) holds \(shape)") }
        }
    }
}
