import Foundation

@testable import overpass_synth

/// Crafted `.osm.pbf` files for the PBF fuzz campaign (issue 33), seeded and replayable: a
/// small extract of named places near 60.17,24.94 written block by block, each block bent
/// where a reader must not trust it. Declared counts and lengths (blob and header sizes,
/// `raw_size`, a field length inside the block), packed arrays (parallel arrays of different
/// lengths, millions of values from a few KB of zlib, unpacked fields, a way's locations),
/// string tables (a long string every place names, millions of empty strings, indices past
/// the end, none at all), deltas (overflowing 64 bits, negative ids, latitude 91, longitude
/// 181, granularity 0), the order of blocks, unknown features and compressions; then, now and
/// then, the bytes of the blocks or of the whole file flipped, cut or extended. A quarter of
/// the files are the bundled Helsinki extract, flipped or cut. A block inflates to 8 MiB at
/// most (enough to go past what a small file may keep): the test process builds each one,
/// and its memory must stay small, for every child's `ru_maxrss` starts from it.
enum PBFBlockGenerator {
    /// The crafted file's name in the case's directory.
    static let fileName = "crafted.osm.pbf"

    /// The command a case runs on its file: one of the five that read an extract.
    static func make(_ rng: inout SplitMix64) -> FuzzInvocation {
        let command: [String] =
            switch rng.weighted([(30, "nearby"), (20, "search"), (20, "reverse"), (15, "details"), (15, "autocomplete")]) {
            case "nearby": ["nearby", "--at", "60.17,24.94", "--radius", "50000", "-n", "5"]
            case "search": ["search", "cafe", "--at", "60.17,24.94", "-n", "5"]
            case "reverse": ["reverse", "60.17,24.94", "--limit", "2"]
            case "details": ["details", "osm:node/\(rng.pick([1, 2, 3, 1000, 1003]))"]
            default: ["autocomplete", "caf", "--at", "60.17,24.94"]
            }
        var pieces = [command, ["--data", "{case}/" + fileName]]
        if rng.percent(20) { pieces.append(["--no-cache"]) }
        return FuzzInvocation(pieces: pieces, environment: [], favorites: .absent, pinned: ["--data"])
    }

    /// The file of the case with this seed, and what was done to it.
    static func file(seed: UInt64) -> (data: Data, what: [String]) {
        // A stream of its own: the command's draws do not move the file's.
        var rng = SplitMix64(seed: seed ^ 0x0B_F0_33)
        var what: [String] = []
        var bytes: [UInt8]
        if rng.percent(25), let helsinki = FileManager.default.contents(atPath: PBFFiles.helsinki) {
            bytes = [UInt8](helsinki)
            what.append("the Helsinki extract")
            if !rng.percent(20) { byteDamage(&bytes, &rng, &what) }
        } else {
            bytes = craftedFile(&rng, &what)
            if rng.percent(15) { byteDamage(&bytes, &rng, &what) }
        }
        return (Data(bytes), what)
    }

    // MARK: - The whole file

    static func craftedFile(_ rng: inout SplitMix64, _ what: inout [String]) -> [UInt8] {
        var blocks: [[UInt8]] = []
        if !rng.percent(4) {
            var header = Protobuf()
            for feature in ["OsmSchema-V0.6", "DenseNodes"]
                + (rng.percent(5) ? [rng.pick(["HistoricalInformation", "Sort.Geographic", "LocationsOnWays"])] : [])
            {
                header.string(4, feature)
            }
            if rng.percent(3) { header.bytes(4, [UInt8](repeating: 0x41, count: rng.int(in: 0...70_000))) }
            blocks.append(fileBlock(type: "OSMHeader", data: header.bytes, &rng, &what))
        } else {
            what.append("no header block")
        }
        for _ in 0..<rng.int(in: 1...4) {
            blocks.append(fileBlock(type: rng.percent(3) ? "OSMUnknown" : "OSMData", data: primitiveBlock(&rng, &what), &rng, &what))
        }
        if rng.percent(5) {
            blocks.shuffle(using: &rng)
            what.append("blocks shuffled")
        }
        return blocks.flatMap { $0 }
    }

    /// A file block around `data`: its blob raw or zlib, with the sizes it declares bent now and then.
    static func fileBlock(type: String, data: [UInt8], _ rng: inout SplitMix64, _ what: inout [String]) -> [UInt8] {
        var data = data
        if rng.percent(8) {
            // Damage under the compression: what the block's parser meets after inflating.
            for _ in 0..<rng.int(in: 1...4) where !data.isEmpty { data[rng.below(data.count)] ^= UInt8(1 << rng.below(8)) }
            what.append("a primitive block's bits flipped")
        }
        var blob = Protobuf()
        // Large blocks are the few KB of zlib that inflate to millions of values, mostly.
        let compressed = rng.percent(data.count > 1 << 20 ? 95 : 70)
        if compressed {
            var rawSize = Int64(data.count)
            if rng.percent(6) {
                rawSize = rng.pick([rawSize + 1, rawSize - 1, 0, -1, Int64(Int32.max), 32 << 20, (32 << 20) + 1])
                what.append("raw_size \(rawSize) for \(data.count) bytes")
            }
            if !rng.percent(2) {
                blob.key(2, wire: 0)
                blob.varint(UInt64(bitPattern: rawSize))
            }
            var deflated = PBFWriter.deflate(data, level: Int32(rng.int(in: 1...9)))
            if rng.percent(3) {
                deflated.removeLast(min(deflated.count, rng.int(in: 1...8)))
                what.append("zlib data cut short")
            }
            blob.bytes(rng.percent(3) ? rng.pick([4, 5, 6, 7]) : 3, deflated)
        } else {
            blob.bytes(1, data)
        }
        if rng.percent(2) { blob.bytes(1, data) }
        var header = Protobuf()
        header.string(1, type)
        var size = Int64(blob.bytes.count)
        if rng.percent(4) {
            size = rng.pick([size + 1, size - 1, -1, 0, 33 << 20, Int64(Int32.max)])
            what.append("blob size \(size) for \(blob.bytes.count) bytes")
        }
        header.key(3, wire: 0)
        header.varint(UInt64(bitPattern: size))
        var length = header.bytes.count
        if rng.percent(3) {
            length = rng.pick([length + 1, max(0, length - 1), 1 << 16, 1 << 31])
            what.append("header length \(length)")
        }
        let prefix = [
            UInt8(truncatingIfNeeded: length >> 24), UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 8),
            UInt8(truncatingIfNeeded: length),
        ]
        return prefix + header.bytes + blob.bytes
    }

    // MARK: - A primitive block

    static let keys = ["name", "amenity", "shop", "cuisine", "addr:street", "addr:housenumber", "opening_hours", "tourism", "highway"]
    static let values = ["Cafe", "cafe", "restaurant", "bakery", "Mannerheimintie", "20 B", "Mo-Fr 08:00-18:00", "hotel", " ", "Kahvila Ö"]

    /// A primitive block of one group of nodes, ways or relations, and what is odd in it.
    static func primitiveBlock(_ rng: inout SplitMix64, _ what: inout [String]) -> [UInt8] {
        var strings: [[UInt8]] = [[]] + (keys + values).map { Array($0.utf8) }
        var emptyStrings = 0
        switch rng.weighted([(80, "plain"), (6, "long string"), (6, "empty strings"), (4, "no table"), (4, "index past the end")]) {
        case "long string":
            let length = rng.pick([1 << 10, 1 << 20, 4 << 20])
            strings[keys.count + 1] = [UInt8](repeating: 0x78, count: length)
            what.append("a \(length)-byte name")
        case "empty strings":
            emptyStrings = rng.pick([1000, 1 << 20, 4 << 20])
            what.append("\(emptyStrings) empty strings")
        case "no table":
            strings = []
            what.append("no string table")
        case "index past the end":
            strings = Array(strings.prefix(rng.int(in: 1...4)))
            what.append("\(strings.count) strings")
        default: break
        }
        let group: [UInt8]
        switch rng.weighted([(40, "dense"), (10, "nodes"), (30, "ways"), (20, "relations")]) {
        case "dense": group = denseNodes(&rng, &what)
        case "nodes": group = plainNodes(&rng, &what)
        case "ways": group = ways(&rng, &what)
        default: group = relations(&rng, &what)
        }
        var block = Protobuf()
        if !strings.isEmpty {
            var table = Protobuf()
            for string in strings { table.bytes(1, string) }
            block.bytes(1, table.bytes + tiled([0x0A, 0x00], emptyStrings))
        }
        var groups = Protobuf()
        groups.bytes(2, group)
        if rng.percent(4) {
            let empty = rng.pick([10, 1 << 18])
            groups.bytes += tiled(rng.percent(50) ? [0x12, 0x00] : [0x12, 0x02, 0x12, 0x00], empty)
            what.append("\(empty) more groups")
        }
        block.bytes += groups.bytes
        if rng.percent(8) {
            let (field, value) = rng.pick([(17, UInt64(0)), (17, UInt64.max), (17, 1 << 40), (19, UInt64.max), (20, 1 << 62), (17, 1)])
            block.key(field, wire: 0)
            block.varint(value)
            what.append("field \(field) = \(value)")
        }
        if rng.percent(4) {
            // A field whose length says more (or less) than is there.
            block.key(2, wire: 2)
            block.varint(rng.pick([1 << 20, UInt64.max, 3]))
            block.bytes += [0x1A, 0x02]
            what.append("a group's length past the end")
        }
        return block.bytes
    }

    /// Tags as (key, value) string indices: mostly a named place.
    static func tags(_ rng: inout SplitMix64) -> [(UInt64, UInt64)] {
        var tags: [(UInt64, UInt64)] = []
        if !rng.percent(10) { tags.append((1, UInt64(keys.count + 1 + rng.below(values.count)))) }
        if !rng.percent(10) { tags.append((UInt64(2 + rng.below(2)), UInt64(keys.count + 2 + rng.below(3)))) }
        for _ in 0..<rng.int(in: 0...3) {
            tags.append((UInt64(1 + rng.below(keys.count)), UInt64(keys.count + 1 + rng.below(values.count))))
        }
        if rng.percent(3) { tags.append((UInt64(rng.int(in: 0...30)), UInt64(rng.int(in: 0...1 << 20)))) }
        return tags
    }

    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    static func packed(_ values: [UInt64]) -> [UInt8] {
        var p = Protobuf()
        for value in values { p.varint(value) }
        return p.bytes
    }

    /// A packed array of `count` copies of one byte: millions of values from a few KB of zlib.
    static func repeated(_ byte: UInt8, _ count: Int) -> [UInt8] { [UInt8](repeating: byte, count: count) }

    /// `pattern` `count` times over (by doubling: quick for millions).
    static func tiled(_ pattern: [UInt8], _ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var out = pattern
        out.reserveCapacity(pattern.count * count)
        while out.count * 2 <= pattern.count * count { out += out }
        out += out.prefix(pattern.count * count - out.count)
        return out
    }

    /// Ids, positions and the odd delta: positions near 60.17,24.94 in units of 100 nanodegrees.
    static func positions(_ count: Int, _ rng: inout SplitMix64, _ what: inout [String]) -> (ids: [Int64], lats: [Int64], lons: [Int64]) {
        var ids: [Int64] = [], lats: [Int64] = [], lons: [Int64] = []
        var id: Int64 = 1000
        for _ in 0..<count {
            id += Int64(rng.int(in: 1...3))
            ids.append(id)
            lats.append(601_700_000 + Int64(rng.int(in: -200_000...200_000)))
            lons.append(249_400_000 + Int64(rng.int(in: -200_000...200_000)))
        }
        if rng.percent(25), count > 0 {
            let i = rng.below(count)
            switch rng.below(6) {
            case 0: lats[i] = 910_000_000
            case 1: lons[i] = 1_810_000_000
            case 2: ids[i] = -ids[i]
            case 3: ids[i] = 0
            case 4: lats[i] = Int64.max / 2 + Int64(rng.below(1000))
            default: lons[i] = Int64.min / 2
            }
            what.append("node \(i): id \(ids[i]) at \(lats[i]),\(lons[i])")
        }
        return (ids, lats, lons)
    }

    static func deltas(_ values: [Int64]) -> [UInt64] {
        var last: Int64 = 0
        return values.map { value in
            defer { last = value }
            return zigzag(value &- last)
        }
    }

    static func denseNodes(_ rng: inout SplitMix64, _ what: inout [String]) -> [UInt8] {
        var dense = Protobuf()
        if rng.percent(10) {
            // Millions of nodes from a few KB: ids rising by one (or one id again and again), all at one place.
            let count = rng.pick([1 << 16, 1 << 19, 1 << 20])
            dense.bytes(1, [2] + repeated(rng.percent(50) ? 0 : 2, count - 1))
            dense.bytes(8, packed([zigzag(601_700_000)]) + repeated(0, count - 1))
            dense.bytes(9, packed([zigzag(249_400_000)]) + repeated(0, count - 1))
            if rng.percent(70) { dense.bytes(10, tiled([1, 11, 2, 13, 0], count)) }
            what.append("\(count) dense nodes from one pattern")
            var group = Protobuf()
            group.bytes(2, dense.bytes)
            return group.bytes
        }
        let count = rng.int(in: 0...40)
        let (ids, lats, lons) = positions(count, &rng, &what)
        var idDeltas = deltas(ids), latDeltas = deltas(lats), lonDeltas = deltas(lons)
        if rng.percent(8), count > 0 {
            let i = rng.below(count)
            latDeltas[i] = zigzag(rng.percent(50) ? Int64.max : Int64.min)
            idDeltas[i] = rng.percent(50) ? idDeltas[i] : zigzag(Int64.max)
            what.append("node \(i): a delta overflowing 64 bits")
        }
        if rng.percent(6), !lonDeltas.isEmpty {
            lonDeltas.removeLast()
            what.append("one longitude fewer")
        }
        var keysVals: [UInt64] = []
        for _ in 0..<count {
            for (key, value) in tags(&rng) { keysVals += [key, value] }
            keysVals.append(0)
        }
        if rng.percent(5), !keysVals.isEmpty {
            keysVals.removeLast()
            what.append("keys_vals without its last 0")
        }
        if rng.percent(4) {
            // Unpacked: one varint field per id, which osmformat.proto does not allow here.
            for delta in idDeltas {
                dense.key(1, wire: 0)
                dense.varint(delta)
            }
            what.append("ids unpacked")
        } else {
            dense.bytes(1, packed(idDeltas))
        }
        dense.bytes(8, packed(latDeltas))
        dense.bytes(9, packed(lonDeltas))
        if !keysVals.isEmpty { dense.bytes(10, packed(keysVals)) }
        var group = Protobuf()
        group.bytes(2, dense.bytes)
        return group.bytes
    }

    static func plainNodes(_ rng: inout SplitMix64, _ what: inout [String]) -> [UInt8] {
        let count = rng.int(in: 1...20)
        let (ids, lats, lons) = positions(count, &rng, &what)
        var group = Protobuf()
        for i in 0..<count {
            var node = Protobuf()
            node.key(1, wire: 0)
            node.varint(zigzag(ids[i]))
            let tags = tags(&rng)
            node.bytes(2, packed(tags.map(\.0)))
            node.bytes(3, packed((rng.percent(4) ? tags.dropLast() : tags[...]).map(\.1)))
            if !rng.percent(3) {
                node.key(8, wire: 0)
                node.varint(zigzag(lats[i]))
            }
            node.key(9, wire: 0)
            node.varint(zigzag(lons[i]))
            group.bytes(1, node.bytes)
        }
        return group.bytes
    }

    static func ways(_ rng: inout SplitMix64, _ what: inout [String]) -> [UInt8] {
        var group = Protobuf()
        for w in 0..<rng.int(in: 1...10) {
            var way = Protobuf()
            way.key(1, wire: 0)
            way.varint(UInt64(bitPattern: rng.percent(4) ? -Int64(w + 1) : Int64(2000 + w)))
            let tags = tags(&rng)
            way.bytes(2, packed(tags.map(\.0)))
            way.bytes(3, packed(tags.map(\.1)))
            if rng.percent(8) {
                let count = rng.pick([1 << 16, 1 << 20, 4 << 20, 8 << 20])
                way.bytes(8, packed([zigzag(1003)]) + repeated(rng.percent(50) ? 0 : 2, count - 1))
                what.append("way \(w): \(count) refs from one pattern")
            } else {
                let refs = (0..<rng.int(in: 0...12)).map { _ in Int64(1000 + rng.below(120)) }
                var refDeltas = deltas(refs)
                if rng.percent(5), !refDeltas.isEmpty {
                    refDeltas[rng.below(refDeltas.count)] = zigzag(Int64.max)
                    what.append("way \(w): a ref delta overflowing")
                }
                way.bytes(8, packed(refDeltas))
                if rng.percent(10) {
                    // LocationsOnWays, one fewer now and then.
                    let (_, lats, lons) = positions(refs.count, &rng, &what)
                    way.bytes(9, packed(deltas(lats)))
                    way.bytes(10, packed(deltas(rng.percent(30) ? Array(lons.dropLast()) : lons)))
                    what.append("way \(w): locations on the way")
                }
            }
            group.bytes(3, way.bytes)
        }
        return group.bytes
    }

    static func relations(_ rng: inout SplitMix64, _ what: inout [String]) -> [UInt8] {
        var group = Protobuf()
        for r in 0..<rng.int(in: 1...6) {
            var relation = Protobuf()
            relation.key(1, wire: 0)
            relation.varint(UInt64(bitPattern: rng.percent(4) ? -Int64(r + 1) : Int64(3000 + r)))
            let tags = tags(&rng)
            relation.bytes(2, packed(tags.map(\.0)))
            relation.bytes(3, packed(tags.map(\.1)))
            if rng.percent(8) {
                let count = rng.pick([1 << 16, 1 << 20, 4 << 20, 8 << 20])
                relation.bytes(9, repeated(2, count))
                relation.bytes(10, repeated(UInt8(rng.below(2)), count + (rng.percent(20) ? 1 : 0)))
                what.append("relation \(r): \(count) members from one pattern")
            } else {
                let members = (0..<rng.int(in: 0...8)).map { _ in Int64(rng.percent(50) ? 1000 + rng.below(120) : 2000 + rng.below(10)) }
                let types = members.map { $0 >= 2000 ? UInt64(1) : UInt64(rng.percent(5) ? rng.int(in: 2...9) : 0) }
                relation.bytes(8, packed(members.map { _ in 0 }))
                relation.bytes(9, packed(deltas(members)))
                relation.bytes(10, packed(rng.percent(5) ? Array(types.dropLast()) : types))
            }
            group.bytes(4, relation.bytes)
        }
        return group.bytes
    }

    // MARK: - The bytes

    /// Bits flipped, the file cut short or made longer.
    static func byteDamage(_ bytes: inout [UInt8], _ rng: inout SplitMix64, _ what: inout [String]) {
        guard !bytes.isEmpty else { return }
        switch rng.below(4) {
        case 0, 1:
            let count = rng.int(in: 1...8)
            for _ in 0..<count { bytes[rng.below(bytes.count)] ^= UInt8(1 << rng.below(8)) }
            what.append("\(count) bits flipped")
        case 2:
            let keep = rng.below(bytes.count)
            bytes.removeLast(bytes.count - keep)
            what.append("cut to \(keep) bytes")
        default:
            let extra = rng.int(in: 1...300)
            bytes += (0..<extra).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            what.append("\(extra) bytes appended")
        }
    }
}

extension MutableCollection where Self: RandomAccessCollection {
    /// Shuffled by a seeded generator.
    fileprivate mutating func shuffle(using rng: inout SplitMix64) {
        guard count > 1 else { return }
        var i = index(before: endIndex)
        while i > startIndex {
            let j = index(startIndex, offsetBy: rng.below(distance(from: startIndex, to: i) + 1))
            swapAt(i, j)
            i = index(before: i)
        }
    }
}
