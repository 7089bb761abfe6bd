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
/// sorts them by cell and writes the file: to a temporary file next to the destination,
/// renamed into place at the end (so a reader sees the old index or the whole new one,
/// never half of one).
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
    /// Entries written at a time.
    private static let chunkEntries = 16_384

    private let destination: String
    private let temporary: String
    private let key: SourceKey
    private let grid = GeoGrid(degrees: VenueIndexFormat.cellDegrees)
    private var descriptor: Int32
    private var entries: [Entry] = []

    /// Opens the temporary file, so that an unwritable cache shows before the scan.
    /// `capacity` is room for this many entries, reserved (not touched) up front so the
    /// array never copies itself while it grows.
    init(destination: String, key: SourceKey, capacity: Int = 4096) throws(VenueIndexCorruption) {
        self.destination = destination
        self.key = key
        let slash = destination.lastIndex(of: "/") ?? destination.startIndex
        let name = destination[slash...].dropFirst()
        temporary = "\(destination[..<slash])/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw VenueIndexCorruption(reason: ReadOnlyFile.describe(errno)) }
        entries.reserveCapacity(capacity)
    }

    deinit {
        discard()
    }

    /// Adds an element that makes a venue (`ScannedElement.makesVenue`), with its `OSMCategoryMask`.
    @inline(__always)
    func add(_ element: borrowing ScannedElement, mask: UInt64) {
        guard let position = element.position else { return }
        let kind = UInt64(element.kind.rawValue) << Self.kindShift
        entries.append(Entry(latitude: position.lat, longitude: position.lon, maskAndKind: mask & ~(3 << Self.kindShift) | kind,
                             id: element.id, sourceOffset: UInt64(element.offset)))
    }

    /// Writes the file and moves it into place; throws (having removed the temporary file)
    /// if anything could not be written.
    func commit() throws(VenueIndexCorruption) {
        guard descriptor >= 0 else { throw VenueIndexCorruption(reason: "the index was discarded") }
        let headerLength = VenueIndexHeader.length(forPath: key.path)
        let order = sortedByCell()
        var failure: String?
        if lseek(descriptor, off_t(headerLength), SEEK_SET) < 0 { failure = ReadOnlyFile.describe(errno) }
        // One pass in cell order: gather a cell's entries into a buffer, checksum them
        // there, write the buffer out now and then. The header, which needs the totals,
        // goes in front at the end.
        var cells = ByteWriter()
        var chunk: [Entry] = []
        chunk.reserveCapacity(Self.chunkEntries * 2)
        var index = 0
        while index < order.count && failure == nil {
            let cell = order[index] >> 32
            let first = index, chunkStart = chunk.count
            while index < order.count && order[index] >> 32 == cell {
                chunk.append(entries[Int(order[index] & 0xFFFF_FFFF)])
                index += 1
            }
            let checksum = chunk.withUnsafeBytes {
                Self.cellChecksum(cell: cell, first: UInt64(first), entries: UnsafeRawBufferPointer(rebasing: $0[(chunkStart * VenueIndexFormat.entryLength)...]))
            }
            cells.append(cell)
            cells.append(UInt64(first))
            cells.append(checksum)
            if chunk.count >= Self.chunkEntries {
                failure = chunk.withUnsafeBytes(writeFully)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if failure == nil { failure = chunk.withUnsafeBytes(writeFully) }
        entries = []
        if failure == nil { failure = cells.bytes.withUnsafeBytes(writeFully) }
        let cellsOffset = headerLength + order.count * VenueIndexFormat.entryLength
        let header = VenueIndexHeader(
            key: key, venueCount: UInt64(order.count), cellCount: UInt64(cells.bytes.count / VenueIndexFormat.cellLength),
            cellDegrees: grid.degrees, entriesOffset: UInt64(headerLength), cellsOffset: UInt64(cellsOffset),
            cellsChecksum: cells.bytes.withUnsafeBytes { ByteHash.of($0) },
            totalLength: UInt64(cellsOffset + cells.bytes.count))
        let encoded = header.encoded()
        if failure == nil, encoded.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress, $0.count, 0) }) != encoded.count {
            failure = ReadOnlyFile.describe(errno)
        }
        if failure == nil, close(descriptor) != 0 { failure = ReadOnlyFile.describe(errno) }
        descriptor = -1
        if failure == nil, rename(temporary, destination) != 0 { failure = ReadOnlyFile.describe(errno) }
        if let failure {
            unlink(temporary)
            throw VenueIndexCorruption(reason: failure)
        }
    }

    /// Stops and removes the temporary file.
    func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary)
        entries = []
    }

    /// The checksum stored for a cell: its number, first entry, and its entries' bytes.
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

    /// Entries ordered by cell, file order within a cell, each as `cell << 32 | entry`: a
    /// stable LSD radix sort, 16 bits a pass (a million entries sort in a few milliseconds).
    private func sortedByCell() -> [UInt64] {
        var items = entries.indices.map { i in
            grid.cell(latitude: entries[i].latitude, longitude: entries[i].longitude) << 32 | UInt64(i)
        }
        var scratch = items
        var shift: UInt64 = 32
        while shift < 32 + UInt64(grid.cellBits) {
            var counts = [Int](repeating: 0, count: 1 << 16 + 1)
            for item in items { counts[Int((item >> shift) & 0xFFFF) + 1] += 1 }
            for i in 1..<counts.count { counts[i] += counts[i - 1] }
            for item in items {
                let digit = Int((item >> shift) & 0xFFFF)
                scratch[counts[digit]] = item
                counts[digit] += 1
            }
            swap(&items, &scratch)
            shift += 16
        }
        return items
    }

    /// Writes all of `bytes`; the error's description if that fails.
    private func writeFully(_ bytes: UnsafeRawBufferPointer) -> String? {
        var done = 0
        while done < bytes.count {
            let n = systemWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return ReadOnlyFile.describe(errno) }
            done += n
        }
        return nil
    }
}

#if canImport(Darwin)
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Darwin.write(fd, p, n) }
#elseif canImport(Musl)
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Musl.write(fd, p, n) }
#else
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Glibc.write(fd, p, n) }
#endif
