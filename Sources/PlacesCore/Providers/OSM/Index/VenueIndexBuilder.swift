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
    /// Entries gathered and written at a time.
    private static let chunkEntries = 32_768

    private let destination: String
    private let temporary: String
    private let key: SourceKey
    private let grid = GeoGrid(degrees: VenueIndexFormat.cellDegrees)
    private var descriptor: Int32
    private let parts: [Part]

    /// The entries of one scanning thread's share of the file, in file order; part 0 comes
    /// first. Each part is touched by one thread only.
    final class Part {
        fileprivate var entries: LargeBuffer<Entry>

        fileprivate init(capacity: Int) {
            entries = LargeBuffer(capacity: capacity)
        }

        /// Adds an element that makes a venue (`ScannedElement.makesVenue`), with its `OSMCategoryMask`.
        @inline(__always)
        func add(_ element: borrowing ScannedElement, mask: UInt64) {
            guard let position = element.position else { return }
            let kind = UInt64(element.kind.rawValue) << VenueIndexBuilder.kindShift
            entries.append(Entry(latitude: position.lat, longitude: position.lon, maskAndKind: mask & ~(3 << VenueIndexBuilder.kindShift) | kind,
                                 id: element.id, sourceOffset: UInt64(element.offset)))
        }

        func removeAll() {
            entries = LargeBuffer(capacity: 0)
        }
    }

    /// Opens the temporary file, so that an unwritable cache shows before the scan.
    /// `capacity` is room for this many entries, reserved (not touched) up front so the
    /// array never copies itself while it grows.
    init(destination: String, key: SourceKey, capacity: Int = 4096) throws(VenueIndexCorruption) {
        self.destination = destination
        self.key = key
        parts = [Part(capacity: capacity), Part(capacity: capacity)]
        let slash = destination.lastIndex(of: "/") ?? destination.startIndex
        let name = destination[slash...].dropFirst()
        temporary = "\(destination[..<slash])/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw VenueIndexCorruption(reason: ReadOnlyFile.describe(errno)) }
    }

    deinit {
        discard()
    }

    /// The entries of thread `index` (0 or 1).
    func part(_ index: Int) -> Part { parts[index] }

    /// Writes the file and moves it into place; throws (having removed the temporary file)
    /// if anything could not be written.
    func commit() throws(VenueIndexCorruption) {
        guard descriptor >= 0 else { throw VenueIndexCorruption(reason: "the index was discarded") }
        let headerLength = VenueIndexHeader.length(forPath: key.path)
        let first = parts[0].entries, second = parts[1].entries
        let firstCount = first.count, total = firstCount + second.count
        let order = sortedByCell()
        var failure: String?
        if lseek(descriptor, off_t(headerLength), SEEK_SET) < 0 { failure = ReadOnlyFile.describe(errno) }
        // In cell order, a chunk at a time: gather the chunk's entries with a loop free of
        // unpredictable branches (so the random reads overlap), then walk it for the cell
        // table and each cell's checksum, then write it.
        var cells = ByteWriter()
        let chunk = LargeBuffer<Entry>(capacity: Self.chunkEntries)
        var cell = UInt64.max, hash = ByteHash()
        func finishCell() {
            guard cell != .max else { return }
            cells.append(hash.finalized)
        }
        var start = 0
        while start < total && failure == nil {
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
            failure = writeFully(UnsafeRawBufferPointer(chunk.buffer))
            start = end
        }
        finishCell()
        for part in parts { part.removeAll() }
        if failure == nil { failure = cells.bytes.withUnsafeBytes(writeFully) }
        let cellsOffset = headerLength + total * VenueIndexFormat.entryLength
        let header = VenueIndexHeader(
            key: key, venueCount: UInt64(total), cellCount: UInt64(cells.bytes.count / VenueIndexFormat.cellLength),
            cellDegrees: grid.degrees, entriesOffset: UInt64(headerLength), cellsOffset: UInt64(cellsOffset),
            cellsChecksum: cells.bytes.withUnsafeBytes { ByteHash.of($0) },
            totalLength: UInt64(cellsOffset + cells.bytes.count))
        let encoded = header.encoded()
        if failure == nil, encoded.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress, $0.count, 0) }) != encoded.count {
            failure = ReadOnlyFile.describe(errno)
        }
        if close(descriptor) != 0, failure == nil { failure = ReadOnlyFile.describe(errno) }
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
        for part in parts { part.removeAll() }
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
    /// (entries numbered across the parts): a stable LSD radix sort, 16 bits a pass.
    private func sortedByCell() -> LargeBuffer<UInt64> {
        let total = parts[0].entries.count + parts[1].entries.count
        var items = LargeBuffer<UInt64>(capacity: total), scratch = LargeBuffer<UInt64>(capacity: total)
        for part in parts {
            for entry in part.entries.buffer {
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
