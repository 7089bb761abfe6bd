import Foundation
import PlacesSupport

/// The addresses of an extract, kept beside its spatial index (`<index>.addresses`) so that
/// a reverse lookup reads the few cells around a point, not the whole file: written by the
/// first lookup of a file, rebuilt when the file changes (its key differs) or when it is
/// found damaged, never trusted before what is read checks out.
///
/// Layout (little-endian): magic "PLCSADR\x1A", version, the record, cell and strings
/// counts, a checksum of the cell table, the source's key (size, times, inode, device,
/// sampled hash), the path's length, a checksum of all that and the path, then the path
/// padded to 8 bytes; then the cell table, 24 bytes a cell that has addresses, by cell
/// number (`VenueIndexFormat.cellDegrees`): the number, its first record, and a checksum of
/// its records and their strings; then 40 bytes a record sorted by cell: cell number,
/// latitude, longitude (Float64), `type << 62 | id`, where its strings lie (UInt32 offset and
/// length); then the strings: for street, house number, postcode, city, `addr:full` and the
/// country code, a varint of the length plus one (0: absent) and the bytes.
///
/// As the words beside an index are (`NameWordFormat`), it is checked in two steps: the
/// header and the cell table when the file is opened, a cell's records and strings against
/// their checksum before any of them is used. So every byte a lookup reads is checked, and
/// a lookup reads a few cells, not the whole file.
enum OSMAddressFileFormat {
    /// Version 2: each record's strings end with its country code.
    /// 3: the cell table, and a checksum for each cell's records and strings.
    /// 4: only elements with a street (`addr:street` or `addr:place`) are addresses.
    static let signature = CacheFileSignature(magic: "PLCSADR\u{1A}", version: 4)
    static let recordLength = 40
    static let cellLength = 24
    static let grid = GeoGrid(degrees: VenueIndexFormat.cellDegrees)

    static func path(forIndex indexPath: String) -> String { indexPath + ".addresses" }

    /// The whole file for `records` of the source `key`.
    static func encode(_ records: [OSMAddressRecord], key: SourceKey) -> [UInt8] {
        let sorted = records.map { (grid.cell(latitude: $0.latitude, longitude: $0.longitude), $0) }
            .sorted { ($0.0, $0.1.kind.rawValue, $0.1.id) < ($1.0, $1.1.kind.rawValue, $1.1.id) }
        var strings = ByteWriter()
        var table = ByteWriter()
        for (cell, record) in sorted {
            let start = strings.bytes.count
            for part in [record.street, record.housenumber, record.postcode, record.city, record.full, record.country] {
                if let part {
                    strings.appendVarint(part.utf8.count + 1)
                    strings.append(Array(part.utf8))
                } else {
                    strings.appendVarint(0)
                }
            }
            table.append(cell)
            table.append(record.latitude.bitPattern)
            table.append(record.longitude.bitPattern)
            table.append(UInt64(record.kind.rawValue) << 62 | UInt64(record.id))
            table.append(UInt32(start))
            table.append(UInt32(strings.bytes.count - start))
        }
        var cells = ByteWriter()
        var first = 0
        while first < sorted.count {
            var end = first + 1
            while end < sorted.count, sorted[end].0 == sorted[first].0 { end += 1 }
            cells.append(sorted[first].0)
            cells.append(UInt64(first))
            cells.append(checksum(of: first..<end, table: table.bytes, strings: strings.bytes))
            first = end
        }
        let tableChecksum = cells.bytes.withUnsafeBytes { ByteHash.of($0) }
        var file = headerBytes(
            count: UInt64(sorted.count), cellCount: UInt64(cells.bytes.count / cellLength),
            stringsLength: UInt64(strings.bytes.count), cellsChecksum: tableChecksum, key: key)
        file.append(contentsOf: cells.bytes)
        file.append(contentsOf: table.bytes)
        file.append(contentsOf: strings.bytes)
        return file
    }

    /// The checksum of records `range` (their rows in `table`) and of the strings each names
    /// in `strings`; nil when a row names strings outside them.
    static func checksum(of range: Range<Int>, table: UnsafeRawBufferPointer, strings: UnsafeRawBufferPointer) -> UInt64? {
        var hash = ByteHash()
        let rows = UnsafeRawBufferPointer(rebasing: table[(range.lowerBound * recordLength)..<(range.upperBound * recordLength)])
        hash.combine(rows)
        for record in range {
            let span = UInt64(littleEndian: table.loadUnaligned(fromByteOffset: record * recordLength + 32, as: UInt64.self))
            let offset = Int(span & 0xFFFF_FFFF), length = Int(span >> 32)
            guard offset <= strings.count, length <= strings.count - offset else { return nil }
            hash.combine(UnsafeRawBufferPointer(rebasing: strings[offset..<(offset + length)]))
        }
        return hash.value
    }

    private static func checksum(of range: Range<Int>, table: [UInt8], strings: [UInt8]) -> UInt64 {
        table.withUnsafeBytes { t in strings.withUnsafeBytes { s in checksum(of: range, table: t, strings: s) ?? 0 } }
    }

    static func headerBytes(count: UInt64, cellCount: UInt64, stringsLength: UInt64, cellsChecksum: UInt64, key: SourceKey) -> [UInt8] {
        var w = ByteWriter()
        signature.write(to: &w)
        w.append(count)
        w.append(cellCount)
        w.append(stringsLength)
        w.append(cellsChecksum)
        key.appendStamp(to: &w)
        while w.bytes.count % 8 != 0 { w.append(UInt8(0)) }
        return w.bytes
    }
}

/// An addresses file opened for reading: the header checked against the source's key, the
/// cell table against its checksum, each cell's records and strings against theirs before
/// they are read. Nil: no file, or one of another version or another source (it is written
/// again); damage found is a `VenueIndexCorruption`, and the caller writes it again too.
final class OSMAddressFile: @unchecked Sendable {
    private let mapping: MappedBytes
    private let bytes: UnsafeRawBufferPointer
    let count: Int
    /// The cells that have addresses, checked: their numbers rise, and their records with them.
    let cellCount: Int
    private let cellsOffset: Int
    private let tableOffset: Int
    private let stringsOffset: Int
    private let stringsLength: Int
    /// The cells whose records and strings have matched their checksum, a bit each: the
    /// file is written once and renamed into place, so a cell that checked out reads the
    /// same for as long as it is mapped, and a stream of lookups checks each cell once.
    private var checkedCells: [UInt64] = []
    private let checkedLock = NSLock()

    init?(path: String, key: SourceKey) throws(VenueIndexCorruption) {
        do {
            mapping = try ReadOnlyFile(path: path).map()
        } catch {
            if case .missing = error { return nil }
            throw VenueIndexCorruption(reason: "it cannot be read")
        }
        bytes = mapping.bytes
        switch OSMAddressFileFormat.signature.read(bytes) {
        case .current: break
        case .otherVersion: return nil
        case .foreign: throw VenueIndexCorruption(reason: "it is not an addresses file")
        }
        var r = ByteReader(bytes, offset: CacheFileSignature.length)
        let count = try r.u64(), cellCount = try r.u64(), stringsLength = try r.u64(), cellsChecksum = try r.u64()
        // Another source's file (or a header damaged anywhere the stamp's checksum covers).
        guard key.checkStamp(in: bytes, &r) != nil else { return nil }
        cellsOffset = (r.offset + 7) / 8 * 8
        guard count < 1 << 40, cellCount <= count, stringsLength < 1 << 32,
            UInt64(cellsOffset) + cellCount * UInt64(OSMAddressFileFormat.cellLength) + count * UInt64(OSMAddressFileFormat.recordLength)
                + stringsLength == UInt64(bytes.count)
        else {
            throw VenueIndexCorruption(reason: "it is \(bytes.count) bytes long, not what its header says")
        }
        self.count = Int(count)
        self.cellCount = Int(cellCount)
        tableOffset = cellsOffset + self.cellCount * OSMAddressFileFormat.cellLength
        stringsOffset = tableOffset + self.count * OSMAddressFileFormat.recordLength
        self.stringsLength = Int(stringsLength)
        guard ByteHash.of(UnsafeRawBufferPointer(rebasing: bytes[cellsOffset..<tableOffset])) == cellsChecksum else {
            throw VenueIndexCorruption(reason: "its cell table does not match its checksum")
        }
        for cell in 0..<self.cellCount {
            guard firstRecord(ofCell: cell) < firstRecord(ofCell: cell + 1), cell == 0 || number(ofCell: cell - 1) < number(ofCell: cell)
            else {
                throw VenueIndexCorruption(reason: "its cell table is out of order (cell \(cell))")
            }
        }
        guard self.cellCount > 0 || self.count == 0, self.cellCount == 0 || firstRecord(ofCell: 0) == 0 else {
            throw VenueIndexCorruption(reason: "its cell table does not cover its records")
        }
        checkedCells = Array(repeating: 0, count: (self.cellCount + 63) / 64)
    }

    @inline(__always) private func cellWord(_ cell: Int, _ at: Int) -> UInt64 {
        UInt64(
            littleEndian: bytes.loadUnaligned(fromByteOffset: cellsOffset + cell * OSMAddressFileFormat.cellLength + at, as: UInt64.self))
    }

    /// The number of cell `cell` of the table.
    func number(ofCell cell: Int) -> UInt64 { cellWord(cell, 0) }

    /// The first record of cell `cell` (`count` past the last).
    private func firstRecord(ofCell cell: Int) -> Int {
        cell < cellCount ? Int(truncatingIfNeeded: min(cellWord(cell, 8), UInt64(count))) : count
    }

    /// The first cell of the table whose number is `number` or after.
    func firstCell(atLeast number: UInt64) -> Int {
        var low = 0, high = cellCount
        while low < high {
            let mid = (low + high) / 2
            if self.number(ofCell: mid) < number { low = mid + 1 } else { high = mid }
        }
        return low
    }

    @inline(__always) private func word(_ record: Int, _ at: Int) -> UInt64 {
        UInt64(
            littleEndian: bytes.loadUnaligned(
                fromByteOffset: tableOffset + record * OSMAddressFileFormat.recordLength + at, as: UInt64.self))
    }

    /// Checks cell `cell`'s records and the strings they name against the cell's checksum.
    func check(cell: Int) throws(VenueIndexCorruption) {
        let bit: UInt64 = 1 << UInt64(cell % 64)
        if checkedLock.withLock({ checkedCells[cell / 64] & bit != 0 }) { return }
        let range = firstRecord(ofCell: cell)..<firstRecord(ofCell: cell + 1)
        let table = UnsafeRawBufferPointer(rebasing: bytes[tableOffset..<stringsOffset])
        let strings = UnsafeRawBufferPointer(rebasing: bytes[stringsOffset..<(stringsOffset + stringsLength)])
        guard OSMAddressFileFormat.checksum(of: range, table: table, strings: strings) == cellWord(cell, 16) else {
            throw VenueIndexCorruption(reason: "the addresses of a cell do not match their checksum")
        }
        // Each position in range and in its cell, once with the sum (not at every read).
        for index in range {
            let lat = Double(bitPattern: word(index, 8)), lon = Double(bitPattern: word(index, 16))
            let kindID = word(index, 24)
            guard word(index, 0) == number(ofCell: cell), lat.isFinite, abs(lat) <= 90, lon.isFinite, abs(lon) <= 180,
                let kind = ScannedElement.Kind(rawValue: UInt8(kindID >> 62)), kind != .other,
                OSMAddressFileFormat.grid.cell(latitude: lat, longitude: lon) == number(ofCell: cell)
            else {
                throw VenueIndexCorruption(reason: "an address is not a record of its cell")
            }
        }
        checkedLock.withLock { checkedCells[cell / 64] |= bit }
    }

    /// Where the records of cell `cell` lie, and what orders a tie (kind, id), without their
    /// strings: what a nearest search compares, reading the strings of the one it keeps
    /// (`record(at:)`). Checked as `records(ofCell:)` checks them.
    func positions(ofCell cell: Int) throws(VenueIndexCorruption) -> [OSMAddressPosition] {
        try check(cell: cell)
        let range = firstRecord(ofCell: cell)..<firstRecord(ofCell: cell + 1)
        var positions: [OSMAddressPosition] = []
        positions.reserveCapacity(range.count)
        for index in range {
            let lat = Double(bitPattern: word(index, 8)), lon = Double(bitPattern: word(index, 16))
            let kindID = word(index, 24)
            guard let kind = ScannedElement.Kind(rawValue: UInt8(kindID >> 62)) else {
                throw VenueIndexCorruption(reason: "an address is not a record of its cell")
            }
            positions.append(
                OSMAddressPosition(index: index, latitude: lat, longitude: lon, kind: kind, id: Int64(kindID & ((1 << 62) - 1))))
        }
        return positions
    }

    /// Record `index` (of a cell `positions(ofCell:)` checked) whole.
    func record(at index: Int) throws(VenueIndexCorruption) -> OSMAddressRecord {
        guard let record = record(index) else { throw VenueIndexCorruption(reason: "an address is not a record of its cell") }
        return record
    }

    /// The records of cell `cell` of the table, each whole; damage when they, or the strings
    /// they name, do not match the cell's checksum, or do not read as records of that cell.
    func records(ofCell cell: Int) throws(VenueIndexCorruption) -> [OSMAddressRecord] {
        try check(cell: cell)
        let range = firstRecord(ofCell: cell)..<firstRecord(ofCell: cell + 1)
        var records: [OSMAddressRecord] = []
        records.reserveCapacity(range.count)
        for index in range {
            guard word(index, 0) == number(ofCell: cell), let record = record(index),
                OSMAddressFileFormat.grid.cell(latitude: record.latitude, longitude: record.longitude) == number(ofCell: cell)
            else {
                throw VenueIndexCorruption(reason: "an address is not a record of its cell")
            }
            records.append(record)
        }
        return records
    }

    /// Record `i` whole; nil when any part of it does not read as a record.
    private func record(_ i: Int) -> OSMAddressRecord? {
        let lat = Double(bitPattern: word(i, 8)), lon = Double(bitPattern: word(i, 16))
        guard lat.isFinite, abs(lat) <= 90, lon.isFinite, abs(lon) <= 180 else { return nil }
        let kindID = word(i, 24)
        let span = word(i, 32)
        let offset = Int(span & 0xFFFF_FFFF), length = Int(span >> 32)
        guard let kind = ScannedElement.Kind(rawValue: UInt8(kindID >> 62)), kind != .other,
            offset <= stringsLength, length <= stringsLength - offset
        else { return nil }
        var r = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[(stringsOffset + offset)..<(stringsOffset + offset + length)]))
        var parts: [String?] = []
        for _ in 0..<6 {
            guard let n = try? r.varint() else { return nil }
            if n == 0 {
                parts.append(nil)
            } else {
                guard let text = try? r.bytes(n - 1) else { return nil }
                parts.append(String(decoding: text, as: UTF8.self))
            }
        }
        return OSMAddressRecord(
            kind: kind, id: Int64(kindID & ((1 << 62) - 1)), latitude: lat, longitude: lon,
            street: parts[0], housenumber: parts[1], postcode: parts[2], city: parts[3], full: parts[4],
            country: parts[5].flatMap(OSMAddressRecord.countryCode))
    }
}

/// Where one record of an addresses file lies, with what orders a tie: a nearest search
/// reads these, then the strings of the record it keeps.
struct OSMAddressPosition {
    let index: Int
    let latitude: Double
    let longitude: Double
    let kind: ScannedElement.Kind
    let id: Int64
}
