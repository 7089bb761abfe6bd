/// A `PrimitiveBlock` (osmformat.proto: `stringtable` = 1, `primitivegroup` = 2,
/// `granularity` = 17, `date_granularity` = 18, `lat_offset` = 19, `lon_offset` = 20) as
/// places reads it: where each string of the table lies, the scale of its coordinates,
/// where its groups lie. One per reading thread, loaded block after block (its tables are
/// kept, not reallocated).
final class PBFPrimitiveBlock {
    /// The block's bytes (valid while the block is loaded).
    @exclusivity(unchecked) private(set) var base: UnsafePointer<UInt8> = PBFPrimitiveBlock.noBytes
    @exclusivity(unchecked) private(set) var count = 0
    /// String `i` of the table lies at `stringStarts[i]..<stringEnds[i]` of the block.
    @exclusivity(unchecked) private(set) var stringStarts: [Int32] = []
    @exclusivity(unchecked) private(set) var stringEnds: [Int32] = []
    /// What each string is as a tag key, worked out when first asked (`keyClass`).
    @exclusivity(unchecked) private var keyClasses: [UInt8] = []
    /// "Lat&lon are measured in units <granularity> nanodegrees", offset by `lat_offset`
    /// and `lon_offset` nanodegrees (osmformat.proto).
    @exclusivity(unchecked) private(set) var granularity: Int64 = 100
    @exclusivity(unchecked) private(set) var latOffset: Int64 = 0
    @exclusivity(unchecked) private(set) var lonOffset: Int64 = 0
    @exclusivity(unchecked) private(set) var groups: [Range<Int>] = []

    /// A valid address for no bytes at all (an empty block has no base address).
    nonisolated(unsafe) static let noBytes = UnsafePointer(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))
    private let tagKeys = OSMTagKey.byKeyBytes

    private static func address(of data: UnsafeRawBufferPointer) -> UnsafePointer<UInt8> {
        data.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? noBytes
    }

    /// Starts reading `data`: no groups yet, and the fields at osmformat.proto's defaults
    /// (granularity 100 nanodegrees, offsets 0) until the block says otherwise.
    private func begin(_ data: UnsafeRawBufferPointer) {
        base = Self.address(of: data)
        count = data.count
        groups.removeAll(keepingCapacity: true)
        granularity = 100
        latOffset = 0
        lonOffset = 0
    }

    private func forgetStrings() {
        stringStarts.removeAll(keepingCapacity: true)
        stringEnds.removeAll(keepingCapacity: true)
    }

    /// Reads the block's fields and its string table.
    func load(_ data: UnsafeRawBufferPointer) throws(PBFError) {
        prefixTable = nil
        forgetStrings()
        begin(data)
        var table: Range<Int>?
        var cursor = ProtobufCursor(base, 0..<count)
        while let field = try cursor.field() {
            switch (field.number, field.type) {
            case (1, .lengthDelimited): table = try cursor.lengthDelimited()
            case (2, .lengthDelimited):
                // An empty group holds nothing: not kept (a block of millions would be room for nothing).
                let group = try cursor.lengthDelimited()
                if !group.isEmpty { groups.append(group) }
            case (17, .varint): granularity = Int64(try cursor.int32())
            case (19, .varint): latOffset = try cursor.int64()
            case (20, .varint): lonOffset = try cursor.int64()
            default: try cursor.skip(field.type)
            }
        }
        guard granularity > 0 else { throw .damaged("its granularity is \(granularity), not a positive number of nanodegrees") }
        guard let table else { throw .damaged("its primitive block has no string table") }
        try loadStrings(table)
    }

    /// Reads what there is of a block whose first `data.count` bytes alone are out (a blob
    /// inflated a piece at a time): its string table, and its groups as far as they hold
    /// whole elements. False when even the string table is not all there yet. (The fields
    /// after the groups, granularity and offsets, may not be: only ways and relations,
    /// which need no coordinates, are read from a prefix.)
    ///
    /// Called again with more of the same block (the same bytes, longer): `wholeFrom`, where
    /// the last call's whole elements ended, saves walking them again, and a string table
    /// already read is kept.
    func loadPrefix(_ data: UnsafeRawBufferPointer, wholeFrom: Int = 0) throws(PBFError) -> Bool {
        let sameBlock = wholeFrom > 0 && Self.address(of: data) == base && prefixTable != nil
        begin(data)
        if !sameBlock {
            forgetStrings()
            prefixTable = nil
        }
        var tableSeen: Range<Int>?
        var cursor = ProtobufCursor(base, 0..<count)
        while !cursor.isAtEnd {
            let start = cursor.position
            guard let (number, type, end) = Self.header(&cursor) else { break }
            guard end <= count else {
                if number == 2 && type == .lengthDelimited {
                    let groupStart = cursor.position
                    let whole = Self.wholeElements(in: base, from: max(groupStart, min(wholeFrom, count)), upTo: count)
                    groups.append(groupStart..<whole.upperBound)
                }
                break
            }
            switch (number, type) {
            case (1, .lengthDelimited): tableSeen = cursor.position..<end
            case (2, .lengthDelimited): groups.append(cursor.position..<end)
            default: break
            }
            cursor.position = max(end, start + 1)
        }
        guard let tableSeen else { return false }
        if prefixTable != tableSeen {
            forgetStrings()
            try loadStrings(tableSeen)
            prefixTable = tableSeen
        }
        return true
    }

    /// Where the string table of a block read a piece at a time lies, once read.
    private var prefixTable: Range<Int>?

    /// A field's number, type and where it ends (for a fixed or varint field, where its
    /// value does); nil when its key or length is not all there.
    private static func header(_ cursor: inout ProtobufCursor) -> (UInt64, ProtobufCursor.WireType, Int)? {
        guard let field = try? cursor.field() else { return nil }
        switch field.type {
        case .lengthDelimited:
            guard let length = try? cursor.varint(), length <= UInt64(Int.max / 2) else { return nil }
            return (field.number, field.type, cursor.position + Int(length))
        case .varint:
            guard (try? cursor.varint()) != nil else { return nil }
            return (field.number, field.type, cursor.position)
        case .fixed64: return (field.number, field.type, cursor.position + 8)
        case .fixed32: return (field.number, field.type, cursor.position + 4)
        }
    }

    /// The part of a group, from `start`, made of whole fields before `end`.
    private static func wholeElements(in base: UnsafePointer<UInt8>, from start: Int, upTo end: Int) -> Range<Int> {
        var cursor = ProtobufCursor(base, start..<end)
        var whole = start
        while !cursor.isAtEnd, let (_, _, fieldEnd) = header(&cursor), fieldEnd <= end {
            cursor.position = fieldEnd
            whole = fieldEnd
        }
        return start..<whole
    }

    private func loadStrings(_ table: Range<Int>) throws(PBFError) {
        // Counted first, so the tables take the room their strings need and no more (a table
        // of millions of empty strings, each 2 bytes of the block, is at most 32 MiB of them).
        var count = 0
        var counting = ProtobufCursor(base, table)
        while let field = try counting.field() {
            if field.number == 1 { count += 1 }
            try counting.skip(field.type)
        }
        stringStarts.reserveCapacity(count)
        stringEnds.reserveCapacity(count)
        keyClasses.reserveCapacity(count)
        var strings = ProtobufCursor(base, table)
        while let field = try strings.field() {
            guard field.number == 1, field.type == .lengthDelimited else {
                try strings.skip(field.type)
                continue
            }
            let string = try strings.lengthDelimited()
            stringStarts.append(Int32(string.lowerBound))
            stringEnds.append(Int32(string.upperBound))
        }
        keyClasses.removeAll(keepingCapacity: true)
        keyClasses.append(contentsOf: repeatElement(Self.unclassified, count: stringStarts.count))
    }

    var stringCount: Int { stringStarts.count }

    /// The bytes of string `index` (checked to be in the table by the caller).
    @inline(__always)
    func string(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + Int(stringStarts[index]), count: Int(stringEnds[index] - stringStarts[index]))
    }

    private static let unclassified: UInt8 = 0xFF
    private static let notAVenueKey: UInt8 = 0xFE

    /// The `OSMTagKey` string `index` names as a key, if any (looked up once per block).
    @inline(__always)
    func tagKey(_ index: Int) -> OSMTagKey? {
        var cls = keyClasses[index]
        if cls == Self.unclassified {
            cls = tagKeys.value(for: string(index)).map { UInt8($0.rawValue) } ?? Self.notAVenueKey
            keyClasses[index] = cls
        }
        return cls == Self.notAVenueKey ? nil : OSMTagKey(rawValue: Int(cls))
    }

    /// A coordinate in degrees: `offset + granularity * raw` nanodegrees, divided by 10⁹ (an
    /// exact quotient of exact integers, so 7 decimals read the same as from Overpass JSON's
    /// text); NaN when it overflows, which the venue's range check then drops.
    @inline(__always)
    func degrees(_ raw: Int64, offset: Int64) -> Double {
        let scaled = granularity.multipliedReportingOverflow(by: raw)
        let nano = scaled.partialValue.addingReportingOverflow(offset)
        guard !scaled.overflow, !nano.overflow, nano.partialValue.magnitude <= 1 << 52 else { return .nan }
        return Double(nano.partialValue) / 1e9
    }

    @inline(__always) func latitude(_ raw: Int64) -> Double { degrees(raw, offset: latOffset) }
    @inline(__always) func longitude(_ raw: Int64) -> Double { degrees(raw, offset: lonOffset) }
}
