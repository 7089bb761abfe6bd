import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import overpass_synth

/// Bad PBF files through the binary: each is one `places: error:` line and exit 65 (bad
/// data), never a crash, and no index is written of it. A file cut short anywhere; a block
/// header or blob over the format's limits; lzma, zstd, lz4 and bzip2 blobs (naming the
/// compression and how to re-encode); required features places does not read; nonsense in
/// the protocol buffers.
@Suite("End to end: bad .osm.pbf files")
struct PBFBadFilesEndToEndTests {
    /// Runs a nearby query on `data` and checks the one error line; returns it.
    @discardableResult
    func expectBad(
        _ data: Data, _ name: String, containing parts: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let dir = try TemporaryDirectory()
        let path = try dir.write(name, data)
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        let r = try PlacesBinary.run(["nearby", "--at", "60.17,24.94", "--data", path], environment: env)
        #expect(r.status == 65, "\(r)", sourceLocation: sourceLocation)
        #expect(r.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(r.errorLines.count == 1 && r.stderrLines.count == 1, "\(r)", sourceLocation: sourceLocation)
        let line = r.errorLines.first ?? ""
        #expect(line.hasPrefix("places: error: \(path)"), "\(r)", sourceLocation: sourceLocation)
        for part in parts { #expect(line.contains(part), "\(part) in \(line)", sourceLocation: sourceLocation) }
        #expect(dir.contents(of: "cache/places").isEmpty, "no index of a bad file", sourceLocation: sourceLocation)
        return line
    }

    static let valid = PBFElementsEndToEndTests.nodesFile(compression: .zlibDefault)

    @Test func aFileCutShortAnywhereSaysSo() throws {
        let blocks = try Self.valid.withUnsafeBytes { try PBFFileBlock.blocks(in: $0) }
        #expect(blocks.count == 4)
        // In the first header, in its blob, in a later block's length, header and blob, one byte short.
        let cuts = [
            17, blocks[0].blob.lowerBound + 1, blocks[1].offset + 2, blocks[1].offset + 6, blocks[2].blob.lowerBound + 3,
            Self.valid.count - 1,
        ]
        for cut in cuts {
            try expectBad(
                Self.valid.prefix(cut), "cut-\(cut).osm.pbf",
                containing: ["is not a readable OpenStreetMap PBF file: it is cut short: the block at byte "])
        }
    }

    @Test func blocksOverTheFormatsLimits() throws {
        var header = Self.valid
        header.append(contentsOf: [0, 1, 0, 1])  // a BlobHeader of 65,537 bytes
        header.append(Data(repeating: 0x0A, count: 70_000))
        try expectBad(header, "header.osm.pbf", containing: ["has a header of 65537 bytes, over the format's limit of 64 KiB"])

        var blob = Protobuf()
        blob.string(1, "OSMData")
        blob.key(3, wire: 0)
        blob.varint(33 << 20)
        var big = Self.valid
        big.append(contentsOf: [0, 0, 0, UInt8(blob.bytes.count)] + blob.bytes)
        try expectBad(big, "blob.osm.pbf", containing: ["declares a blob of 34603008 bytes, over the format's limit of 32 MiB"])

        // A zlib blob that says it inflates to 40 MiB.
        var inflated = Protobuf()
        inflated.key(2, wire: 0)
        inflated.varint(40 << 20)
        inflated.bytes(3, PBFWriter.deflate([1, 2, 3], level: 6))
        try expectBad(
            Self.valid + Self.fileBlock(blob: inflated.bytes), "inflated.osm.pbf",
            containing: ["is 41943040 bytes uncompressed, over the format's limit of 32 MiB"])
    }

    /// An `OSMData` block around `blob`, a Blob message as it is.
    static func fileBlock(blob: [UInt8]) -> [UInt8] {
        var header = Protobuf()
        header.string(1, "OSMData")
        header.key(3, wire: 0)
        header.varint(UInt64(blob.count))
        return [0, 0, 0, UInt8(header.bytes.count)] + header.bytes + blob
    }

    @Test func otherCompressionsNameThemselvesAndTheWayOut() throws {
        for (field, name) in [(4, "lzma"), (5, "bzip2"), (6, "lz4"), (7, "zstd")] {
            let data = PBFFiles.file { w in
                var options = PBFWriter.BlockOptions()
                options.compression = .other(field: field)
                w.nodes([.init(id: 1, lat: 60.17, lon: 24.94, tags: [("name", "A"), ("amenity", "cafe")])], options)
            }
            let line = try expectBad(
                data, "\(name).osm.pbf",
                containing: [
                    "is compressed with \(name), which places does not read (only raw and zlib); re-encode the file with zlib: osmium cat -o out.osm.pbf "
                ])
            #expect(line.hasSuffix("\(name).osm.pbf"), "\(line)")
        }
    }

    @Test func requiredFeaturesPlacesDoesNotReadAreNamed() throws {
        for feature in ["HistoricalInformation", "Sort.Geographic.Hilbert"] {
            let data = PBFFiles.file(required: ["OsmSchema-V0.6", "DenseNodes", feature]) { w in
                w.nodes([.init(id: 1, lat: 60.17, lon: 24.94, tags: [("name", "A"), ("amenity", "cafe")])])
            }
            try expectBad(data, "feature.osm.pbf", containing: ["needs the PBF feature \(feature)", "which places does not read"])
        }
        // Optional features it does not know are fine.
        let dir = try TemporaryDirectory()
        let path = try dir.write(
            "optional.osm.pbf",
            PBFFiles.file(optional: ["Sort.Type_then_ID", "Something.New"]) { w in
                w.nodes([.init(id: 1, lat: 60.17, lon: 24.94, tags: [("name", "A"), ("amenity", "cafe")])])
            })
        let r = try PlacesBinary.run(["nearby", "--at", "60.17,24.94", "--json", "--data", path, "--no-cache"])
        #expect(try r.status == 0 && JSONHelpers.array(r.stdout).count == 1, "\(r)")
    }

    /// A data block whose primitive block is `block` (raw).
    static func withBlock(_ block: [UInt8]) -> Data {
        PBFFiles.file { w in w.otherBlock(type: "OSMData", data: block) }
    }

    static func primitiveBlock(strings: [String], dense: [UInt8]) -> [UInt8] {
        var table = Protobuf()
        for string in strings { table.string(1, string) }
        var group = Protobuf()
        group.bytes(2, dense)
        var block = Protobuf()
        block.bytes(1, table.bytes)
        block.bytes(2, group.bytes)
        return block.bytes
    }

    @Test func nonsenseInTheProtocolBuffersIsDamage() throws {
        // An id varint of eleven bytes, and one that never ends (with a position each).
        for (ids, part) in [
            (Array(repeating: 0xFF, count: 10) + [0x01], "a varint is longer than 64 bits"),
            ([0x80, 0x80, 0x80], "a varint runs past the end of its message"),
        ] as [([UInt8], String)] {
            var dense = Protobuf()
            dense.bytes(1, ids)
            dense.packedSigned(8, [1])
            dense.packedSigned(9, [1])
            try expectBad(
                Self.withBlock(Self.primitiveBlock(strings: [""], dense: dense.bytes)), "varint.osm.pbf",
                containing: ["the block at byte ", part])
        }
        // A field longer than its message.
        try expectBad(
            Self.withBlock([0x0A, 0x7F, 1, 2]), "length.osm.pbf", containing: ["a field of 127 bytes runs past the end of its message"])
        // A tag naming a string the table does not have.
        var dense = Protobuf()
        dense.packedSigned(1, [1])
        dense.packedSigned(8, [601_700_000])
        dense.packedSigned(9, [249_400_000])
        dense.packed(10, [1, 99, 0])
        try expectBad(
            Self.withBlock(Self.primitiveBlock(strings: ["", "name"], dense: dense.bytes)), "index.osm.pbf",
            containing: ["a tag names string 99 of a string table of 2"])
        // More ids than positions.
        var short = Protobuf()
        short.packedSigned(1, [1, 1])
        short.packedSigned(8, [1])
        short.packedSigned(9, [1])
        try expectBad(
            Self.withBlock(Self.primitiveBlock(strings: [""], dense: short.bytes)), "count.osm.pbf",
            containing: ["a DenseNodes group has more ids than positions"])
        // A granularity of zero.
        var zero = Protobuf()
        zero.bytes(1, [])
        zero.key(17, wire: 0)
        zero.varint(0)
        try expectBad(Self.withBlock(zero.bytes), "granularity.osm.pbf", containing: ["its granularity is 0"])
        // A group (wire type 3), which no OSM message has.
        try expectBad(Self.withBlock([0x0B]), "group.osm.pbf", containing: ["field 1 has wire type 3"])
    }
}
