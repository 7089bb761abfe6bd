import Foundation
import Testing

@testable import PlacesCore
@testable import overpass_synth

/// Issue 33, item 12: what places says of a PBF file. Damage is placed in its block once
/// (it was "the block at byte 67: the block at byte 67: …"); a negative size is called
/// negative, not "over the format's limit"; a file that looks like PBF (a data block first,
/// or a header over 64 KiB) gets PBF's words, not "not Overpass JSON … UTF-16, use iconv",
/// from a file and from standard input.
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
}
