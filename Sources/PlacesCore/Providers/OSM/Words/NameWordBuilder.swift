#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the name-word file of an index (`NameWordFormat`) from the folded names the index
/// keeps: every entry's name (part 0 of its `OSMSearchText`) split into words. A name whose
/// part lengths the index does not know is read from the source (`nameOf`) and folded.
enum NameWordBuilder {
    /// Builds the file for `index` at `path` (atomically: a reader sees the old file or the new one).
    static func build(from index: VenueIndex, to path: String,
                      nameOf: (VenueIndex.Entry) throws(VenueIndexCorruption) -> String) throws(VenueIndexCorruption) {
        guard index.header.hasTexts else { throw VenueIndexCorruption(reason: "the index keeps no names") }
        guard index.header.venueCount < UInt64(UInt32.max) else { throw VenueIndexCorruption(reason: "it has too many places to list their words") }
        var words: [[UInt8]: [NameWordPosting]] = [:]
        var number: UInt32 = 0
        for cell in 0..<index.cellCount {
            try index.forEachEntry(ofCell: cell) { entry, text throws(VenueIndexCorruption) in
                defer { number += 1 }
                guard let record = OSMSearchText.Record(text) else { throw VenueIndexCorruption(reason: "the text of an entry is damaged") }
                let name: [UInt8]
                if let range = record.parts.first {
                    name = Array(record.text[range])
                } else {
                    name = Array(TextFolding.fold(try nameOf(entry)).utf8)
                }
                let unit = NameWordPosting.unitVector(latitude: entry.latitude, longitude: entry.longitude)
                let length = min(UInt32(name.count), NameWordFormat.nameLengthBits)
                let split = AutocompleteWords.split(name)
                for (position, word) in split.enumerated() where !split[..<position].contains(word) {
                    let info = length | (position == 0 ? NameWordFormat.firstWordFlag : 0)
                    words[word, default: []].append(NameWordPosting(entry: number, info: info, x: Float(unit.x), y: Float(unit.y), z: Float(unit.z)))
                }
            }
        }
        try write(words, identity: identity(of: index), entryCount: index.header.venueCount, to: path)
    }

    /// What ties a word file to its index: a hash of the index's header (its source's key
    /// and sizes), so that a rebuilt or rewritten index makes the words stale.
    static func identity(of index: VenueIndex) -> UInt64 {
        let length = min(VenueIndexHeader.length(forPath: index.header.key.path), index.fileBytes.count)
        return ByteHash.of(UnsafeRawBufferPointer(rebasing: index.fileBytes[0..<length]))
    }

    private static func write(_ words: [[UInt8]: [NameWordPosting]], identity: UInt64, entryCount: UInt64, to path: String) throws(VenueIndexCorruption) {
        let sorted = words.keys.sorted { $0.lexicographicallyPrecedes($1) }
        var rows = ByteWriter()
        var pool: [UInt8] = []
        var postings: [UInt8] = []
        var postingCount = 0
        for word in sorted {
            guard let list = words[word] else { continue }
            let start = postings.count
            for posting in list {
                for value in [posting.entry, posting.info, posting.x.bitPattern, posting.y.bitPattern, posting.z.bitPattern] {
                    withUnsafeBytes(of: value.littleEndian) { postings.append(contentsOf: $0) }
                }
            }
            guard pool.count + word.count < Int(UInt32.max), postingCount < Int(UInt32.max) - list.count else {
                throw VenueIndexCorruption(reason: "its names have too many words to list")
            }
            rows.append(UInt32(pool.count))
            rows.append(UInt32(word.count))
            rows.append(UInt32(postingCount))
            rows.append(UInt32(0))
            rows.append(postings[start...].withUnsafeBytes { ByteHash.of($0) })
            pool += word
            postingCount += list.count
        }
        let poolLength = pool.count
        while pool.count % 8 != 0 { pool.append(0) }
        var header = ByteWriter()
        header.append(NameWordFormat.magic)
        header.append(NameWordFormat.version)
        header.append(UInt32(0))
        header.append(identity)
        header.append(entryCount)
        header.append(UInt64(sorted.count))
        header.append(UInt64(postingCount))
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
