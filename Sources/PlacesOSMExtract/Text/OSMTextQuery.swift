import Foundation
import PlacesSupport

/// A `search` query against places' folded texts (`OSMSearchText`): whether a place matches,
/// by the rule `OSMSearchMatcher` applies to venues (every word of the query somewhere in the
/// name, a category or a cuisine, case and accents ignored), and how well, for `relevance`:
///
/// - 0, strong: the query is the name, or whole words of it (`sushi` in "Hanko Sushi"), or a
///   category or a cuisine (`sushi` for `cuisine=sushi`);
/// - 1: every word of the query is a whole word of the name, a category or a cuisine;
/// - 2: the rest (a word inside a longer one: `sushi` in "Sushibar").
///
/// Words are runs of letters and digits (any non-ASCII byte counts as a letter).
struct OSMTextQuery: Sendable {
    /// The folded query, and its words (split at spaces, as the matcher splits them).
    let phrase: [UInt8]
    let words: [[UInt8]]
    /// The words, longest first: the likeliest to fail a text, tried first.
    private let wordsLongestFirst: [[UInt8]]
    private let wordStrings: [String]
    private let wordsAreASCII: Bool

    static let tiers: UInt8 = 3

    init(_ query: String) {
        let folded = TextFolding.fold(query)
        phrase = Array(folded.utf8)
        wordStrings = folded.split(separator: " ").map(String.init)
        words = wordStrings.map { Array($0.utf8) }
        wordsLongestFirst = words.sorted { $0.count > $1.count }
        wordsAreASCII = phrase.allSatisfy { $0 < 0x80 }
    }

    /// Whether the text matches, exactly as `OSMSearchMatcher.matches` decides for the venue.
    func matches(_ record: OSMSearchText.Record) -> Bool {
        if record.flags.contains(.nonASCII) {
            let spaced = String(decoding: record.text, as: UTF8.self)
            return wordStrings.allSatisfy { spaced.contains($0) }
        }
        guard wordsAreASCII || words.isEmpty else {
            return words.allSatisfy { word in word.allSatisfy { $0 < 0x80 } && Self.find(word, in: record.text) != nil }
        }
        for word in wordsLongestFirst where Self.find(word, in: record.text) == nil { return false }
        return true
    }

    /// How well a matching text matches: 0 (strong) to 2.
    func tier(_ record: OSMSearchText.Record) -> UInt8 {
        let parts = record.parts.map { UnsafeRawBufferPointer(rebasing: record.text[$0]) }
        let fields = parts.isEmpty ? [record.text] : parts
        guard !phrase.isEmpty else { return 0 }
        if let name = fields.first, Self.findWord(phrase, in: name) { return 0 }
        if fields.dropFirst().contains(where: { $0.elementsEqual(phrase) }) { return 0 }
        if words.allSatisfy({ word in fields.contains { Self.findWord(word, in: $0) } }) { return 1 }
        return 2
    }

    /// Where `needle` first occurs in `haystack`, byte for byte.
    static func find(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let first = needle.first else { return start }
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return nil }
        let last = haystack.count - needle.count
        var i = start
        while i <= last {
            guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return nil }
            i = base.distance(to: UnsafeRawPointer(hit))
            var same = true
            for k in 1..<needle.count where haystack[i + k] != needle[k] {
                same = false
                break
            }
            if same { return i }
            i += 1
        }
        return nil
    }

    /// Whether `needle` occurs in `haystack` as whole words: not inside a longer word.
    static func findWord(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Bool {
        var from = 0
        while let at = find(needle, in: haystack, from: from) {
            let end = at + needle.count
            if (at == 0 || !isWordByte(haystack[at - 1])) && (end == haystack.count || !isWordByte(haystack[end])) { return true }
            from = at + 1
        }
        return false
    }

    @inline(__always) private static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
    }
}

/// `--filter NAME` against a folded name: `TextFolding.contains(name, filter)`.
struct OSMNameFilter: Sendable {
    /// The filter as given.
    let filter: String
    let needle: [UInt8]
    private let needleString: String

    init(_ filter: String) {
        self.filter = filter
        needleString = TextFolding.fold(filter)
        needle = Array(needleString.utf8)
    }

    /// Whether the folded name contains the filter; nil when the record cannot tell.
    func matches(_ record: OSMSearchText.Record) -> Bool? {
        guard let name = record.foldedName else { return nil }
        if needle.isEmpty { return true }
        if record.flags.contains(.nonASCII) || needle.contains(where: { $0 >= 0x80 }) {
            return String(decoding: name, as: UTF8.self).contains(needleString)
        }
        return OSMTextQuery.find(needle, in: name) != nil
    }
}
