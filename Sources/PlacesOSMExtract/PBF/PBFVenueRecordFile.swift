import PlacesSupport

/// A records file (`PBFVenueRecords`) opened for an index: checked to be whole and of the
/// index's source before any record is trusted, each record checked against its checksum as
/// it is read. Nil, or a record not found, means the blocks are read instead.
final class PBFVenueRecordFile: @unchecked Sendable {
    private let mapping: MappedBytes
    private let count: Int
    private let tableOffset: Int
    private let blobOffset: Int
    private let blobLength: Int

    /// The records beside the index at `indexPath`, if they are there, whole, and written
    /// for `key`'s source.
    init?(indexPath: String, key: SourceKey) {
        guard let mapping = try? ReadOnlyFile(path: PBFVenueRecords.path(forIndex: indexPath)).map() else { return nil }
        let file = mapping.bytes
        var r = ByteReader(file)
        guard file.count >= PBFVenueRecords.fixedHeaderLength, PBFVenueRecords.signature.read(file) == .current else { return nil }
        r.offset = CacheFileSignature.length
        guard let count = try? r.u64(), let tableOffset = try? r.u64(), let blobOffset = try? r.u64(), let blobLength = try? r.u64() else {
            return nil
        }
        guard let checksumOffset = key.checkStamp(in: file, &r) else { return nil }
        let table = count.multipliedReportingOverflow(by: UInt64(PBFVenueRecords.tableEntryLength))
        let tableEnd = tableOffset.addingReportingOverflow(table.partialValue)
        let blobEnd = blobOffset.addingReportingOverflow(blobLength)
        guard !table.overflow, !tableEnd.overflow, !blobEnd.overflow, tableOffset >= UInt64(checksumOffset + 8),
            tableEnd.partialValue == blobOffset, blobEnd.partialValue == UInt64(file.count)
        else { return nil }
        self.mapping = mapping
        self.count = Int(count)
        self.tableOffset = Int(tableOffset)
        self.blobOffset = Int(blobOffset)
        self.blobLength = Int(blobLength)
        mapping.adviseRandomAccess()
    }

    /// The record of a place, checked; nil when there is none (or it is damaged).
    func record(kind: ScannedElement.Kind, id: Int64) -> UnsafeRawBufferPointer? {
        guard let key = PBFVenueRecords.tableKey(kind: kind, id: id) else { return nil }
        let file = mapping.bytes
        func word(_ index: Int, _ at: Int) -> UInt64 {
            UInt64(
                littleEndian: file.loadUnaligned(
                    fromByteOffset: tableOffset + index * PBFVenueRecords.tableEntryLength + at, as: UInt64.self))
        }
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if word(mid, 0) < key { low = mid + 1 } else { high = mid }
        }
        guard low < count, word(low, 0) == key else { return nil }
        let offset = word(low, 8), lengthAndSum = word(low, 16)
        let length = Int(lengthAndSum & 0xFFFF_FFFF), sum = lengthAndSum >> 32
        guard offset <= UInt64(blobLength), length <= blobLength - Int(offset) else { return nil }
        let record = UnsafeRawBufferPointer(rebasing: file[(blobOffset + Int(offset))..<(blobOffset + Int(offset) + length)])
        guard ByteHash.of(record) & 0xFFFF_FFFF == sum else { return nil }
        return record
    }
}
