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
/// then `commit()` writes the file sorted by cell (through `IndexFileWriter`, so a reader
/// sees the old index or the whole new one, never half of one). The entries are kept in
/// fixed-size sorted runs (`SortedRuns`), spilled to a scratch file beside the index once
/// a run fills, and merged back as the file is written: memory stays the same however many
/// places the source has.
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
        /// Where the place's folded text lies in the text section once written (0 while
        /// building: the text follows the entry in its run).
        var textOffset: UInt32
        var textLength: UInt32
    }

    /// Entries gathered and written at a time.
    private static let chunkEntries = 32_768
    /// The index counts its entries in 32 bits.
    static let maximumEntries = 1 << 32 - 1
    /// The text section is addressed in 32 bits.
    static let maximumTextBytes = 1 << 32 - 1

    private let file: IndexFileWriter
    private let spill: SpillFile
    private let key: SourceKey
    private let grid = GeoGrid(degrees: VenueIndexFormat.cellDegrees)
    /// One part per scanning thread, and one for the places placed after the scan from
    /// their members; part 0 comes first.
    private let parts: [Part]

    /// The entries of one scanning thread's share of the file, in file order, each with
    /// its cell as its sort key. Each part is touched by one thread only.
    final class Part {
        fileprivate var runs: SortedRuns?
        fileprivate var textBytes = 0
        /// Whether this part keeps texts (`add` wants them).
        let keepsTexts: Bool
        private let grid: GeoGrid

        fileprivate init(spill: SpillFile, runBytes: Int, texts: Bool, grid: GeoGrid) {
            runs = SortedRuns(spill: spill, runBytes: runBytes)
            keepsTexts = texts
            self.grid = grid
        }

        /// Adds a place: the element, where it is, its `OSMCategoryMask`, its folded text.
        @inline(__always)
        func add(
            _ element: borrowing ScannedElement, position: (lat: Double, lon: Double), mask: UInt64,
            derived: Bool, text: UnsafeRawBufferPointer
        ) {
            guard let runs else { return }
            var flags: UInt64 = derived ? VenueIndexFormat.derivedFlag : 0
            if element.token(.openingHours) != nil { flags |= VenueIndexFormat.openingHoursFlag }
            let kind = UInt64(element.kind.rawValue) << VenueIndexFormat.kindShift
            let kept = keepsTexts ? text : UnsafeRawBufferPointer(start: nil, count: 0)
            var entry = Entry(
                latitude: position.lat, longitude: position.lon,
                maskAndKind: (mask & VenueIndexFormat.categoryBits) | flags | kind,
                id: element.id, sourceOffset: UInt64(element.offset),
                textOffset: 0, textLength: UInt32(truncatingIfNeeded: kept.count))
            textBytes += kept.count
            runs.append(key: grid.cell(latitude: position.lat, longitude: position.lon)) { bytes in
                withUnsafeBytes(of: &entry) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: kept)
            }
        }

        func removeAll() {
            runs?.removeAll()
            runs = nil
        }
    }

    /// Opens the temporary file and the scratch file beside it, so that an unwritable
    /// cache shows before the scan. `runBytes` is the memory each part keeps before it
    /// spills a run.
    init(destination: String, key: SourceKey, texts: Bool = true, runBytes: Int = SortedRuns.defaultRunBytes) throws(VenueIndexCorruption) {
        self.key = key
        self.texts = texts
        file = try IndexFileWriter(destination: destination)
        let spill = try SpillFile(beside: destination), grid = grid
        self.spill = spill
        parts = (0..<3).map { _ in Part(spill: spill, runBytes: runBytes, texts: texts, grid: grid) }
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
        let headerLength = VenueIndexHeader.length(forPath: key.path)
        let total = parts.reduce(0) { $0 + ($1.runs?.count ?? 0) }
        let textTotal = parts.reduce(0) { $0 + $1.textBytes }
        guard total <= Self.maximumEntries else { throw VenueIndexCorruption(reason: "it has more than \(Self.maximumEntries) places") }
        guard textTotal <= Self.maximumTextBytes else { throw VenueIndexCorruption(reason: "its names take more than 4 GiB") }
        // In part order: a cell's entries in file order, the later part's after.
        let runs = parts.flatMap { $0.runs?.finish() ?? [] }
        guard !parts.contains(where: { $0.runs?.failed ?? false }) else {
            throw VenueIndexCorruption(reason: spill.failure ?? "its scratch file could not be written")
        }
        let textOffset = headerLength + total * VenueIndexFormat.entryLength
        file.seek(to: headerLength)
        // In cell order, a chunk at a time: each entry's cell table row and checksum as it
        // comes, then the chunk's entries (in turn) and texts (at their place after all the
        // entries).
        var cells = ByteWriter()
        var chunk: [UInt8] = []
        chunk.reserveCapacity(Self.chunkEntries * VenueIndexFormat.entryLength)
        var texts: [UInt8] = []
        var cell = UInt64.max, hash = ByteHash(), written = 0, count = 0
        func finishCell() {
            guard cell != .max else { return }
            cells.append(hash.finalized)
        }
        func flush() {
            chunk.withUnsafeBytes { file.write($0) }
            texts.withUnsafeBytes { file.write($0, at: textOffset + written) }
            written += texts.count
            chunk.removeAll(keepingCapacity: true)
            texts.removeAll(keepingCapacity: true)
        }
        try SortedRunMerge(runs, spill: spill).inOrder { entryCell, item in
            guard item.count >= VenueIndexFormat.entryLength else { return }
            var entry = item.loadUnaligned(as: Entry.self)
            let text = UnsafeRawBufferPointer(rebasing: item[VenueIndexFormat.entryLength...])
            entry.textOffset = UInt32(truncatingIfNeeded: written + texts.count)
            if entryCell != cell {
                finishCell()
                cell = entryCell
                cells.append(cell)
                cells.append(UInt64(count))
                hash = ByteHash()
                hash.combine(cell)
                hash.combine(UInt64(count))
            }
            Self.combine(entry, text: text, into: &hash)
            withUnsafeBytes(of: &entry) { chunk.append(contentsOf: $0) }
            texts.append(contentsOf: text)
            count += 1
            if count % Self.chunkEntries == 0 { flush() }
        }
        flush()
        finishCell()
        guard count == total else { throw VenueIndexCorruption(reason: "its scratch file did not give back every entry") }
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
}
