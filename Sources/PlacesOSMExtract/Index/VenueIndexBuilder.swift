import PlacesSupport

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

/// Collects an index entry and a folded text for each place while the source is scanned,
/// then `commit()` sorts them by cell and writes the file (through `IndexFileWriter`, so a
/// reader sees the old index or the whole new one, never half of one).
final class VenueIndexBuilder {
    /// One entry, in memory as on disk (48 bytes, little-endian hosts).
    struct Entry {
        var latitude: Double
        var longitude: Double
        /// `OSMCategoryMask` bits (`categoryBits`), flags, and the element type
        /// (`ScannedElement.Kind`) in the top two bits.
        var maskAndKind: UInt64
        var id: Int64
        var sourceOffset: UInt64
        /// Where the place's folded text lies: in its part's text buffer while building, in
        /// the text section once written.
        var textOffset: UInt32
        var textLength: UInt32
    }

    /// Entries gathered and written at a time.
    private static let chunkEntries = 32_768
    /// Entries are numbered in 32 bits while they are sorted.
    static let maximumEntries = 1 << 32 - 1
    /// The text section is addressed in 32 bits.
    static let maximumTextBytes = 1 << 32 - 1

    private let file: IndexFileWriter
    private let key: SourceKey
    private let grid = GeoGrid(degrees: VenueIndexFormat.cellDegrees)
    /// One part per scanning thread, and one for the places placed after the scan from
    /// their members; part 0 comes first.
    private let parts: [Part]

    /// The entries of one scanning thread's share of the file, in file order. Each part is
    /// touched by one thread only.
    final class Part {
        fileprivate var entries: LargeBuffer<Entry>?
        fileprivate var texts: LargeBuffer<UInt8>?
        /// Whether an entry was dropped for want of memory (the index is then not written).
        fileprivate var overflowed = false

        fileprivate init(capacity: Int, texts: Bool) throws(VenueIndexCorruption) {
            guard let entries = LargeBuffer<Entry>(reserving: capacity) else {
                throw VenueIndexCorruption(reason: "there is not enough memory to index it")
            }
            self.entries = entries
            if texts {
                guard let buffer = LargeBuffer<UInt8>(reserving: capacity * 32) else {
                    throw VenueIndexCorruption(reason: "there is not enough memory to index it")
                }
                self.texts = buffer
            }
        }

        /// Whether this part keeps texts (`add` wants them).
        var keepsTexts: Bool { texts != nil }

        /// Adds a place: the element, where it is, its `OSMCategoryMask`, its folded text.
        @inline(__always)
        func add(
            _ element: borrowing ScannedElement, position: (lat: Double, lon: Double), mask: UInt64,
            derived: Bool, text: UnsafeRawBufferPointer
        ) {
            guard let entries else { return }
            var flags: UInt64 = derived ? VenueIndexFormat.derivedFlag : 0
            if element.token(.openingHours) != nil { flags |= VenueIndexFormat.openingHoursFlag }
            let kind = UInt64(element.kind.rawValue) << VenueIndexFormat.kindShift
            let textOffset = texts?.count ?? 0
            if let texts {
                guard textOffset + text.count <= VenueIndexBuilder.maximumTextBytes, texts.append(contentsOf: text) else {
                    overflowed = true
                    return
                }
            }
            if !entries.append(
                Entry(
                    latitude: position.lat, longitude: position.lon,
                    maskAndKind: (mask & VenueIndexFormat.categoryBits) | flags | kind,
                    id: element.id, sourceOffset: UInt64(element.offset),
                    textOffset: UInt32(textOffset), textLength: UInt32(texts == nil ? 0 : text.count)))
            {
                overflowed = true
            }
        }

        func removeAll() {
            entries = nil
            texts = nil
        }
    }

    /// Opens the temporary file, so that an unwritable cache shows before the scan.
    /// `capacity` is room for about this many entries, reserved (not touched) up front so
    /// the array seldom copies itself while it grows.
    init(destination: String, key: SourceKey, capacity: Int = 4096, texts: Bool = true) throws(VenueIndexCorruption) {
        self.key = key
        self.texts = texts
        parts = [
            try Part(capacity: capacity, texts: texts), try Part(capacity: capacity, texts: texts), try Part(capacity: 1024, texts: texts),
        ]
        file = try IndexFileWriter(destination: destination)
    }

    /// Whether the index keeps places' folded texts.
    let texts: Bool

    /// The entries of thread `index` (0 or 1).
    func part(_ index: Int) -> Part { parts[index] }

    /// The entries of the places placed from their members, after the scan.
    var placedLater: Part { parts[2] }

    /// Writes the file and moves it into place; throws (having removed the temporary file)
    /// if anything could not be written. `contentHash` is the source's whole-content hash,
    /// for a source whose status cannot be trusted yet (see `SourceKey`).
    func commit(contentHash: UInt64? = nil, facts: ExtractFacts) throws(VenueIndexCorruption) {
        defer { discard() }
        guard !parts.contains(where: \.overflowed) else { throw VenueIndexCorruption(reason: "there was not enough memory to index it") }
        let headerLength = VenueIndexHeader.length(forPath: key.path)
        let counts = parts.map { $0.entries?.count ?? 0 }
        let total = counts.reduce(0, +)
        let textTotal = parts.reduce(0) { $0 + ($1.texts?.count ?? 0) }
        guard total <= Self.maximumEntries else { throw VenueIndexCorruption(reason: "it has more than \(Self.maximumEntries) places") }
        guard textTotal <= Self.maximumTextBytes else { throw VenueIndexCorruption(reason: "its names take more than 4 GiB") }
        guard let order = sortedByCell(total: total), let chunk = LargeBuffer<Entry>(capacity: Self.chunkEntries) else {
            throw VenueIndexCorruption(reason: "there was not enough memory to index it")
        }
        let textOffset = headerLength + total * VenueIndexFormat.entryLength
        file.seek(to: headerLength)
        // In cell order, a chunk at a time: gather the chunk's entries and their texts, walk
        // it for the cell table and each cell's checksum, then write the entries (in turn)
        // and the texts (at their place after all the entries).
        var cells = ByteWriter()
        var texts: [UInt8] = []
        var cell = UInt64.max, hash = ByteHash(), written = 0
        func finishCell() {
            guard cell != .max else { return }
            cells.append(hash.finalized)
        }
        var start = 0
        while start < total && file.failure == nil {
            let end = min(start + Self.chunkEntries, total)
            texts.removeAll(keepingCapacity: true)
            for k in start..<end {
                var number = Int(order[k] & 0xFFFF_FFFF), part = 0
                while number >= counts[part] {
                    number -= counts[part]
                    part += 1
                }
                // Unwrap justified: number < counts[part], which is 0 for a part without entries (counts read entries?.count).
                var entry = parts[part].entries![number]
                if let partTexts = parts[part].texts {
                    texts.append(
                        contentsOf: UnsafeRawBufferPointer(start: partTexts.base + Int(entry.textOffset), count: Int(entry.textLength)))
                }
                entry.textOffset = UInt32(written + texts.count - Int(entry.textLength))
                chunk[k - start] = entry
            }
            chunk.setCount(end - start)
            texts.withUnsafeBytes { chunkTexts in
                for k in start..<end {
                    let entry = chunk[k - start]
                    if order[k] >> 32 != cell {
                        finishCell()
                        cell = order[k] >> 32
                        cells.append(cell)
                        cells.append(UInt64(k))
                        hash = ByteHash()
                        hash.combine(cell)
                        hash.combine(UInt64(k))
                    }
                    Self.combine(
                        entry,
                        text: UnsafeRawBufferPointer(
                            rebasing: chunkTexts[(Int(entry.textOffset) - written)...].prefix(Int(entry.textLength))), into: &hash)
                }
            }
            file.write(UnsafeRawBufferPointer(chunk.buffer))
            texts.withUnsafeBytes { file.write($0, at: textOffset + written) }
            written += texts.count
            start = end
        }
        finishCell()
        for part in parts { part.removeAll() }
        let textLength = written
        let padding = (8 - textLength % 8) % 8
        let cellsOffset = textOffset + textLength + padding
        file.seek(to: textOffset + textLength)
        [UInt8](repeating: 0, count: padding).withUnsafeBytes { file.write($0) }
        cells.bytes.withUnsafeBytes { file.write($0) }
        let header = VenueIndexHeader(
            key: key, contentHash: contentHash, venueCount: UInt64(total),
            cellCount: UInt64(cells.bytes.count / VenueIndexFormat.cellLength),
            cellDegrees: grid.degrees, entriesOffset: UInt64(headerLength), cellsOffset: UInt64(cellsOffset),
            cellsChecksum: cells.bytes.withUnsafeBytes { ByteHash.of($0) },
            textOffset: UInt64(textOffset), textLength: UInt64(textLength), hasTexts: self.texts, facts: facts,
            totalLength: UInt64(cellsOffset + cells.bytes.count))
        file.write(header.encoded(), at: 0)
        try file.commit()
    }

    /// Adds an entry, as its 8-byte words, and its text to a cell's checksum.
    @inline(__always)
    static func combine(_ entry: Entry, text: UnsafeRawBufferPointer, into hash: inout ByteHash) {
        hash.combine(entry.latitude.bitPattern)
        hash.combine(entry.longitude.bitPattern)
        hash.combine(entry.maskAndKind)
        hash.combine(UInt64(bitPattern: entry.id))
        hash.combine(entry.sourceOffset)
        hash.combine(UInt64(entry.textOffset) | UInt64(entry.textLength) << 32)
        hash.combine(text)
    }

    /// Stops and removes the temporary file.
    func discard() {
        file.discard()
        for part in parts { part.removeAll() }
    }

    /// Replaces the index at `destination` with a copy of `index` under another header
    /// (same path, so the same length): how a racy index becomes a settled one.
    static func rewrite(_ index: UnsafeRawBufferPointer, with header: VenueIndexHeader, to destination: String) throws(VenueIndexCorruption)
    {
        let encoded = header.encoded()
        guard encoded.count <= index.count else { throw VenueIndexCorruption(reason: "the header does not fit") }
        let file = try IndexFileWriter(destination: destination)
        encoded.withUnsafeBytes { file.write($0) }
        file.write(UnsafeRawBufferPointer(rebasing: index[encoded.count...]))
        try file.commit()
    }

    /// The checksum stored for a cell: its number, first entry, and each entry's words and
    /// text (`commit` computes the same, entry by entry); `text` gives an entry's text.
    static func cellChecksum(
        cell: UInt64, first: UInt64, entries: UnsafeRawBufferPointer,
        text: (Entry) -> UnsafeRawBufferPointer
    ) -> UInt64 {
        var hash = ByteHash()
        hash.combine(cell)
        hash.combine(first)
        var offset = 0
        while offset + VenueIndexFormat.entryLength <= entries.count {
            let entry = entries.loadUnaligned(fromByteOffset: offset, as: Entry.self)
            combine(entry, text: text(entry), into: &hash)
            offset += VenueIndexFormat.entryLength
        }
        return hash.finalized
    }

    /// Entries ordered by cell, file order within a cell (the later part's after), each as
    /// `cell << 32 | entry` (entries numbered across the parts): a stable LSD radix sort,
    /// 16 bits a pass. Nil when the memory for it cannot be had.
    private func sortedByCell(total: Int) -> LargeBuffer<UInt64>? {
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
