import Foundation

/// Parses command output as JSON for assertions (any JSON error fails the test).
enum JSONHelpers {
    static func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    static func array(_ text: String) throws -> [[String: Any]] {
        guard let array = try parse(text) as? [[String: Any]] else { throw JSONHelperError.notAnArrayOfObjects(text) }
        return array
    }

    static func object(_ text: String) throws -> [String: Any] {
        guard let object = try parse(text) as? [String: Any] else { throw JSONHelperError.notAnObject(text) }
        return object
    }

    /// The keys of the first object in pretty-printed output, in the order they appear.
    static func keyOrder(ofFirstObjectIn text: String) -> [String] {
        guard let start = text.firstIndex(of: "{") else { return [] }
        var keys: [String] = []
        var depth = 0
        for line in text[start...].split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if depth == 1, t.hasPrefix("\""), let colon = t.range(of: "\": ") {
                keys.append(String(t[t.index(after: t.startIndex)..<colon.lowerBound]))
            }
            depth += t.filter { $0 == "{" || $0 == "[" }.count - t.filter { $0 == "}" || $0 == "]" }.count
            if depth <= 0 { break }
        }
        return keys
    }
}

enum JSONHelperError: Error {
    case notAnArrayOfObjects(String)
    case notAnObject(String)
}
