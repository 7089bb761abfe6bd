/// The text a `search` matches a place against, folded once and kept as bytes (in the index,
/// or for the length of a scan): the place's name, categories and cuisines, folded
/// (`TextFolding`) and joined by spaces, with `_` read as a space. That is byte for byte the
/// text `OSMSearchMatcher` builds from a venue, so a match decided here is the match the
/// plain code decides; the parts are kept apart too, for ranking (`OSMTextQuery`).
///
/// Encoded as: a flags byte, the part count and each part's folded length (varints; a part
/// that folds to nothing takes no room and no space), then the text.
enum OSMSearchText {
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// The parts' lengths are known (folding the parts one by one gave the whole).
        static let partsKnown = Flags(rawValue: 1)
        /// The name had a `_`, so part 0 is not the folded name (`--filter` reads the venue).
        static let nameHasUnderscore = Flags(rawValue: 2)
        /// The text has non-ASCII bytes: matched as Strings, as the plain code does.
        static let nonASCII = Flags(rawValue: 4)
        static let all: Flags = [.partsKnown, .nameHasUnderscore, .nonASCII]
    }

    /// The most parts a record lists (a place lists at most 16 cuisines, and a few categories).
    static let maximumParts = 64

    /// Appends the encoded text of a place to `out`.
    static func append(name: String, categories: [String], cuisines: [String], to out: inout [UInt8]) {
        let parts = [name] + categories + cuisines
        var text: [UInt8] = []
        text.reserveCapacity(name.utf8.count + 24)
        var lengths: [Int] = []
        var quick = parts.count <= maximumParts
        for part in parts where quick {
            let before = text.count
            if !text.isEmpty { text.append(0x20) }
            guard let added = TextFolding.appendFoldedQuickly(part, to: &text) else {
                quick = false
                break
            }
            if added == 0 { text.removeSubrange(before...) }
            lengths.append(added)
        }
        var flags: Flags = []
        if quick {
            // Every scalar folded on its own: the parts join as the whole folds (see TextFoldingBytes).
            flags.insert(.partsKnown)
        } else {
            // The matcher folds the parts joined by spaces in one go; part by part may differ
            // where a part folds to nothing or a scalar joins its neighbour, so check.
            text = Array(TextFolding.fold(parts.joined(separator: " ")).utf8)
            let folded = parts.map { TextFolding.fold($0) }
            if parts.count <= maximumParts, folded.filter({ !$0.isEmpty }).joined(separator: " ").utf8.elementsEqual(text) {
                flags.insert(.partsKnown)
                lengths = folded.map(\.utf8.count)
            }
        }
        if name.utf8.contains(UInt8(ascii: "_")) { flags.insert(.nameHasUnderscore) }
        var ascii = true
        for i in text.indices {
            if text[i] == UInt8(ascii: "_") { text[i] = 0x20 }
            if text[i] >= 0x80 { ascii = false }
        }
        if !ascii { flags.insert(.nonASCII) }
        out.append(flags.rawValue)
        if flags.contains(.partsKnown) {
            appendVarint(lengths.count, to: &out)
            for length in lengths { appendVarint(length, to: &out) }
        }
        out.append(contentsOf: text)
    }

    private static func appendVarint(_ value: Int, to out: inout [UInt8]) {
        var v = UInt64(value)
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// One encoded text, read in place (nothing is copied or allocated until `parts` is
    /// asked for); nil from `init` when the bytes are not one (damage).
    struct Record {
        let flags: Flags
        /// The whole text, `_` as spaces.
        let text: UnsafeRawBufferPointer
        private let lengths: UnsafeRawBufferPointer

        init?(_ bytes: UnsafeRawBufferPointer) {
            guard let first = bytes.first, Flags.all.isSuperset(of: Flags(rawValue: first)) else { return nil }
            flags = Flags(rawValue: first)
            var offset = 1
            if flags.contains(.partsKnown) {
                guard let count = Self.varint(bytes, &offset), count >= 1, count <= OSMSearchText.maximumParts else { return nil }
                var total = 0
                for _ in 0..<count {
                    guard let length = Self.varint(bytes, &offset) else { return nil }
                    total += length + 1
                }
                guard total - 1 <= bytes.count - offset else { return nil }
            }
            lengths = UnsafeRawBufferPointer(rebasing: bytes[1..<offset])
            text = UnsafeRawBufferPointer(rebasing: bytes[offset...])
        }

        /// Byte ranges of the parts within `text`, name first; empty when not known. A part
        /// that folded to nothing is an empty range.
        var parts: [Range<Int>] {
            guard flags.contains(.partsKnown) else { return [] }
            var offset = 0
            let count = Self.varint(lengths, &offset) ?? 0
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(count)
            var start = 0, any = false
            for _ in 0..<count {
                let length = Self.varint(lengths, &offset) ?? 0
                if length > 0 {
                    if any { start += 1 }
                    any = true
                }
                ranges.append(start..<min(start + length, text.count))
                start += length
            }
            return ranges
        }

        /// The folded name (part 0) when it is known to be exactly `fold(name)`.
        var foldedName: UnsafeRawBufferPointer? {
            guard flags.contains(.partsKnown), !flags.contains(.nameHasUnderscore) else { return nil }
            var offset = 0
            _ = Self.varint(lengths, &offset)
            let length = Self.varint(lengths, &offset) ?? 0
            return UnsafeRawBufferPointer(rebasing: text[0..<min(length, text.count)])
        }

        private static func varint(_ bytes: UnsafeRawBufferPointer, _ offset: inout Int) -> Int? {
            var value = 0, shift = 0
            while offset < bytes.count, shift < 35 {
                let b = bytes[offset]
                offset += 1
                value |= Int(b & 0x7F) << shift
                if b < 0x80 { return value }
                shift += 7
            }
            return nil
        }
    }
}
