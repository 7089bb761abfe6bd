import CZlib

/// Writes OpenStreetMap PBF files (fileformat.proto and osmformat.proto of OSM-binary; the
/// OSM wiki's "PBF Format"): a header block, then blocks of dense or plain nodes, ways and
/// relations, each blob raw or zlib-compressed. For the synthetic country of
/// Scripts/bench.sh and for the hand-made files of the tests, which also need what no
/// honest writer makes: other granularities and offsets, other compressions, unknown
/// features, cut files. A plain protocol buffer encoder, nothing clever.
struct PBFWriter {
    enum Compression {
        case raw
        /// zlib at `level` (zlib's default, 6, is what osmium and osmosis use).
        case zlib(level: Int32)
        /// Data under another Blob field (4 lzma, 5 bzip2, 6 lz4, 7 zstd), for the tests.
        case other(field: Int)

        static let zlibDefault = Compression.zlib(level: Z_DEFAULT_COMPRESSION)
    }

    /// How one data block is encoded.
    struct BlockOptions {
        var compression = Compression.zlibDefault
        /// Nanodegrees per coordinate unit, and the offsets, of `PrimitiveBlock`.
        var granularity: Int64 = 100
        var latOffset: Int64 = 0
        var lonOffset: Int64 = 0
        /// DenseNodes (true) or plain `Node` messages.
        var dense = true
        /// Each element's version and timestamp (`DenseInfo`, `Info`), made up from its id, as
        /// Geofabrik's public extracts keep them (without users and changesets).
        var metadata = false
    }

    /// The made-up version and timestamp (seconds, `date_granularity` 1000 ms) of element `id`.
    static func metadata(_ id: Int64) -> (version: Int64, timestamp: Int64) {
        (1 + id % 5, 1_300_000_000 + (id &* 7919) % 400_000_000)
    }

    private static func info(_ id: Int64) -> [UInt8] {
        var info = Protobuf()
        let (version, timestamp) = metadata(id)
        info.key(1, wire: 0)
        info.varint(UInt64(version))
        info.key(2, wire: 0)
        info.varint(UInt64(timestamp))
        return info.bytes
    }

    struct Node {
        var id: Int64
        /// Nanodegrees (degrees × 10⁹), exact.
        var latNano: Int64
        var lonNano: Int64
        var tags: [(String, String)] = []

        init(id: Int64, lat: Double, lon: Double, tags: [(String, String)] = []) {
            self.id = id
            latNano = Int64((lat * 1e7).rounded()) * 100
            lonNano = Int64((lon * 1e7).rounded()) * 100
            self.tags = tags
        }

        init(id: Int64, latNano: Int64, lonNano: Int64, tags: [(String, String)] = []) {
            self.id = id
            self.latNano = latNano
            self.lonNano = lonNano
            self.tags = tags
        }
    }

    struct Way {
        var id: Int64
        var refs: [Int64]
        var tags: [(String, String)] = []
        /// `LocationsOnWays`: each ref's location in nanodegrees.
        var locations: [(lat: Int64, lon: Int64)]?
    }

    struct Relation {
        enum MemberType: Int { case node = 0, way = 1, relation = 2 }
        var id: Int64
        var members: [(type: MemberType, ref: Int64, role: String)]
        var tags: [(String, String)] = []
    }

    private(set) var bytes: [UInt8] = []

    // MARK: Blocks

    /// The `OSMHeader` block.
    mutating func header(
        required: [String] = ["OsmSchema-V0.6", "DenseNodes"], optional: [String] = [],
        compression: Compression = .zlibDefault
    ) {
        var block = Protobuf()
        for feature in required { block.string(4, feature) }
        for feature in optional { block.string(5, feature) }
        block.string(16, "places overpass-synth")
        fileBlock(type: "OSMHeader", data: block.bytes, compression: compression)
    }

    mutating func nodes(_ nodes: [Node], _ options: BlockOptions = BlockOptions()) {
        var strings = StringTable()
        var group = Protobuf()
        if options.dense {
            var ids = Protobuf(), lats = Protobuf(), lons = Protobuf(), keysVals = Protobuf()
            var last = (id: Int64(0), lat: Int64(0), lon: Int64(0))
            var tagged = false
            for node in nodes {
                let lat = Self.raw(node.latNano, options.latOffset, options.granularity)
                let lon = Self.raw(node.lonNano, options.lonOffset, options.granularity)
                ids.signedVarint(node.id &- last.id)
                lats.signedVarint(lat &- last.lat)
                lons.signedVarint(lon &- last.lon)
                last = (node.id, lat, lon)
                for (key, value) in node.tags {
                    keysVals.varint(UInt64(strings.index(key)))
                    keysVals.varint(UInt64(strings.index(value)))
                    tagged = true
                }
                keysVals.varint(0)
            }
            var dense = Protobuf()
            dense.bytes(1, ids.bytes)
            if options.metadata {
                var versions = Protobuf(), timestamps = Protobuf()
                var lastTimestamp: Int64 = 0
                for node in nodes {
                    let (version, timestamp) = Self.metadata(node.id)
                    versions.varint(UInt64(version))
                    timestamps.signedVarint(timestamp - lastTimestamp)
                    lastTimestamp = timestamp
                }
                var info = Protobuf()
                info.bytes(1, versions.bytes)
                info.bytes(2, timestamps.bytes)
                dense.bytes(5, info.bytes)
            }
            dense.bytes(8, lats.bytes)
            dense.bytes(9, lons.bytes)
            if tagged { dense.bytes(10, keysVals.bytes) }
            group.bytes(2, dense.bytes)
        } else {
            for node in nodes {
                var message = Self.elementMessage(id: node.id, zigZag: true, tags: node.tags, &strings, options)
                message.key(8, wire: 0)
                message.signedVarint(Self.raw(node.latNano, options.latOffset, options.granularity))
                message.key(9, wire: 0)
                message.signedVarint(Self.raw(node.lonNano, options.lonOffset, options.granularity))
                group.bytes(1, message.bytes)
            }
        }
        primitiveBlock(strings, groups: [group.bytes], options)
    }

    mutating func ways(_ ways: [Way], _ options: BlockOptions = BlockOptions()) {
        groupBlock(ways, groupField: 3, options) { way, strings in
            var message = Self.elementMessage(id: way.id, zigZag: false, tags: way.tags, &strings, options)
            message.packedSigned(8, Self.deltas(way.refs))
            if let locations = way.locations {
                message.packedSigned(9, Self.deltas(locations.map { Self.raw($0.lat, options.latOffset, options.granularity) }))
                message.packedSigned(10, Self.deltas(locations.map { Self.raw($0.lon, options.lonOffset, options.granularity) }))
            }
            return message
        }
    }

    mutating func relations(_ relations: [Relation], _ options: BlockOptions = BlockOptions()) {
        groupBlock(relations, groupField: 4, options) { relation, strings in
            var message = Self.elementMessage(id: relation.id, zigZag: false, tags: relation.tags, &strings, options)
            message.packed(8, relation.members.map { UInt64(strings.index($0.role)) })
            message.packedSigned(9, Self.deltas(relation.members.map(\.ref)))
            message.packed(10, relation.members.map { UInt64($0.type.rawValue) })
            return message
        }
    }

    /// A block of one group, in `PrimitiveGroup` field `groupField` (3 ways, 4 relations): the
    /// message `message` writes for each element, its strings in the block's table.
    private mutating func groupBlock<Element>(
        _ elements: [Element], groupField: Int, _ options: BlockOptions,
        _ message: (Element, inout StringTable) -> Protobuf
    ) {
        var strings = StringTable()
        var group = Protobuf()
        for element in elements { group.bytes(groupField, message(element, &strings).bytes) }
        primitiveBlock(strings, groups: [group.bytes], options)
    }

    /// The start of a `Node`, `Way` or `Relation` message, numbered alike in all three: `id` (1;
    /// a Node's is sint64, zig-zag, the others' int64), `keys` (2) and `vals` (3) as indexes
    /// into the block's strings, and `info` (4) when the options keep metadata.
    private static func elementMessage(
        id: Int64, zigZag: Bool, tags: [(String, String)], _ strings: inout StringTable,
        _ options: BlockOptions
    ) -> Protobuf {
        var message = Protobuf()
        message.key(1, wire: 0)
        if zigZag { message.signedVarint(id) } else { message.varint(UInt64(bitPattern: id)) }
        message.packed(2, tags.map { UInt64(strings.index($0.0)) })
        message.packed(3, tags.map { UInt64(strings.index($0.1)) })
        if options.metadata { message.bytes(4, info(id)) }
        return message
    }

    /// A block of another type, which readers skip.
    mutating func otherBlock(type: String, data: [UInt8]) {
        fileBlock(type: type, data: data, compression: .raw)
    }

    /// Raw bytes, for damage only a test would write.
    mutating func append(_ raw: [UInt8]) {
        bytes += raw
    }

    // MARK: Encoding

    private mutating func primitiveBlock(_ strings: StringTable, groups: [[UInt8]], _ options: BlockOptions) {
        var block = Protobuf()
        var table = Protobuf()
        for string in strings.strings { table.bytes(1, string) }
        block.bytes(1, table.bytes)
        for group in groups { block.bytes(2, group) }
        if options.granularity != 100 {
            block.key(17, wire: 0)
            block.varint(UInt64(bitPattern: options.granularity))
        }
        if options.latOffset != 0 {
            block.key(19, wire: 0)
            block.varint(UInt64(bitPattern: options.latOffset))
        }
        if options.lonOffset != 0 {
            block.key(20, wire: 0)
            block.varint(UInt64(bitPattern: options.lonOffset))
        }
        fileBlock(type: "OSMData", data: block.bytes, compression: options.compression)
    }

    private mutating func fileBlock(type: String, data: [UInt8], compression: Compression) {
        var blob = Protobuf()
        switch compression {
        case .raw:
            blob.bytes(1, data)
        case .zlib(let level):
            blob.key(2, wire: 0)
            blob.varint(UInt64(data.count))
            blob.bytes(3, Self.deflate(data, level: level))
        case .other(let field):
            blob.key(2, wire: 0)
            blob.varint(UInt64(data.count))
            blob.bytes(field, data)
        }
        var header = Protobuf()
        header.string(1, type)
        header.key(3, wire: 0)
        header.varint(UInt64(blob.bytes.count))
        let length = UInt32(header.bytes.count)
        bytes += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        bytes += header.bytes
        bytes += blob.bytes
    }

    static func deflate(_ data: [UInt8], level: Int32) -> [UInt8] {
        var bound = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(bound))
        let status = out.withUnsafeMutableBufferPointer { destination in
            data.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &bound, source.baseAddress, uLong(data.count), level)
            }
        }
        precondition(status == Z_OK, "zlib compress2 failed (\(status))")
        out.removeLast(out.count - Int(bound))
        return out
    }

    /// A coordinate in the block's units: (nanodegrees − offset) / granularity, exact when
    /// the test chose them so, else truncated.
    private static func raw(_ nano: Int64, _ offset: Int64, _ granularity: Int64) -> Int64 {
        (nano - offset) / granularity
    }

    private static func deltas(_ values: [Int64]) -> [Int64] {
        var last: Int64 = 0
        return values.map { value in
            defer { last = value }
            return value &- last
        }
    }

    /// A block's string table: index 0 is the empty string, as the format reserves it.
    private struct StringTable {
        var strings: [[UInt8]] = [[]]
        var indices: [String: Int] = [:]

        mutating func index(_ string: String) -> Int {
            if let index = indices[string] { return index }
            strings.append(Array(string.utf8))
            indices[string] = strings.count - 1
            return strings.count - 1
        }
    }
}

/// Protocol buffer wire format, written (protobuf.dev/programming-guides/encoding).
struct Protobuf {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func signedVarint(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func key(_ field: Int, wire: UInt64) {
        varint(UInt64(field) << 3 | wire)
    }

    mutating func bytes(_ field: Int, _ data: [UInt8]) {
        key(field, wire: 2)
        varint(UInt64(data.count))
        bytes += data
    }

    mutating func string(_ field: Int, _ text: String) {
        bytes(field, Array(text.utf8))
    }

    mutating func packed(_ field: Int, _ values: [UInt64]) {
        guard !values.isEmpty else { return }
        var inner = Protobuf()
        for value in values { inner.varint(value) }
        bytes(field, inner.bytes)
    }

    mutating func packedSigned(_ field: Int, _ values: [Int64]) {
        guard !values.isEmpty else { return }
        var inner = Protobuf()
        for value in values { inner.signedVarint(value) }
        bytes(field, inner.bytes)
    }
}
