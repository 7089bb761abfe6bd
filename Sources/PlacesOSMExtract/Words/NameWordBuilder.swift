import PlacesModel
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the name-word file of an index (`NameWordFormat`) from the folded names the index
/// keeps: every entry's name (part 0 of its `OSMSearchText`) split into words
/// (`AutocompleteWords`), read in place. A name whose part lengths the index does not know is
/// read from the source (`nameOf`) and folded. Words are interned in one hash table (no
/// allocation per word), then the distinct words are sorted and the postings laid out word by
/// word, each word's in entry order.
enum NameWordBuilder {
    /// Builds the file for `index` at `path` (atomically: a reader sees the old file or the new one).
    static func build(
        from index: VenueIndex, to path: String,
        nameOf: (VenueIndex.Entry) throws(VenueIndexCorruption) -> String
    ) throws(VenueIndexCorruption) {
        guard index.header.hasTexts else { throw VenueIndexCorruption(reason: "the index keeps no names") }
        guard index.header.venueCount < UInt64(UInt32.max) else {
            throw VenueIndexCorruption(reason: "it has too many places to list their words")
        }
        var words = WordTable()
        var occurrences: [(word: UInt32, posting: NameWordPosting)] = []
        occurrences.reserveCapacity(Int(index.header.venueCount) * 3)
        var number: UInt32 = 0
        var seen: [UInt32] = []
        for cell in 0..<index.cellCount {
            try index.forEachEntry(ofCell: cell) { entry, text throws(VenueIndexCorruption) in
                defer { number += 1 }
                guard let record = OSMSearchText.Record(text) else { throw VenueIndexCorruption(reason: "the text of an entry is damaged") }
                let unit = NameWordPosting.unitVector(latitude: entry.latitude, longitude: entry.longitude)
                func add(_ name: UnsafeRawBufferPointer) {
                    let length = min(UInt32(name.count), NameWordFormat.nameLengthBits)
                    seen.removeAll(keepingCapacity: true)
                    var start = 0
                    while start < name.count {
                        guard AutocompleteWords.isWordByte(name[start]) else {
                            start += 1
                            continue
                        }
                        var end = start + 1
                        while end < name.count, AutocompleteWords.isWordByte(name[end]) { end += 1 }
                        let word = words.intern(UnsafeRawBufferPointer(rebasing: name[start..<end]))
                        if !seen.contains(word) {
                            let info = length | (seen.isEmpty ? NameWordFormat.firstWordFlag : 0)
                            seen.append(word)
                            occurrences.append(
                                (word, NameWordPosting(entry: number, info: info, x: Float(unit.x), y: Float(unit.y), z: Float(unit.z))))
                        }
                        start = end
                    }
                }
                if let range = record.parts.first {
                    add(UnsafeRawBufferPointer(rebasing: record.text[range]))
                } else {
                    let folded = Array(TextFolding.fold(try nameOf(entry)).utf8)
                    folded.withUnsafeBytes { add($0) }
                }
            }
        }
        try write(words, occurrences, identity: identity(of: index), entryCount: index.header.venueCount, to: path)
    }

    /// What ties a word file to its index: a hash of the index's header (its source's key
    /// and sizes), so that a rebuilt or rewritten index makes the words stale.
    static func identity(of index: VenueIndex) -> UInt64 {
        let length = min(VenueIndexHeader.length(forPath: index.header.key.path), index.fileBytes.count)
        return ByteHash.of(UnsafeRawBufferPointer(rebasing: index.fileBytes[0..<length]))
    }

    private static func write(
        _ words: WordTable, _ occurrences: [(word: UInt32, posting: NameWordPosting)], identity: UInt64,
        entryCount: UInt64, to path: String
    ) throws(VenueIndexCorruption) {
        guard words.bytes.count < Int(UInt32.max), occurrences.count < Int(UInt32.max) else {
            throw VenueIndexCorruption(reason: "its names have too many words to list")
        }
        // The distinct words in byte order, and where each one's postings begin.
        let order = words.bytes.withUnsafeBytes { bytes in
            (0..<words.count).sorted { a, b in
                words.slice(a, in: bytes).lexicographicallyPrecedes(words.slice(b, in: bytes))
            }
        }
        var counts = [Int](repeating: 0, count: words.count)
        for occurrence in occurrences { counts[Int(occurrence.word)] += 1 }
        var first = [Int](repeating: 0, count: words.count)
        var running = 0
        for word in order {
            first[word] = running
            running += counts[word]
        }
        var postings = [UInt8](repeating: 0, count: occurrences.count * NameWordFormat.postingLength)
        postings.withUnsafeMutableBytes { out in
            var next = first
            for occurrence in occurrences {
                let at = next[Int(occurrence.word)] * NameWordFormat.postingLength
                next[Int(occurrence.word)] += 1
                let p = occurrence.posting
                for (k, value) in [p.entry, p.info, p.x.bitPattern, p.y.bitPattern, p.z.bitPattern].enumerated() {
                    out.storeBytes(of: value.littleEndian, toByteOffset: at + 4 * k, as: UInt32.self)
                }
            }
        }
        var rows = ByteWriter()
        var pool: [UInt8] = []
        pool.reserveCapacity(words.bytes.count)
        postings.withUnsafeBytes { all in
            words.bytes.withUnsafeBytes { bytes in
                for word in order {
                    let from = first[word] * NameWordFormat.postingLength, to = from + counts[word] * NameWordFormat.postingLength
                    rows.append(UInt32(pool.count))
                    rows.append(UInt32(words.length(word)))
                    rows.append(UInt32(first[word]))
                    rows.append(UInt32(0))
                    rows.append(ByteHash.of(UnsafeRawBufferPointer(rebasing: all[from..<to])))
                    pool.append(contentsOf: words.slice(word, in: bytes))
                }
            }
        }
        let poolLength = pool.count
        while pool.count % 8 != 0 { pool.append(0) }
        var header = ByteWriter()
        NameWordFormat.signature.write(to: &header)
        header.append(identity)
        header.append(entryCount)
        header.append(UInt64(words.count))
        header.append(UInt64(occurrences.count))
        header.append(UInt64(poolLength))
        var hash = ByteHash()
        header.bytes.withUnsafeBytes { hash.combine($0) }
        rows.bytes.withUnsafeBytes { hash.combine($0) }
        pool.withUnsafeBytes { hash.combine($0) }
        header.append(hash.value)
        let file = try IndexFileWriter(destination: path)
        for part in [header.bytes, rows.bytes, pool, postings] { part.withUnsafeBytes { file.write($0) } }
        try file.commit()
    }
}

/// Distinct words, each stored once: an open-addressing hash table of word numbers over
/// one byte buffer.
struct WordTable {
    private(set) var bytes: [UInt8] = []
    private var starts: [Int] = []
    private var slots = [Int32](repeating: -1, count: 1 << 12)

    var count: Int { starts.count }

    func length(_ word: Int) -> Int { (word + 1 < starts.count ? starts[word + 1] : bytes.count) - starts[word] }

    func slice(_ word: Int, in all: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: all[starts[word]..<(starts[word] + length(word))])
    }

    /// The number of `word`, added if it is new.
    mutating func intern(_ word: UnsafeRawBufferPointer) -> UInt32 {
        if (starts.count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: ByteHash.of(word)) & mask
        while true {
            let held = slots[slot]
            if held < 0 { break }
            let number = Int(held)
            let same = bytes.withUnsafeBytes { all in length(number) == word.count && slice(number, in: all).elementsEqual(word) }
            if same { return UInt32(number) }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(starts.count)
        starts.append(bytes.count)
        bytes.append(contentsOf: word)
        return UInt32(starts.count - 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        bytes.withUnsafeBytes { all in
            for number in 0..<starts.count {
                var slot = Int(truncatingIfNeeded: ByteHash.of(slice(number, in: all))) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(number)
            }
        }
    }
}
