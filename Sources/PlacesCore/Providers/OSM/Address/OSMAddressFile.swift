import Foundation

/// The addresses of an extract, kept beside its spatial index (`<index>.addresses`) so that
/// a reverse lookup reads the few cells around a point, not the whole file: written by the
/// first lookup of a file, rebuilt when the file changes (its key differs), never trusted
/// before its header checks out.
///
/// Layout (little-endian): magic "PLCSADR\x1A", version, the record count, the records'
/// and strings' lengths, the source's key (size, times, inode, device, sampled hash), the
/// path's length, a checksum of all that and the path, then the path padded to 8 bytes;
/// then 40 bytes a record sorted by grid cell (`VenueIndexFormat.cellDegrees`): cell
/// number, latitude, longitude (Float64), `type << 62 | id`, where its strings lie (UInt32
/// offset and length); then the strings: for street, house number, postcode, city,
/// `addr:full` and the country code, a varint of the length plus one (0: absent) and the bytes.
enum OSMAddressFileFormat {
    /// Version 2: each record's strings end with its country code.
    static let signature = CacheFileSignature(magic: "PLCSADR\u{1A}", version: 2)
    static let recordLength = 40
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
        var header = headerBytes(count: UInt64(sorted.count), tableLength: UInt64(table.bytes.count),
                                 stringsLength: UInt64(strings.bytes.count), key: key)
        header.append(contentsOf: table.bytes)
        header.append(contentsOf: strings.bytes)
        return header
    }

    static func headerBytes(count: UInt64, tableLength: UInt64, stringsLength: UInt64, key: SourceKey) -> [UInt8] {
        var w = ByteWriter()
        signature.write(to: &w)
        w.append(count)
        w.append(tableLength)
        w.append(stringsLength)
        key.appendStamp(to: &w)
        while w.bytes.count % 8 != 0 { w.append(UInt8(0)) }
        return w.bytes
    }
}

/// An addresses file opened for reading: the header checked against the source's key, each
/// record range-checked as it is read. Any doubt (another version, another source, damage)
/// is nil, and the caller builds the file again.
final class OSMAddressFile: @unchecked Sendable {
    private let mapping: MappedBytes
    private let bytes: UnsafeRawBufferPointer
    let count: Int
    private let tableOffset: Int
    private let stringsOffset: Int
    private let stringsLength: Int

    init?(path: String, key: SourceKey) {
        guard let mapping = try? ReadOnlyFile(path: path).map() else { return nil }
        guard let layout = Self.layout(mapping.bytes, key: key) else { return nil }
        self.mapping = mapping
        bytes = mapping.bytes
        (count, tableOffset, stringsOffset, stringsLength) = layout
    }

    private static func layout(_ file: UnsafeRawBufferPointer, key: SourceKey) -> (Int, Int, Int, Int)? {
        var r = ByteReader(file)
        guard OSMAddressFileFormat.signature.read(file) == .current else { return nil }
        r.offset = CacheFileSignature.length
        guard let count = try? r.u64(), let tableLength = try? r.u64(), let stringsLength = try? r.u64() else { return nil }
        guard key.checkStamp(in: file, &r) != nil else { return nil }
        let tableOffset = (r.offset + 7) / 8 * 8
        let expectedTable = count.multipliedReportingOverflow(by: UInt64(OSMAddressFileFormat.recordLength))
        guard !expectedTable.overflow, expectedTable.partialValue == tableLength, tableLength < 1 << 48, stringsLength < 1 << 32,
              UInt64(tableOffset) + tableLength + stringsLength == UInt64(file.count) else { return nil }
        return (Int(count), tableOffset, tableOffset + Int(tableLength), Int(stringsLength))
    }

    @inline(__always) private func word(_ record: Int, _ at: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: tableOffset + record * OSMAddressFileFormat.recordLength + at, as: UInt64.self))
    }

    func cell(_ record: Int) -> UInt64 { word(record, 0) }

    /// The position of record `i`; nil when it is out of range (damage).
    func position(_ record: Int) -> Coordinate? {
        let lat = Double(bitPattern: word(record, 8)), lon = Double(bitPattern: word(record, 16))
        guard lat.isFinite, abs(lat) <= 90, lon.isFinite, abs(lon) <= 180 else { return nil }
        return Coordinate(uncheckedLatitude: lat, longitude: lon)
    }

    /// Record `i` whole; nil when any part of it is damaged.
    func record(_ i: Int) -> OSMAddressRecord? {
        guard let position = position(i) else { return nil }
        let kindID = word(i, 24)
        let span = word(i, 32)
        let offset = Int(span & 0xFFFF_FFFF), length = Int(span >> 32)
        guard let kind = ScannedElement.Kind(rawValue: UInt8(kindID >> 62)), kind != .other,
              offset <= stringsLength, length <= stringsLength - offset else { return nil }
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
        return OSMAddressRecord(kind: kind, id: Int64(kindID & ((1 << 62) - 1)), latitude: position.latitude, longitude: position.longitude,
                                street: parts[0], housenumber: parts[1], postcode: parts[2], city: parts[3], full: parts[4],
                                country: parts[5].flatMap(OSMAddressRecord.countryCode))
    }

    /// The first record whose cell is `cell` or after.
    func firstRecord(atLeast cell: UInt64) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self.cell(mid) < cell { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
