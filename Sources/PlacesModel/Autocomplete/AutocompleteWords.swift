import PlacesSupport

/// The words a name or an input is made of, for word-prefix matching: the text folded
/// (`TextFolding`: case and accents ignored), split into runs of letters and digits, any
/// non-ASCII character counting as a letter (as `OSMTextQuery` counts words). `Kahvila
/// Kultainen-Karhu` is `kahvila`, `kultainen`, `karhu`.
package enum AutocompleteWords {
    package static func words(of text: String) -> [[UInt8]] {
        split(Array(TextFolding.fold(text).utf8))
    }

    /// The words of folded bytes.
    static func split(_ folded: [UInt8]) -> [[UInt8]] {
        folded.withUnsafeBytes { split($0) }
    }

    static func split(_ folded: UnsafeRawBufferPointer) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in folded {
            if isWordByte(byte) {
                current.append(byte)
            } else if !current.isEmpty {
                words.append(current)
                current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether every word of `input` begins some word of `name` (both as `words(of:)` gives them).
    package static func matches(input: [[UInt8]], name: [[UInt8]]) -> Bool {
        input.allSatisfy { word in name.contains { $0.starts(with: word) } }
    }

    @inline(__always) static package func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
    }

    /// Where the input's words begin words of `text`, as ranges of Unicode-scalar offsets into
    /// it (for highlighting): each word of `text` that some input word begins, that prefix.
    /// Only for text whose folding keeps one scalar per scalar (else: none).
    package static func matchRanges(input: [[UInt8]], in text: String) -> [Range<Int>] {
        let scalars = Array(text.unicodeScalars)
        let folded = scalars.map { TextFolding.fold(String($0)) }
        guard folded.allSatisfy({ $0.unicodeScalars.count <= 1 }) else { return [] }
        var ranges: [Range<Int>] = []
        var i = 0
        while i < scalars.count {
            guard let first = folded[i].utf8.first, isWordByte(first) else {
                i += 1
                continue
            }
            var end = i
            var bytes: [UInt8] = []
            while end < scalars.count, let b = folded[end].utf8.first, isWordByte(b) {
                bytes += Array(folded[end].utf8)
                end += 1
            }
            if let longest = input.filter({ bytes.starts(with: $0) }).map(\.count).max() {
                var taken = 0, stop = i
                while stop < end, taken < longest {
                    taken += folded[stop].utf8.count
                    stop += 1
                }
                ranges.append(i..<stop)
            }
            i = end
        }
        return ranges
    }
}
