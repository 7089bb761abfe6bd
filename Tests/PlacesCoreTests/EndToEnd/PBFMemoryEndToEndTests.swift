import Foundation
import Testing

@testable import PlacesCore
@testable import overpass_synth

/// Issue 33, item 2: what reading a PBF file takes is bounded by what the file holds. A 30 KB
/// block whose zlib inflates to 31 million copies of one node id once took a gigabyte (eight
/// of them 6 GB, or a SIGABRT with a stack trace under a memory limit); so did one relation
/// of millions of members, millions of places in one block, and one long name every place
/// names. Each is now one error line, exit 65, naming the block, in little memory. The runs
/// are capped (`ulimit -v`), so a regression fails here instead of taking the machine.
@Suite("End to end: memory a PBF file may take")
struct PBFMemoryEndToEndTests {
    /// The children's address space: room for what a command needs (a few hundred MB), not
    /// for the gigabytes an unbounded reading took. The cap is the measure of memory here:
    /// a posix_spawn child's `ru_maxrss` counts its parent's peak (the child shares the
    /// parent's memory until it execs), and the test process holds blocks of 32 MiB.
    static let addressSpace = 1 << 30

    /// Runs a nearby query on `data` under the cap.
    static func nearby(_ data: Data, name: String) throws -> (PlacesBinary.MeasuredResult, String) {
        let dir = try TemporaryDirectory()
        let path = try dir.write(name, data)
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        let run = try PlacesBinary.runMeasured(
            ["nearby", "--near", "Helsinki", "--type", "cafe", "--data", path], environment: env,
            addressSpaceLimit: addressSpace, killAfter: 300)
        return (run, path)
    }

    /// The one error line of a file refused for what it would keep, naming `block`.
    static func expectRefused(_ data: Data, name: String, block: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (run, path) = try nearby(data, name: name)
        let r = run.result
        #expect(r.status == 65, "\(run)", sourceLocation: sourceLocation)
        #expect(r.stdout.isEmpty && r.stderrLines.count == 1, "\(run)", sourceLocation: sourceLocation)
        #expect(
            r.errorLines.first?.hasPrefix(
                "places: error: \(path) is not a readable OpenStreetMap PBF file: the block at byte \(block): "
                    + "its elements would keep more than ") == true, "\(run)", sourceLocation: sourceLocation)
    }

    /// The header block's length: where the first data block starts.
    static let firstDataBlock = CraftedPBF.file([]).count

    @Test func aBlockOfOneIdRepeatedMillionsOfTimesIsRefused() throws {
        let block = CraftedPBF.zlibBlock(CraftedPBF.wayWithRefs(count: 31_000_000))
        let one = CraftedPBF.file([block])
        #expect(one.count < 40_000, "a 30 KB file: \(one.count) bytes")
        try Self.expectRefused(one, name: "one.osm.pbf", block: Self.firstDataBlock)
        let eight = CraftedPBF.file(Array(repeating: block, count: 8))
        try Self.expectRefused(eight, name: "eight.osm.pbf", block: Self.firstDataBlock)
    }

    @Test func aRelationOfMillionsOfMembersIsRefused() throws {
        let data = CraftedPBF.file([CraftedPBF.zlibBlock(CraftedPBF.relationWithMembers(count: 16_000_000))])
        try Self.expectRefused(data, name: "members.osm.pbf", block: Self.firstDataBlock)
    }

    @Test func millionsOfPlacesInOneSmallBlockAreRefused() throws {
        let data = CraftedPBF.file([CraftedPBF.zlibBlock(CraftedPBF.placeNodes(count: 4_000_000))])
        try Self.expectRefused(data, name: "places.osm.pbf", block: Self.firstDataBlock)
    }

    @Test func aLongNameEveryPlaceNamesIsRefused() throws {
        var strings = CraftedPBF.placeStrings
        strings[2] = [UInt8](repeating: UInt8(ascii: "x"), count: 16 << 20)
        let data = CraftedPBF.file([CraftedPBF.zlibBlock(CraftedPBF.placeNodes(count: 4000, strings: strings))])
        try Self.expectRefused(data, name: "long-name.osm.pbf", block: Self.firstDataBlock)
    }

    /// Within its budget a file is read, in a few hundred MB at most (under the cap): 1 MB (a
    /// padding block makes up the size) with six million distinct node ids in its ways.
    @Test func aFileOfOneMegabyteWithinItsBudgetIsReadInAFewHundredMegabytes() throws {
        var blocks = (1...5).map { CraftedPBF.zlibBlock(CraftedPBF.wayWithRefs(id: UInt64($0), count: 1_200_000, delta: 2)) }
        var padding = PBFWriter()
        padding.otherBlock(type: "Padding", data: [UInt8](repeating: 0, count: 1_000_000))
        blocks.append(padding.bytes)
        let data = CraftedPBF.file(blocks)
        #expect(data.count < 1_100_000)
        let (run, _) = try Self.nearby(data, name: "full.osm.pbf")
        #expect(run.result.status == 0, "\(run)")
        #expect(run.result.stderr.contains("5 named elements of "), "\(run)")
    }
}
