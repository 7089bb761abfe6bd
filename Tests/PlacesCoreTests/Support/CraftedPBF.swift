import Foundation

@testable import overpass_synth

/// PBF blocks a writer would never make, for the tests of what a reader keeps: a few KB of
/// zlib that inflate to tens of millions of ids (one way's refs, one relation's members,
/// millions of places), or one long string that every place names. Each block is an
/// `OSMData` block with the string table `""`, `name`, `Cafe`, `amenity`, `cafe` unless said.
enum CraftedPBF {
    /// A file: the header block, then `blocks` as they are.
    static func file(_ blocks: [[UInt8]]) -> Data {
        PBFFiles.file { w in
            for block in blocks { w.append(block) }
        }
    }

    /// An `OSMData` block whose blob is `primitive` deflated (zlib, with its raw size).
    static func zlibBlock(_ primitive: [UInt8]) -> [UInt8] {
        var blob = Protobuf()
        blob.key(2, wire: 0)
        blob.varint(UInt64(primitive.count))
        blob.bytes(3, PBFWriter.deflate(primitive, level: 9))
        return PBFBadFilesEndToEndTests.fileBlock(blob: blob.bytes)
    }

    /// A primitive block of `strings` and one group holding `group`'s fields.
    static func primitive(strings: [[UInt8]] = placeStrings, group: [UInt8]) -> [UInt8] {
        var table = Protobuf()
        for string in strings { table.bytes(1, string) }
        var block = Protobuf()
        block.bytes(1, table.bytes)
        block.bytes(2, group)
        return block.bytes
    }

    static let placeStrings = ["", "name", "Cafe", "amenity", "cafe"].map { Array($0.utf8) }

    /// A varint, as bytes.
    static func varint(_ value: UInt64) -> [UInt8] {
        var p = Protobuf()
        p.varint(value)
        return p.bytes
    }

    /// One way that is a place (`name=Cafe`, `amenity=cafe`) whose `refs` holds `count` ids:
    /// node 1000, then `delta` (a zigzag byte: 0 repeats the id, 2 adds one) again and again.
    /// With `strings`, the tags are its strings 1=2 and 3=4 (`highway=residential`, for a street).
    static func wayWithRefs(id: UInt64 = 1, count: Int, delta: UInt8 = 0, strings: [[UInt8]] = placeStrings) -> [UInt8] {
        var way = Protobuf()
        way.key(1, wire: 0)
        way.varint(id)
        way.packed(2, [1, 3])
        way.packed(3, [2, 4])
        way.bytes(8, varint(2000) + [UInt8](repeating: delta, count: count - 1))
        var group = Protobuf()
        group.bytes(3, way.bytes)
        return primitive(strings: strings, group: group.bytes)
    }

    /// A street's tags in the string table: `highway=residential`.
    static let streetStrings = ["", "highway", "residential", "highway", "residential"].map { Array($0.utf8) }

    /// One relation that is a place with `count` node members (ids rising by one).
    static func relationWithMembers(count: Int) -> [UInt8] {
        var relation = Protobuf()
        relation.key(1, wire: 0)
        relation.varint(1)
        relation.packed(2, [1, 3])
        relation.packed(3, [2, 4])
        relation.bytes(9, [UInt8](repeating: 2, count: count))
        relation.bytes(10, [UInt8](repeating: 0, count: count))
        var group = Protobuf()
        group.bytes(4, relation.bytes)
        return primitive(group: group.bytes)
    }

    /// `count` DenseNodes that are places (ids rising by one, all at 0,0), naming string 2
    /// of `strings` (whatever it is).
    static func placeNodes(count: Int, strings: [[UInt8]] = placeStrings) -> [UInt8] {
        var dense = Protobuf()
        dense.bytes(1, [UInt8](repeating: 2, count: count))
        dense.bytes(8, [UInt8](repeating: 0, count: count))
        dense.bytes(9, [UInt8](repeating: 0, count: count))
        var tags: [UInt8] = []
        tags.reserveCapacity(count * 5)
        for _ in 0..<count { tags += [1, 2, 3, 4, 0] }
        dense.bytes(10, tags)
        var group = Protobuf()
        group.bytes(2, dense.bytes)
        return primitive(strings: strings, group: group.bytes)
    }
}
