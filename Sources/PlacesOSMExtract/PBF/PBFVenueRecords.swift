import PlacesSupport

/// The venue tags of every place an index of a PBF file holds, in a file beside the index
/// (`<index>.venues`), so that an indexed query makes its venues without inflating a block:
/// a block is thousands of elements, and inflating one per place printed cost more than the
/// rest of the query. Written by the query that writes the index; an index without its
/// records file (or with one of another source, or damaged) still answers, from the blocks.
///
/// Layout (little-endian): magic "PLCSPBV\x1A", version, the record count, where the table
/// and the records lie, the source's key (as the index holds it: size, times, inode, device,
/// sampled hash), the path's length, a checksum of all that and the path, then the path;
/// the table, 24 bytes a place sorted by type and id (`type << 62 | id`, the record's
/// offset in the records, its length, the low 32 bits of its checksum); the records. A
/// record: a flags byte (1: the element has tags), then for each venue key it has the key
/// (`OSMTagKey`), the value's length (varint) and the value's bytes.
enum PBFVenueRecords {
    /// Version 2: records may hold `addr:country` (a key number version 1 did not have);
    /// version 3: `image` and `wikimedia_commons` (a place's photos).
    static let signature = CacheFileSignature(magic: "PLCSPBV\u{1A}", version: 3)
    static let fixedHeaderLength = 128
    static let tableEntryLength = 24

    /// The records file of the index at `indexPath`.
    static func path(forIndex indexPath: String) -> String { indexPath + ".venues" }

    /// A place's table key: its type in the top two bits, its id below (nil for an id that
    /// does not fit, which no place has).
    static func tableKey(kind: ScannedElement.Kind, id: Int64) -> UInt64? {
        guard id > 0, id < 1 << 62 else { return nil }
        return UInt64(kind.rawValue) << 62 | UInt64(id)
    }

    /// Appends the record of `element`: its venue keys' values.
    static func appendRecord(of element: borrowing ScannedElement, to bytes: inout [UInt8]) {
        bytes.append(element.hasTags ? 1 : 0)
        for key in OSMTagKey.allCases {
            guard let token = element.token(key) else { continue }
            bytes.append(UInt8(key.rawValue))
            token.withDecodedBytes(in: element.text) { value in
                var length = UInt64(value.count)
                while length >= 0x80 {
                    bytes.append(UInt8(length & 0x7F) | 0x80)
                    length >>= 7
                }
                bytes.append(UInt8(length))
                bytes.append(contentsOf: value)
            }
        }
    }

    /// Calls `body` with the place a record describes as a `ScannedElement`, a node at
    /// `position` (a way or relation has none of its own), lying at `offset` (its block's,
    /// for its index entry); nil when the record is not one this version writes.
    static func withElement<R>(
        record: UnsafeRawBufferPointer, kind: ScannedElement.Kind, id: Int64,
        position: (lat: Double, lon: Double), offset: Int = 0, _ body: (borrowing ScannedElement) -> R
    ) -> R? {
        guard let flags = record.first, flags <= 1, let base = record.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let tokens = UnsafeMutablePointer<JSONStringToken>.allocate(capacity: OSMTagKey.allCases.count)
        tokens.initialize(repeating: ScannedElement.absent, count: OSMTagKey.allCases.count)
        defer { tokens.deallocate() }
        var element = ScannedElement(text: base, tagTokens: tokens)
        element.reset(offset: offset)
        var at = 1
        while at < record.count {
            guard let key = OSMTagKey(rawValue: Int(record[at])), tokens[key.rawValue].start < 0 else { return nil }
            at += 1
            var length = 0, shift = 0
            while true {
                guard at < record.count, shift < 28 else { return nil }
                let byte = record[at]
                at += 1
                length |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            guard length <= record.count - at else { return nil }
            tokens[key.rawValue] = JSONStringToken(start: at, end: at + length, hasEscapes: false)
            at += length
        }
        element.kind = kind
        element.id = id
        element.hasTags = flags == 1
        if kind == .node {
            element.lat = position.lat
            element.lon = position.lon
        }
        return body(element)
    }
}

/// Collects the records while a file is read and indexed: one part per reading thread, one
/// for the ways and relations placed after; `write` merges and writes them. Each part keeps
/// its records in fixed-size runs sorted by table key (`SortedRuns`), spilled to a scratch
/// file beside the records file once a run fills: memory stays the same however many
/// places the file has.
final class PBFVenueRecordsBuilder: @unchecked Sendable {
    final class Part {
        fileprivate let runs: SortedRuns

        fileprivate init(_ runs: SortedRuns) {
            self.runs = runs
        }

        /// Adds the record of a place (the index may list it).
        func add(_ element: borrowing ScannedElement) {
            guard let key = PBFVenueRecords.tableKey(kind: element.kind, id: element.id) else { return }
            runs.append(key: key) { PBFVenueRecords.appendRecord(of: element, to: &$0) }
        }
    }

    /// Table rows or records gathered before they are written.
    private static let writeChunk = 1 << 20

    let parts: [Part]
    private let spill: SpillFile

    /// Opens the scratch file beside `path` (where the records file will be written);
    /// `runBytes` is the memory each part keeps before it spills a run.
    init(beside path: String, runBytes: Int = SortedRuns.defaultRunBytes) throws(VenueIndexCorruption) {
        let spill = try SpillFile(beside: path)
        self.spill = spill
        parts = (0..<3).map { _ in Part(SortedRuns(spill: spill, runBytes: runBytes)) }
    }

    /// Writes the records file for `key`'s source at `path` (beside its index), through a
    /// temporary file renamed into place. The first record of a place listed twice wins.
    func write(to path: String, key: SourceKey) throws(VenueIndexCorruption) {
        let total = parts.reduce(0) { $0 + $1.runs.count }
        // In part order: a place's records in file order.
        let runs = parts.flatMap { $0.runs.finish() }
        guard !parts.contains(where: \.runs.failed) else {
            throw VenueIndexCorruption(reason: spill.failure ?? "its scratch file could not be written")
        }
        let pathBytes = Array(key.path.utf8)
        let headerLength = (PBFVenueRecords.fixedHeaderLength + pathBytes.count + 7) / 8 * 8
        let file = try IndexFileWriter(destination: path)
        // The table from the header on, the records after room for a row each; a place
        // listed twice takes one row, and the records then move down to meet the table.
        let recordsStart = headerLength + total * PBFVenueRecords.tableEntryLength
        var table = ByteWriter()
        var blob: [UInt8] = []
        var recordsWritten = 0, rows = 0
        var last: UInt64?
        func flushRecords() {
            blob.withUnsafeBytes { file.write($0, at: recordsStart + recordsWritten) }
            recordsWritten += blob.count
            blob.removeAll(keepingCapacity: true)
        }
        file.seek(to: headerLength)
        try SortedRunMerge(runs, spill: spill).inOrder { tableKey, record in
            guard tableKey != last else { return }
            last = tableKey
            table.append(tableKey)
            table.append(UInt64(recordsWritten + blob.count))
            table.append(UInt32(record.count))
            table.append(UInt32(truncatingIfNeeded: ByteHash.of(record)))
            blob.append(contentsOf: record)
            rows += 1
            if table.bytes.count >= Self.writeChunk {
                table.bytes.withUnsafeBytes { file.write($0) }
                table.bytes.removeAll(keepingCapacity: true)
            }
            if blob.count >= Self.writeChunk { flushRecords() }
        }
        table.bytes.withUnsafeBytes { file.write($0) }
        flushRecords()
        let tableEnd = headerLength + rows * PBFVenueRecords.tableEntryLength
        if tableEnd < recordsStart {
            file.move(from: recordsStart, count: recordsWritten, to: tableEnd)
            file.truncate(to: tableEnd + recordsWritten)
        }
        var header = ByteWriter()
        PBFVenueRecords.signature.write(to: &header)
        header.append(UInt64(rows))
        header.append(UInt64(headerLength))
        header.append(UInt64(tableEnd))
        header.append(UInt64(recordsWritten))
        key.appendStamp(to: &header)
        while header.bytes.count < headerLength { header.append(UInt8(0)) }
        file.write(header.bytes, at: 0)
        try file.commit()
    }
}
