import PlacesSupport

/// A name-word file, memory-mapped (`NameWordFormat`): the run of postings of every word
/// that begins with a prefix, each word's postings checked against their checksum first.
final class NameWordIndex {
    private let mapping: MappedBytes
    let wordCount: Int
    /// The entries of the index it was made from.
    let entryCount: Int
    let postingCount: Int
    /// Where the tables stand in the file.
    private let rowsOffset, poolOffset, poolLength, postingsOffset: Int

    /// Opens the file at `path` made from the index of `identity` with `entryCount` entries;
    /// nil when there is none, it is of another version, or it was made from another index
    /// (then it is rebuilt). Anything else wrong with it is damage.
    init?(path: String, identity: UInt64, entryCount: UInt64) throws(VenueIndexCorruption) {
        do {
            mapping = try ReadOnlyFile(path: path).map()
        } catch {
            if case .missing = error { return nil }
            throw VenueIndexCorruption(reason: "its word list cannot be read")
        }
        let bytes = mapping.bytes
        switch NameWordFormat.signature.read(bytes) {
        case .current where bytes.count >= NameWordFormat.headerLength: break
        case .otherVersion: return nil
        case .current, .foreign: throw VenueIndexCorruption(reason: "its word list is not one")
        }
        var r = ByteReader(bytes, offset: CacheFileSignature.length)
        guard try r.u64() == identity, try r.u64() == entryCount else { return nil }
        let words = try r.u64(), postings = try r.u64(), pool = try r.u64()
        let checksum = try r.u64()
        guard entryCount < 1 << 32, words < 1 << 32, postings < 1 << 32, pool < 1 << 32 else {
            throw VenueIndexCorruption(reason: "its word list's header is damaged")
        }
        wordCount = Int(words)
        self.entryCount = Int(entryCount)
        postingCount = Int(postings)
        poolLength = Int(pool)
        rowsOffset = NameWordFormat.headerLength
        poolOffset = rowsOffset + wordCount * NameWordFormat.rowLength
        postingsOffset = poolOffset + (poolLength + 7) / 8 * 8
        guard postingsOffset + postingCount * NameWordFormat.postingLength == bytes.count else {
            throw VenueIndexCorruption(reason: "its word list is \(bytes.count) bytes long, not what its header says")
        }
        var hash = ByteHash()
        hash.combine(UnsafeRawBufferPointer(rebasing: bytes[0..<(NameWordFormat.headerLength - 8)]))
        hash.combine(UnsafeRawBufferPointer(rebasing: bytes[rowsOffset..<poolOffset]))
        hash.combine(UnsafeRawBufferPointer(rebasing: bytes[poolOffset..<postingsOffset]))
        guard hash.value == checksum else { throw VenueIndexCorruption(reason: "its word list's checksum does not match") }
        var previous = 0
        for row in 0..<wordCount {
            let (offset, length, first) = try self.row(row)
            guard offset + length <= poolLength, length > 0, first >= previous, first <= postingCount else {
                throw VenueIndexCorruption(reason: "its word list's table is damaged (word \(row))")
            }
            previous = first
        }
    }

    private func row(_ index: Int) throws(VenueIndexCorruption) -> (offset: Int, length: Int, first: Int) {
        var r = ByteReader(mapping.bytes, offset: rowsOffset + index * NameWordFormat.rowLength)
        return (Int(try r.u32()), Int(try r.u32()), Int(try r.u32()))
    }

    private func word(_ index: Int) throws(VenueIndexCorruption) -> UnsafeRawBufferPointer {
        let (offset, length, _) = try row(index)
        return UnsafeRawBufferPointer(rebasing: mapping.bytes[(poolOffset + offset)..<(poolOffset + offset + length)])
    }

    private func firstPosting(_ index: Int) throws(VenueIndexCorruption) -> Int {
        index < wordCount ? try row(index).first : postingCount
    }

    /// The first word that is not less than `key`, byte for byte.
    private func lowerBound(_ key: [UInt8]) throws(VenueIndexCorruption) -> Int {
        var low = 0, high = wordCount
        while low < high {
            let mid = (low + high) / 2
            if try word(mid).lexicographicallyPrecedes(key) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The postings of every word that begins with `prefix` (non-empty), checked: one run,
    /// word after word, each word's postings in entry order.
    func postings(prefix: [UInt8]) throws(VenueIndexCorruption) -> NameWordPostings {
        let low = try lowerBound(prefix)
        // No folded word holds the byte 0xFF (it is not UTF-8): prefix + [0xFF] follows every word with the prefix.
        let high = try lowerBound(prefix + [0xFF])
        var start = try firstPosting(low)
        let end = try firstPosting(high)
        for index in low..<high {
            var r = ByteReader(mapping.bytes, offset: rowsOffset + index * NameWordFormat.rowLength + 16)
            let checksum = try r.u64()
            let next = try firstPosting(index + 1)
            let from = postingsOffset + start * NameWordFormat.postingLength, to = postingsOffset + next * NameWordFormat.postingLength
            guard ByteHash.of(UnsafeRawBufferPointer(rebasing: mapping.bytes[from..<to])) == checksum else {
                throw VenueIndexCorruption(reason: "the places of a word in its word list do not match their checksum")
            }
            start = next
        }
        let from = postingsOffset + (try firstPosting(low)) * NameWordFormat.postingLength
        return NameWordPostings(
            bytes: UnsafeRawBufferPointer(rebasing: mapping.bytes[from..<(postingsOffset + end * NameWordFormat.postingLength)]))
    }
}

/// A run of postings, read in place.
struct NameWordPostings {
    let bytes: UnsafeRawBufferPointer

    var count: Int { bytes.count / NameWordFormat.postingLength }

    @inline(__always) func entry(_ i: Int) -> UInt32 { word(i, 0) }
    @inline(__always) func info(_ i: Int) -> UInt32 { word(i, 1) }
    @inline(__always) func unit(_ i: Int) -> (x: Float, y: Float, z: Float) {
        (Float(bitPattern: word(i, 2)), Float(bitPattern: word(i, 3)), Float(bitPattern: word(i, 4)))
    }

    @inline(__always) private func word(_ i: Int, _ k: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: i * NameWordFormat.postingLength + 4 * k, as: UInt32.self))
    }
}
