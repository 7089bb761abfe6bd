import PlacesModel
import PlacesSupport

/// Which venues of an extract a request selects: by `--type`, and by text for `search`
/// (every word of the query in the name, a category or a cuisine, case and accents ignored).
/// The plain rule, on venues; `OSMTextQuery` decides the same from folded bytes.
struct OSMSearchMatcher: Sendable {
    private let typeNames: [String]
    /// The folded words of the query; nil for `nearby`.
    private let words: [String]?

    init(types: [String], query: String?) {
        typeNames = types
        words = query.map { TextFolding.fold($0).split(separator: " ").map(String.init) }
    }

    init(_ request: SearchRequest) {
        self.init(types: request.types.map(\.rawValue), query: request.query)
    }

    static func matches(_ venue: Venue, request: SearchRequest) -> Bool {
        OSMSearchMatcher(request).matches(venue)
    }

    func matches(_ venue: Venue) -> Bool {
        if !typeNames.isEmpty, !typeNames.contains(where: venue.categories.contains) {
            return false
        }
        guard let words else { return true }
        let haystack = TextFolding.fold(([venue.name] + venue.categories + venue.cuisines).joined(separator: " "))
        if haystack.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: `_` is a space byte for byte, and a word is found byte for byte.
            let bytes = haystack.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }
            return words.allSatisfy { word in word.utf8.allSatisfy({ $0 < 0x80 }) && Self.bytes(bytes, contain: Array(word.utf8)) }
        }
        let spaced = haystack.replacingOccurrences(of: "_", with: " ")
        return words.allSatisfy { spaced.contains($0) }
    }

    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
