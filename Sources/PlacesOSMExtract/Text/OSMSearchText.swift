import PlacesSupport

/// The text a `search` matches a place against, folded once and kept as bytes (in the index,
/// or for the length of a scan): the place's name, categories and cuisines, folded
/// (`TextFolding`) and joined by spaces, with `_` read as a space. That is byte for byte the
/// text `OSMSearchMatcher` builds from a venue, so a match decided here is the match the
/// plain code decides; the parts are kept apart too, for ranking (`OSMTextQuery`).
///
/// Encoded as: a flags byte, the number of parts (0 when their lengths are not known), each
/// part's folded length (UInt16, little-endian; a part that folds to nothing takes no room
/// and no space), then the text.
enum OSMSearchText {
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// The name had a `_`, so part 0 is not the folded name (`--filter` reads the venue).
        static let nameHasUnderscore = Flags(rawValue: 2)
        /// The text has non-ASCII bytes: matched as Strings, as the plain code does.
        static let nonASCII = Flags(rawValue: 4)
        static let all: Flags = [.nameHasUnderscore, .nonASCII]
    }

    /// The most parts a record lists (a place lists at most 16 cuisines, and a few categories).
    static let maximumParts = 64
    /// The longest part whose length a record keeps.
    static let maximumPartLength = Int(UInt16.max)

    /// Appends the encoded text of a place to `out`: the plain way, from a venue's fields
    /// (`OSMPlaceTextReader` writes the same bytes from a scanned element, faster).
    static func append(name: String, categories: [String], cuisines: [String], to out: inout [UInt8]) {
        let parts = [name] + categories + cuisines
        var text: [UInt8] = []
        text.reserveCapacity(name.utf8.count + 24)
        var lengths: [Int] = []
        var quick = parts.count <= maximumParts
        for part in parts where quick {
            guard let added = appendPart(part, to: &text) else {
                quick = false
                break
            }
            lengths.append(added)
        }
        if !quick {
            // The matcher folds the parts joined by spaces in one go; part by part may differ
            // where a part folds to nothing or a scalar joins its neighbour, so check.
            text = Array(TextFolding.fold(parts.joined(separator: " ")).utf8)
            let folded = parts.map { TextFolding.fold($0) }
            if parts.count <= maximumParts, folded.filter({ !$0.isEmpty }).joined(separator: " ").utf8.elementsEqual(text) {
                lengths = folded.map(\.utf8.count)
            } else {
                lengths = []
            }
        }
        if lengths.contains(where: { $0 > maximumPartLength }) { lengths = [] }
        var flags: Flags = name.utf8.contains(UInt8(ascii: "_")) ? .nameHasUnderscore : []
        if !spaceUnderscores(&text) { flags.insert(.nonASCII) }
        out.append(flags.rawValue)
        out.append(UInt8(lengths.count))
        for length in lengths { appendLength(length, to: &out) }
        out.append(contentsOf: text)
    }

    /// Appends one part folded by the fast path (`TextFolding.appendFoldedQuickly`), after a
    /// space when something came before and it folds to something; its folded length, or
    /// nil (and nothing appended) when the fast path cannot fold it.
    static func appendPart(_ part: String, to text: inout [UInt8]) -> Int? {
        var part = part
        return part.withUTF8 { appendPart(UnsafeRawBufferPointer($0), to: &text) }
    }

    static func appendPart(_ utf8: UnsafeRawBufferPointer, to text: inout [UInt8]) -> Int? {
        let before = text.count
        if !text.isEmpty { text.append(0x20) }
        guard let added = TextFolding.appendFoldedQuickly(utf8, to: &text) else {
            text.removeSubrange(before...)
            return nil
        }
        if added == 0 { text.removeSubrange(before...) }
        return added
    }

    /// Turns `_` into spaces; whether the text is ASCII.
    @discardableResult
    static func spaceUnderscores(_ text: inout [UInt8], from start: Int = 0) -> Bool {
        var ascii = true
        text.withUnsafeMutableBufferPointer { bytes in
            for i in start..<bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "_") { bytes[i] = 0x20 }
                if b >= 0x80 { ascii = false }
            }
        }
        return ascii
    }

    @inline(__always) static func appendLength(_ length: Int, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: length))
        out.append(UInt8(truncatingIfNeeded: length >> 8))
    }

    /// One encoded text, read in place (nothing is copied or allocated until `parts` is
    /// asked for); nil from `init` when the bytes are not one (damage).
    struct Record {
        let flags: Flags
        /// The whole text, `_` as spaces.
        let text: UnsafeRawBufferPointer
        private let lengths: UnsafeRawBufferPointer

        init?(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count >= 2, Flags.all.isSuperset(of: Flags(rawValue: bytes[0])) else { return nil }
            flags = Flags(rawValue: bytes[0])
            let count = Int(bytes[1])
            guard count <= OSMSearchText.maximumParts, bytes.count >= 2 + 2 * count else { return nil }
            lengths = UnsafeRawBufferPointer(rebasing: bytes[2..<(2 + 2 * count)])
            text = UnsafeRawBufferPointer(rebasing: bytes[(2 + 2 * count)...])
        }

        private func length(_ i: Int) -> Int { Int(lengths[2 * i]) | Int(lengths[2 * i + 1]) << 8 }

        /// Byte ranges of the parts within `text`, name first; empty when not known. A part
        /// that folded to nothing is an empty range.
        var parts: [Range<Int>] {
            let count = lengths.count / 2
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(count)
            var start = 0, any = false
            for i in 0..<count {
                let length = length(i)
                if length > 0 {
                    if any { start += 1 }
                    any = true
                }
                ranges.append(min(start, text.count)..<min(start + length, text.count))
                start += length
            }
            return ranges
        }

        /// The folded name (part 0) when it is known to be exactly `fold(name)`.
        var foldedName: UnsafeRawBufferPointer? {
            guard lengths.count >= 2, !flags.contains(.nameHasUnderscore) else { return nil }
            return UnsafeRawBufferPointer(rebasing: text[0..<min(length(0), text.count)])
        }
    }
}
