import PlacesSupport

/// The layout of a spatial index file (all integers little-endian):
///
/// ```
/// header   magic "PLCSIDX\x1A", version, section offsets, the source's key (status and
///          sampled hash), the whole-content hash of a source indexed while "racy", the
///          extract's facts (the box of its places, the counts of named elements it could
///          not place and of those it dropped), the source path, and a checksum of all of it
/// entries  48 bytes per place, grouped by grid cell, file order within a cell:
///          latitude, longitude (Float64); category mask (bits 0–47), flags (56–61) and
///          element type (62–63); element id; offset of the element's `{` in the source;
///          offset and length of its folded text in the text section (UInt32 each)
/// texts    each place's folded text (`OSMSearchText`), in entry order, padded to 8 bytes;
///          only in an index written for a text search (a flag in the header says)
/// cells    24 bytes per non-empty cell, by cell number: cell number, first entry,
///          checksum of the cell's entries and of their texts (the table's own checksum
///          is in the header)
/// ```
///
/// The index holds no tag text but the folded search text: a query reads the cells its
/// circle reaches (nearest first) or every text (a search without a location), and scans
/// just the elements it keeps, straight from the source file (whose key the header holds).
/// So the venue is made by the same code as without an index, and a source changed behind
/// the key's back shows up as an element that does not match its entry.
///
/// Nothing read from an index is trusted as data: the header's numbers must describe this
/// very file and grid, the cell table must be in order and add up to the entries, and each
/// entry must lie in its cell, in range, and inside the source, its text inside the text
/// section. Anything else is damage. An index of another version is not damage: it is
/// rebuilt without a word.
enum VenueIndexFormat {
    /// Version 2: the key holds ctime and device, and a racy source's content hash.
    /// 3: folded search texts, flags in the entries, the extract's box and unplaced count.
    /// 4: the count of dropped elements.
    static let signature = CacheFileSignature(magic: "PLCSIDX\u{1A}", version: 4)
    static let fixedHeaderLength = 240
    static let entryLength = 48
    static let cellLength = 24
    /// 0.01° is about 1.1 km north–south: a 1 km query reads a handful of cells.
    static let cellDegrees = 0.01
    /// The fewest bytes an element that makes a venue takes in the source (a node with a
    /// one-letter name takes 56): more entries than the source can hold is damage.
    static let minimumElementBytes: UInt64 = 8
    /// Entry mask bits: the categories (all set: unknown), then the flags and the type.
    static let categoryBits: UInt64 = (1 << 48) - 1
    /// The element has no position of its own; the entry's is worked out from its members.
    static let derivedFlag: UInt64 = 1 << 56
    /// The element has an `opening_hours` tag.
    static let openingHoursFlag: UInt64 = 1 << 57
    static let flagBits: UInt64 = derivedFlag | openingHoursFlag
    static let kindShift: UInt64 = 62
}

/// A damaged or unreadable index file: the query falls back to the source file.
struct VenueIndexCorruption: Error, Equatable {
    var reason: String

    init(reason: String) {
        self.reason = reason
    }

    /// Written by another version of places: not damage, just rebuilt.
    static let otherVersion = VenueIndexCorruption(reason: "it was written by another version of places")
}

/// What an index records about its extract as a whole.
struct ExtractFacts: Equatable, Sendable {
    /// The box of every place's position (plain minimum and maximum); nil when there is none.
    var box: PositionBox?
    /// Named elements of a known type that have no position, even from their members.
    var unplacedCount: Int = 0
    /// Named elements of a known type dropped for a fault of their own: an id below 1, or a
    /// position off the globe (`ScannedElement.isDroppedPlace`).
    var droppedCount: Int = 0
    /// Whether the places' ids rise through the file, type by type (as Overpass sorts them):
    /// then no element is listed twice, and a count of places is a count of elements.
    var idsIncrease = true
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
    var textOffset: UInt64
    var textLength: UInt64
    /// Whether the index holds each place's folded text (written by the first query that
    /// searched text: a `nearby` index goes without, and a search rebuilds it with them).
    var hasTexts: Bool
    var facts: ExtractFacts
    var totalLength: UInt64
}

extension VenueIndexHeader {
    /// Header length for a source path: the fixed part plus the path, padded to 8 bytes.
    static func length(forPath path: String) -> Int {
        (VenueIndexFormat.fixedHeaderLength + path.utf8.count + 7) / 8 * 8
    }

    func encoded() -> [UInt8] {
        var w = ByteWriter()
        VenueIndexFormat.signature.write(to: &w)
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
        w.append(UInt64(contentHash == nil ? 0 : 1) | (facts.idsIncrease ? 2 : 0) | (hasTexts ? 4 : 0))
        w.append(contentHash ?? 0)
        w.append(venueCount)
        w.append(cellCount)
        w.append(cellDegrees.bitPattern)
        w.append(entriesOffset)
        w.append(cellsOffset)
        w.append(cellsChecksum)
        w.append(textOffset)
        w.append(textLength)
        let box = facts.box ?? PositionBox()
        for value in [box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude] {
            w.append((facts.box == nil ? Double.nan : value).bitPattern)
        }
        w.append(UInt64(facts.unplacedCount))
        w.append(UInt64(facts.droppedCount))
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
        switch VenueIndexFormat.signature.read(file) {
        case .current: r.offset = CacheFileSignature.length
        case .otherVersion: throw VenueIndexCorruption.otherVersion
        case .foreign: throw VenueIndexCorruption(reason: "it is not a places index")
        }
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
        textOffset = try r.u64()
        textLength = try r.u64()
        let box = [try r.f64(), try r.f64(), try r.f64(), try r.f64()]
        let unplaced = try r.u64()
        let dropped = try r.u64()
        let pathLength = try r.u64()
        let checksumOffset = r.offset
        let checksum = try r.u64()
        guard pathLength < 1 << 20, let path = try? r.bytes(Int(pathLength)) else {
            throw VenueIndexCorruption(reason: "its header is damaged")
        }
        var checked = Array(file[0..<checksumOffset])
        checked.append(contentsOf: path)
        guard checked.withUnsafeBytes({ ByteHash.of($0) }) == checksum else {
            throw VenueIndexCorruption(reason: "its header checksum does not match")
        }
        key = SourceKey(
            path: String(decoding: path, as: UTF8.self),
            status: FileStatus(device: device, inode: inode, size: size, modified: modified, changed: changed),
            sampledHash: sampledHash)
        self.contentHash = flags & 1 == 1 ? contentHash : nil
        hasTexts = flags & 4 != 0
        guard checksumOffset + 8 == VenueIndexFormat.fixedHeaderLength, unplaced < 1 << 40, dropped < 1 << 40 else {
            throw VenueIndexCorruption(reason: "its header is damaged")
        }
        if box.allSatisfy(\.isNaN) {
            facts = ExtractFacts(box: nil, unplacedCount: Int(unplaced), droppedCount: Int(dropped), idsIncrease: flags & 2 != 0)
        } else {
            guard box.allSatisfy({ $0.isFinite }), abs(box[0]) <= 90, abs(box[1]) <= 90, box[0] <= box[1],
                abs(box[2]) <= 180, abs(box[3]) <= 180, box[2] <= box[3]
            else {
                throw VenueIndexCorruption(reason: "its header is damaged")
            }
            var extent = PositionBox()
            extent.add(latitude: box[0], longitude: box[2])
            extent.add(latitude: box[1], longitude: box[3])
            facts = ExtractFacts(box: extent, unplacedCount: Int(unplaced), droppedCount: Int(dropped), idsIncrease: flags & 2 != 0)
        }
        guard totalLength == UInt64(file.count) else {
            throw VenueIndexCorruption(reason: "it is \(file.count) bytes long but should be \(totalLength)")
        }
        let entriesEnd = entriesOffset.addingReportingOverflow(
            venueCount.multipliedReportingOverflow(by: UInt64(VenueIndexFormat.entryLength)).partialValue)
        let textEnd = textOffset.addingReportingOverflow(textLength)
        let cellsEnd = cellsOffset.addingReportingOverflow(
            cellCount.multipliedReportingOverflow(by: UInt64(VenueIndexFormat.cellLength)).partialValue)
        guard headerLength == UInt64(Self.length(forPath: key.path)), entriesOffset == headerLength,
            !entriesEnd.overflow, entriesEnd.partialValue == textOffset, !textEnd.overflow,
            textEnd.partialValue <= cellsOffset, cellsOffset - textEnd.partialValue < 8, textLength < 1 << 32,
            !cellsEnd.overflow, cellsEnd.partialValue == totalLength, venueCount < 1 << 40, cellCount <= venueCount,
            (venueCount == 0) == (cellCount == 0), venueCount <= size / VenueIndexFormat.minimumElementBytes,
            entriesOffset % 8 == 0, cellsOffset % 8 == 0, flags <= 7, hasTexts || textLength == 0
        else {
            throw VenueIndexCorruption(reason: "its section table is inconsistent")
        }
        // The grid is this version's: a query reads cells by this size.
        guard cellDegrees == VenueIndexFormat.cellDegrees else {
            throw VenueIndexCorruption(reason: "its grid is \(cellDegrees)° where places uses \(VenueIndexFormat.cellDegrees)°")
        }
        let cells = UnsafeRawBufferPointer(rebasing: file[Int(cellsOffset)..<Int(totalLength)])
        guard ByteHash.of(cells) == cellsChecksum else { throw VenueIndexCorruption(reason: "its cell table checksum does not match") }
    }
}
