import Foundation

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import PlacesSupport

/// A spatial index file opened up for tests: its bytes, its header, its entries' and cells'
/// words, and its checksums recomputed after an edit, as a crafted file (not random damage)
/// would have them, so that only the deeper checks can tell.
struct IndexSurgery {
    var bytes: [UInt8]
    var header: VenueIndexHeader

    init(bytes: [UInt8]) throws {
        self.bytes = bytes
        header = try bytes.withUnsafeBytes { try VenueIndexHeader(decoding: $0) }
    }

    init(path: String) throws {
        try self.init(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    func write(to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func word(at offset: Int) -> UInt64 {
        bytes[offset..<(offset + 8)].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    mutating func setWord(at offset: Int, _ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<(offset + 8), with: $0) }
    }

    /// Where word `field` (0 latitude, 1 longitude, 2 mask and kind, 3 id, 4 source offset,
    /// 5 text offset and length) of entry `index` lies.
    func entryWord(_ index: Int, _ field: Int) -> Int {
        Int(header.entriesOffset) + index * VenueIndexFormat.entryLength + 8 * field
    }

    /// Where word `field` (0 number, 1 first entry, 2 checksum) of cell `index` lies.
    func cellWord(_ index: Int, _ field: Int) -> Int {
        Int(header.cellsOffset) + index * VenueIndexFormat.cellLength + 8 * field
    }

    /// Recomputes every cell's checksum, the cell table's, and the header (from `header`),
    /// as far as the numbers in `header` still fit the bytes.
    mutating func rechecksum() {
        let cellsInFile = max(0, (bytes.count - Int(header.cellsOffset)) / VenueIndexFormat.cellLength)
        let entriesInFile = UInt64(max(0, (Int(header.textOffset) - Int(header.entriesOffset)) / VenueIndexFormat.entryLength))
        let cells = min(Int(clamping: header.cellCount), cellsInFile)
        for cell in 0..<cells {
            let first = word(at: cellWord(cell, 1))
            let next = cell + 1 < cells ? word(at: cellWord(cell + 1, 1)) : header.venueCount
            let start = Int(header.entriesOffset) + Int(min(first, entriesInFile)) * VenueIndexFormat.entryLength
            let end = max(start, Int(header.entriesOffset) + Int(min(next, entriesInFile)) * VenueIndexFormat.entryLength)
            let textBase = Int(header.textOffset)
            let checksum = bytes[start..<end].withUnsafeBytes { entries in
                bytes.withUnsafeBytes { file in
                    VenueIndexBuilder.cellChecksum(cell: word(at: cellWord(cell, 0)), first: first, entries: entries) { entry in
                        let from = min(textBase + Int(entry.textOffset), file.count)
                        return UnsafeRawBufferPointer(rebasing: file[from..<min(from + Int(entry.textLength), file.count)])
                    }
                }
            }
            setWord(at: cellWord(cell, 2), checksum)
        }
        header.cellsChecksum = bytes[min(Int(header.cellsOffset), bytes.count)...].withUnsafeBytes { ByteHash.of($0) }
        bytes.replaceSubrange(0..<VenueIndexHeader.length(forPath: header.key.path), with: header.encoded())
    }
}
