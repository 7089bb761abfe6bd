import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import overpass_synth

/// Issue 33, item 12: what places says of a PBF file. Damage is placed in its block once
/// (it was "the block at byte 67: the block at byte 67: …"); a negative size is called
/// negative, not "over the format's limit"; a file that looks like PBF (a data block first,
/// or a header over 64 KiB) gets PBF's words, not "not Overpass JSON … UTF-16, use iconv",
/// from a file and from standard input; and named places dropped for an id below 1 or a
/// position off the globe (lat 91, lon 181, a delta that overflows) are counted in one note.
@Suite("End to end: what PBF errors and notes say")
struct PBFMessagesEndToEndTests {
    let bad = PBFBadFilesEndToEndTests()

    /// An `OSMData` block around the Blob message `blob`.
    static func dataBlock(blob: Protobuf) -> [UInt8] {
        PBFBadFilesEndToEndTests.fileBlock(blob: blob.bytes)
    }

    @Test func damageIsPlacedInItsBlockOnce() throws {
        var noSize = Protobuf()
        noSize.bytes(3, PBFWriter.deflate([1, 2, 3], level: 6))
        let offset = CraftedPBF.file([]).count
        let line = try bad.expectBad(
            CraftedPBF.file([Self.dataBlock(blob: noSize)]), "no-size.osm.pbf",
            containing: ["the block at byte \(offset): its zlib data does not say how long it is inflated (raw_size)"])
        #expect(line.components(separatedBy: "the block at byte").count == 2, "\(line)")
        // Damage found while the block's elements are walked.
        var dense = Protobuf()
        dense.packedSigned(1, [1])
        dense.packedSigned(8, [1])
        let walked = try bad.expectBad(
            PBFBadFilesEndToEndTests.withBlock(PBFBadFilesEndToEndTests.primitiveBlock(strings: [""], dense: dense.bytes)),
            "walked.osm.pbf", containing: ["a DenseNodes group has more ids than positions"])
        #expect(walked.components(separatedBy: "the block at byte").count == 2, "\(walked)")
    }

    @Test func aNegativeSizeIsCalledNegative() throws {
        // A BlobHeader whose datasize is -1 (an int32 sign-extended to ten bytes).
        var header = Protobuf()
        header.string(1, "OSMData")
        header.key(3, wire: 0)
        header.varint(UInt64.max)
        let blob = [0, 0, 0, UInt8(header.bytes.count)] + header.bytes
        let line = try bad.expectBad(
            CraftedPBF.file([blob]), "minus.osm.pbf", containing: ["its header gives its blob a size of -1 bytes, below zero"])
        #expect(!line.contains("over the format's limit"), "\(line)")
        // A zlib blob whose raw_size is -1.
        var raw = Protobuf()
        raw.key(2, wire: 0)
        raw.varint(UInt64.max)
        raw.bytes(3, PBFWriter.deflate([1, 2, 3], level: 6))
        let rawLine = try bad.expectBad(
            CraftedPBF.file([Self.dataBlock(blob: raw)]), "raw-minus.osm.pbf",
            containing: ["its zlib data declares a raw_size of -1 bytes, below zero"])
        #expect(!rawLine.contains("over the format's limit"), "\(rawLine)")
        // A raw_size no zlib data of that length can inflate to, said before room is taken for it.
        var bomb = Protobuf()
        bomb.key(2, wire: 0)
        bomb.varint(30 << 20)
        bomb.bytes(3, PBFWriter.deflate([1, 2, 3], level: 6))
        try bad.expectBad(
            CraftedPBF.file([Self.dataBlock(blob: bomb)]), "ratio.osm.pbf",
            containing: ["bytes of zlib data cannot inflate to the 31457280 bytes it declares (raw_size)"])
    }

    /// A file that begins with an `OSMData` block, and one whose header is over the format's
    /// limit: PBF both, by their first bytes.
    static func lookalikes() -> [(name: String, data: Data, says: String)] {
        var dataFirst = PBFWriter()
        dataFirst.nodes([.init(id: 1, lat: 60.17, lon: 24.94, tags: [("name", "A"), ("amenity", "cafe")])])
        var bigHeader = Protobuf()
        bigHeader.string(1, "OSMHeader")
        let length = 70_000
        let header =
            [0, UInt8(length >> 16), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + bigHeader.bytes
            + [UInt8](repeating: 0, count: length - bigHeader.bytes.count)
        return [
            (
                "data-first.osm.pbf", Data(dataFirst.bytes),
                "the block at byte 0: a PBF file begins with an OSMHeader block, and this one begins with an OSMData block"
            ),
            ("big-header.osm.pbf", Data(header), "the block at byte 0: it has a header of 70000 bytes, over the format's limit of 64 KiB"),
        ]
    }

    @Test func aFileThatLooksLikePBFGetsPBFWords() throws {
        for lookalike in Self.lookalikes() {
            let line = try bad.expectBad(
                lookalike.data, lookalike.name, containing: ["is not a readable OpenStreetMap PBF file: " + lookalike.says])
            #expect(!line.contains("JSON") && !line.contains("UTF-16"), "\(line)")
        }
    }

    @Test func aStreamThatLooksLikePBFGetsPBFWordsToo() throws {
        let dir = try TemporaryDirectory()
        for lookalike in Self.lookalikes() {
            let path = try dir.write(lookalike.name, lookalike.data)
            let r = try PlacesBinary.shell("exec \"$PLACES\" nearby --at 60.17,24.94 --data - < '\(path)'")
            #expect(r.status == 65, "\(r)")
            #expect(
                r.stderrLines.count == 1
                    && r.errorLines.first?.hasPrefix(
                        "places: error: standard input is not a readable OpenStreetMap PBF file: " + lookalike.says) == true,
                "\(r)")
        }
    }

    /// A node block of places: 1 at latitude 91, 2 at longitude 181, 3 where it should be,
    /// one with id -4, 5 whose latitude delta overflows 64 bits; and a way, -7, that is a
    /// place. All are named cafés.
    static func droppedPlaces() -> Data {
        var dense = Protobuf()
        dense.packedSigned(1, [1, 1, 1, -7, 9])
        dense.packedSigned(8, [910_000_000, 601_700_000 - 910_000_000, 0, 0, Int64.max])
        dense.packedSigned(9, [249_400_000, 1_810_000_000 - 249_400_000, 249_400_000 - 1_810_000_000, 0, 0])
        dense.packed(10, Array(repeating: [1, 2, 3, 4, 0] as [UInt64], count: 5).flatMap { $0 })
        let nodes = CraftedPBF.primitive(
            group: {
                var g = Protobuf(); g.bytes(2, dense.bytes); return g.bytes
            }())
        return PBFFiles.file { w in
            w.otherBlock(type: "OSMData", data: nodes)
            w.ways([.init(id: -7, refs: [3], tags: [("name", "Way Cafe"), ("amenity", "cafe")])])
        }
    }

    @Test func droppedPlacesAreCountedInOneNote() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("dropped.osm.pbf", Self.droppedPlaces())
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        // Read from the file (writing the index), then from the index: the same note.
        for _ in 0..<2 {
            let r = try PlacesBinary.run(["nearby", "--at", "60.17,24.94", "--json", "--fields", "id", "--data", path], environment: env)
            #expect(r.status == 0, "\(r)")
            #expect(try JSONHelpers.array(r.stdout).compactMap { $0["id"] as? String } == ["osm:node/3"], "\(r)")
            let notes = r.stderrLines.filter { $0.contains("dropped") }
            #expect(
                notes == [
                    "places: note: 5 named elements of \(path) dropped: an id below 1, or a position off the globe (a latitude beyond ±90°, a longitude beyond ±180°)"
                ],
                "\(r)")
        }
    }
}
