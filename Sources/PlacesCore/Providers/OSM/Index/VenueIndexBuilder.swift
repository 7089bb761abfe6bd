#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if _endian(big)
#error("VenueIndexBuilder writes entries as they lie in memory; the format is little-endian")
#endif

/// Collects an index entry for each venue while the source is scanned, then `commit()`
/// sorts them by cell and writes the file (through `IndexFileWriter`, so a reader sees the
/// old index or the whole new one, never half of one).
final class VenueIndexBuilder {
    /// One entry, in memory as on disk (40 bytes, little-endian hosts).
    struct Entry {
        var latitude: Double
        var longitude: Double
        /// `OSMCategoryMask` bits, with the element type (`ScannedElement.Kind`) in the top two.
        var maskAndKind: UInt64
        var id: Int64
        var sourceOffset: UInt64
    }

    static let kindShift: UInt64 = 62
    /// Entries gathered and written at a time.
    private static let chunkEntries = 32_768
    /// Entries are numbered in 32 bits while they are sorted.
    static let maximumEntries = 1 << 32 - 1

    private let file: IndexFileWriter
    private let key: SourceKey
    private let grid = GeoGrid(degrees: VenueIndexFormat.cellDegrees)
    private let parts: [Part]

    /// The entries of one scanning thread's share of the file, in file order; part 0 comes
    /// first. Each part is touched by one thread only.
    final class Part {
        fileprivate var entries: LargeBuffer<Entry>?
        /// Whether an entry was dropped for want of memory (the index is then not written).
        fileprivate var overflowed = false

        fileprivate init(capacity: Int) throws(VenueIndexCorruption) {
            guard let entries = LargeBuffer<Entry>(reserving: capacity) else { throw VenueIndexCorruption(reason: "there is not enough memory to index it") }
            self.entries = entries
        }

        /// Adds an element that makes a venue (`ScannedElement.makesVenue`), with its `OSMCategoryMask`.
        @inline(__always)
        func add(_ element: borrowing ScannedElement, mask: UInt64) {
            guard let position = element.position, let entries else { return }
            let kind = UInt64(element.kind.rawValue) << VenueIndexBuilder.kindShift
            if !entries.append(Entry(latitude: position.lat, longitude: position.lon, maskAndKind: mask & ~(3 << VenueIndexBuilder.kindShift) | kind,
                                     id: element.id, sourceOffset: UInt64(element.offset))) {
                overflowed = true
            }
        }

        func removeAll() {
            entries = nil
        }
    }

    /// Opens the temporary file, so that an unwritable cache shows before the scan.
    /// `capacity` is room for about this many entries, reserved (not touched) up front so
    /// the array seldom copies itself while it grows.
    init(destination: String, key: SourceKey, capacity: Int = 4096) throws(VenueIndexCorruption) {
        self.key = key
        parts = [try Part(capacity: capacity), try Part(capacity: capacity)]
        file = try IndexFileWriter(destination: destination)
    }

    /// The entries of thread `index` (0 or 1).
    func part(_ index: Int) -> Part { parts[index] }

    /// Writes the file and moves it into place; throws (having removed the temporary file)
    /// if anything could not be written. `contentHash` is the source's whole-content hash,
    /// for a source whose status cannot be trusted yet (see `SourceKey`).
    func commit(contentHash: UInt64? = nil) throws(VenueIndexCorruption) {
        defer { discard() }
        guard !parts.contains(where: \.overflowed) else { throw VenueIndexCorruption(reason: "there was not enough memory to index it") }
        let none = UnsafeBufferPointer<Entry>(start: nil, count: 0)
        let first = parts[0].entries?.buffer ?? none, second = parts[1].entries?.buffer ?? none
        let headerLength = VenueIndexHeader.length(forPath: key.path)
        let firstCount = first.count, total = firstCount + second.count
        guard total <= Self.maximumEntries else { throw VenueIndexCorruption(reason: "it has more than \(Self.maximumEntries) places") }
        guard let order = sortedByCell(), let chunk = LargeBuffer<Entry>(capacity: Self.chunkEntries) else {
            throw VenueIndexCorruption(reason: "there was not enough memory to index it")
        }
        file.seek(to: headerLength)
        // In cell order, a chunk at a time: gather the chunk's entries with a loop free of
        // unpredictable branches (so the random reads overlap), then walk it for the cell
        // table and each cell's checksum, then write it.
        var cells = ByteWriter()
        var cell = UInt64.max, hash = ByteHash()
        func finishCell() {
            guard cell != .max else { return }
            cells.append(hash.finalized)
        }
        var start = 0
        while start < total && file.failure == nil {
            let end = min(start + Self.chunkEntries, total)
            for k in start..<end {
                let number = Int(order[k] & 0xFFFF_FFFF)
                chunk[k - start] = number < firstCount ? first[number] : second[number - firstCount]
            }
            chunk.setCount(end - start)
            for k in start..<end {
                if order[k] >> 32 != cell {
                    finishCell()
                    cell = order[k] >> 32
                    cells.append(cell)
                    cells.append(UInt64(k))
                    hash = ByteHash()
                    hash.combine(cell)
                    hash.combine(UInt64(k))
                }
                let entry = chunk[k - start]
                hash.combine(entry.latitude.bitPattern)
                hash.combine(entry.longitude.bitPattern)
                hash.combine(entry.maskAndKind)
                hash.combine(UInt64(bitPattern: entry.id))
                hash.combine(entry.sourceOffset)
            }
            file.write(UnsafeRawBufferPointer(chunk.buffer))
            start = end
        }
        finishCell()
        for part in parts { part.removeAll() }
        cells.bytes.withUnsafeBytes { file.write($0) }
        let cellsOffset = headerLength + total * VenueIndexFormat.entryLength
        let header = VenueIndexHeader(
            key: key, contentHash: contentHash, venueCount: UInt64(total), cellCount: UInt64(cells.bytes.count / VenueIndexFormat.cellLength),
            cellDegrees: grid.degrees, entriesOffset: UInt64(headerLength), cellsOffset: UInt64(cellsOffset),
            cellsChecksum: cells.bytes.withUnsafeBytes { ByteHash.of($0) },
            totalLength: UInt64(cellsOffset + cells.bytes.count))
        file.write(header.encoded(), at: 0)
        try file.commit()
    }

    /// Stops and removes the temporary file.
    func discard() {
        file.discard()
        for part in parts { part.removeAll() }
    }

    /// Replaces the index at `destination` with a copy of `index` under another header
    /// (same path, so the same length): how a racy index becomes a settled one.
    static func rewrite(_ index: UnsafeRawBufferPointer, with header: VenueIndexHeader, to destination: String) throws(VenueIndexCorruption) {
        let encoded = header.encoded()
        guard encoded.count <= index.count else { throw VenueIndexCorruption(reason: "the header does not fit") }
        let file = try IndexFileWriter(destination: destination)
        encoded.withUnsafeBytes { file.write($0) }
        file.write(UnsafeRawBufferPointer(rebasing: index[encoded.count...]))
        try file.commit()
    }

    /// The checksum stored for a cell: its number, first entry, and its entries' bytes as
    /// 8-byte words (`commit` computes the same, entry by entry).
    static func cellChecksum(cell: UInt64, first: UInt64, entries: UnsafeRawBufferPointer) -> UInt64 {
        var hash = ByteHash()
        hash.combine(cell)
        hash.combine(first)
        var offset = 0
        while offset + 8 <= entries.count {
            hash.combine(UInt64(littleEndian: entries.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        return hash.finalized
    }

    /// Entries ordered by cell, file order within a cell, each as `cell << 32 | entry`
    /// (entries numbered across the parts): a stable LSD radix sort, 16 bits a pass. Nil
    /// when the memory for it cannot be had.
    private func sortedByCell() -> LargeBuffer<UInt64>? {
        let total = (parts[0].entries?.count ?? 0) + (parts[1].entries?.count ?? 0)
        guard var items = LargeBuffer<UInt64>(capacity: total), var scratch = LargeBuffer<UInt64>(capacity: total) else { return nil }
        for part in parts {
            for entry in part.entries?.buffer ?? UnsafeBufferPointer(start: nil, count: 0) {
                items.append(grid.cell(latitude: entry.latitude, longitude: entry.longitude) << 32 | UInt64(items.count))
            }
        }
        scratch.setCount(total)
        var shift: UInt64 = 32
        while shift < 32 + UInt64(grid.cellBits) {
            var counts = [Int](repeating: 0, count: 1 << 16 + 1)
            for item in items.buffer { counts[Int((item >> shift) & 0xFFFF) + 1] += 1 }
            for i in 1..<counts.count { counts[i] += counts[i - 1] }
            for item in items.buffer {
                let digit = Int((item >> shift) & 0xFFFF)
                scratch[counts[digit]] = item
                counts[digit] += 1
            }
            swap(&items, &scratch)
            shift += 16
        }
        return items
    }
}
