/// The layout of a spatial index file (all integers little-endian):
///
/// ```
/// header   magic "PLCSIDX\x1A", version, section offsets, the source's key (status and
///          sampled hash), the whole-content hash of a source indexed while "racy", the
///          source path, and a checksum of all of it
/// entries  40 bytes per venue, grouped by grid cell, file order within a cell:
///          latitude, longitude (Float64), category mask with the element type in its
///          top two bits, element id, offset of the element's `{` in the source file
/// cells    24 bytes per non-empty cell, by cell number: cell number, first entry,
///          checksum of the cell's entries (the table's own checksum is in the header)
/// ```
///
/// The index holds no tag text: a query reads the cells its box covers, and scans just
/// the elements of the entries that pass, straight from the source file (whose key the
/// header holds). So the venue is made by the same code as without an index, and a
/// source changed behind the key's back shows up as an element that does not match its
/// entry.
///
/// Nothing read from an index is trusted as data: the header's numbers must describe this
/// very file and grid, the cell table must be in order and add up to the entries, and each
/// entry must lie in its cell, in range, and inside the source. Anything else is damage.
enum VenueIndexFormat {
    static let magic: [UInt8] = Array("PLCSIDX\u{1A}".utf8)
    /// 2: the key holds ctime and device, and a racy source's content hash.
    static let version: UInt32 = 2
    static let fixedHeaderLength = 176
    static let entryLength = 40
    static let cellLength = 24
    /// 0.01° is about 1.1 km north–south: a 1 km query reads a handful of cells.
    static let cellDegrees = 0.01
    /// The fewest bytes an element that makes a venue takes in the source (a node with a
    /// one-letter name takes 56): more entries than the source can hold is damage.
    static let minimumElementBytes: UInt64 = 8
}

/// A damaged or unreadable index file: the query falls back to the source file.
struct VenueIndexCorruption: Error, Equatable {
    var reason: String
}

/// The fixed part of an index file.
struct VenueIndexHeader: Equatable {
    var key: SourceKey
    /// A hash of every byte of the source (`ReadOnlyFile.contentHash`), recorded only when
    /// the source had changed too recently for its status to be trusted; nil otherwise.
    var contentHash: UInt64?
    var venueCount: UInt64
    var cellCount: UInt64
    var cellDegrees: Double
    var entriesOffset: UInt64
    var cellsOffset: UInt64
    /// Checksum of the whole cell table, checked when the index is opened.
    var cellsChecksum: UInt64
    var totalLength: UInt64

    /// Header length for a source path: the fixed part plus the path, padded to 8 bytes.
    static func length(forPath path: String) -> Int {
        (VenueIndexFormat.fixedHeaderLength + path.utf8.count + 7) / 8 * 8
    }

    func encoded() -> [UInt8] {
        var w = ByteWriter()
        w.append(VenueIndexFormat.magic)
        w.append(VenueIndexFormat.version)
        w.append(UInt32(0))
        w.append(UInt64(Self.length(forPath: key.path)))
        w.append(totalLength)
        w.append(key.status.size)
        w.append(UInt64(bitPattern: key.status.modified.seconds))
        w.append(UInt64(bitPattern: key.status.modified.nanoseconds))
        w.append(UInt64(bitPattern: key.status.changed.seconds))
        w.append(UInt64(bitPattern: key.status.changed.nanoseconds))
        w.append(key.status.inode)
        w.append(key.status.device)
        w.append(key.sampledHash)
        w.append(UInt64(contentHash == nil ? 0 : 1))
        w.append(contentHash ?? 0)
        w.append(venueCount)
        w.append(cellCount)
        w.append(cellDegrees.bitPattern)
        w.append(entriesOffset)
        w.append(cellsOffset)
        w.append(cellsChecksum)
        w.append(UInt64(key.path.utf8.count))
        var checked = w.bytes
        checked.append(contentsOf: key.path.utf8)
        w.append(checked.withUnsafeBytes { ByteHash.of($0) })
        w.append(Array(key.path.utf8))
        while w.bytes.count < Self.length(forPath: key.path) { w.append(UInt8(0)) }
        return w.bytes
    }

    /// Reads and checks a header: magic, version, checksum, that every section lies inside
    /// the file and adds up, and that the numbers are ones this version writes.
    init(decoding file: UnsafeRawBufferPointer) throws(VenueIndexCorruption) {
        var r = ByteReader(file)
        guard file.count >= VenueIndexFormat.fixedHeaderLength else { throw VenueIndexCorruption(reason: "it is shorter than its header") }
        guard Array(file[0..<8]) == VenueIndexFormat.magic else { throw VenueIndexCorruption(reason: "it is not a places index") }
        r.offset = 8
        guard try r.u32() == VenueIndexFormat.version else { throw VenueIndexCorruption(reason: "it was written by another version of places") }
        _ = try r.u32()
        let headerLength = try r.u64()
        totalLength = try r.u64()
        let size = try r.u64()
        let modified = FileTime(seconds: Int64(bitPattern: try r.u64()), nanoseconds: Int64(bitPattern: try r.u64()))
        let changed = FileTime(seconds: Int64(bitPattern: try r.u64()), nanoseconds: Int64(bitPattern: try r.u64()))
        let inode = try r.u64()
        let device = try r.u64()
        let sampledHash = try r.u64()
        let flags = try r.u64()
        let contentHash = try r.u64()
        venueCount = try r.u64()
        cellCount = try r.u64()
        cellDegrees = Double(bitPattern: try r.u64())
        entriesOffset = try r.u64()
        cellsOffset = try r.u64()
        cellsChecksum = try r.u64()
        let pathLength = try r.u64()
        let checksumOffset = r.offset
        let checksum = try r.u64()
        guard pathLength < 1 << 20, let path = try? r.bytes(Int(pathLength)) else { throw VenueIndexCorruption(reason: "its header is damaged") }
        var checked = Array(file[0..<checksumOffset])
        checked.append(contentsOf: path)
        guard checked.withUnsafeBytes({ ByteHash.of($0) }) == checksum else { throw VenueIndexCorruption(reason: "its header checksum does not match") }
        key = SourceKey(path: String(decoding: path, as: UTF8.self),
                        status: FileStatus(device: device, inode: inode, size: size, modified: modified, changed: changed),
                        sampledHash: sampledHash)
        self.contentHash = flags == 1 ? contentHash : nil
        guard totalLength == UInt64(file.count) else { throw VenueIndexCorruption(reason: "it is \(file.count) bytes long but should be \(totalLength)") }
        let entriesEnd = entriesOffset.addingReportingOverflow(venueCount.multipliedReportingOverflow(by: UInt64(VenueIndexFormat.entryLength)).partialValue)
        let cellsEnd = cellsOffset.addingReportingOverflow(cellCount.multipliedReportingOverflow(by: UInt64(VenueIndexFormat.cellLength)).partialValue)
        guard headerLength == UInt64(Self.length(forPath: key.path)), entriesOffset == headerLength,
              !entriesEnd.overflow, entriesEnd.partialValue == cellsOffset,
              !cellsEnd.overflow, cellsEnd.partialValue == totalLength, venueCount < 1 << 40, cellCount <= venueCount,
              (venueCount == 0) == (cellCount == 0), venueCount <= size / VenueIndexFormat.minimumElementBytes,
              entriesOffset % 8 == 0, cellsOffset % 8 == 0, flags <= 1 else {
            throw VenueIndexCorruption(reason: "its section table is inconsistent")
        }
        // The grid is this version's: a query reads cells by this size.
        guard cellDegrees == VenueIndexFormat.cellDegrees else {
            throw VenueIndexCorruption(reason: "its grid is \(cellDegrees)° where places uses \(VenueIndexFormat.cellDegrees)°")
        }
        let cells = UnsafeRawBufferPointer(rebasing: file[Int(cellsOffset)..<Int(totalLength)])
        guard ByteHash.of(cells) == cellsChecksum else { throw VenueIndexCorruption(reason: "its cell table checksum does not match") }
    }

    init(key: SourceKey, contentHash: UInt64?, venueCount: UInt64, cellCount: UInt64, cellDegrees: Double,
         entriesOffset: UInt64, cellsOffset: UInt64, cellsChecksum: UInt64, totalLength: UInt64) {
        self.key = key
        self.contentHash = contentHash
        self.venueCount = venueCount
        self.cellCount = cellCount
        self.cellDegrees = cellDegrees
        self.entriesOffset = entriesOffset
        self.cellsOffset = cellsOffset
        self.cellsChecksum = cellsChecksum
        self.totalLength = totalLength
    }
}
