import Foundation
import Testing

@testable import PlacesOSMExtract

/// Issue 37: an index's entries and a PBF's venue records are sorted in fixed-size runs,
/// spilled beside the index and merged back. Whatever the run size, the merge must give
/// what a stable sort of everything in memory gives, and leave no file behind.
@Suite("Sorted runs spilled and merged")
struct SortedRunsTests {
    /// Random items over few keys (so many share one), in up to three collections sharing a
    /// spill file, as an index builder's parts do.
    static func items(seed: UInt64, count: Int, keys: Int) -> [[(key: UInt64, bytes: [UInt8])]] {
        var random = SplitMix(seed: seed)
        return (0..<3).map { _ in
            (0..<random.below(count + 1)).map { _ in
                let key = UInt64(random.below(keys))
                return (key, (0..<random.below(40)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            }
        }
    }

    /// What the merge of `collections` collected with runs of `runBytes` gives.
    static func merged(
        _ collections: [[(key: UInt64, bytes: [UInt8])]], runBytes: Int, in dir: TemporaryDirectory
    ) throws -> [(UInt64, [UInt8])] {
        let spill = try SpillFile(beside: dir.file("index"))
        let runs = collections.map { items in
            let runs = SortedRuns(spill: spill, runBytes: runBytes)
            for item in items { runs.append(key: item.key) { $0 += item.bytes } }
            #expect(runs.count == items.count)
            return runs
        }
        let all = runs.flatMap { $0.finish() }
        #expect(runs.allSatisfy { !$0.failed })
        var out: [(UInt64, [UInt8])] = []
        try SortedRunMerge(all, spill: spill).inOrder { key, bytes in out.append((key, Array(bytes))) }
        return out
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func tinyRunsMergeAsAStableSortInMemory(_ seed: UInt64) throws {
        let dir = try TemporaryDirectory()
        let collections = Self.items(seed: seed, count: 3000, keys: seed % 2 == 0 ? 50 : 1 << 40)
        // A stable sort of everything, collection by collection: the order the builders had.
        let expected = collections.flatMap { $0 }.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
            .map { ($0.element.key, $0.element.bytes) }
        for runBytes in [256, 1000, 64 << 10, 1 << 30] {
            let got = try Self.merged(collections, runBytes: runBytes, in: dir)
            #expect(got.count == expected.count, "run bytes \(runBytes)")
            #expect(zip(got, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }, "run bytes \(runBytes)")
        }
        // The spill file was unlinked when it was made: nothing is left, even while it lives.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func anItemLargerThanAReadBufferComesBackWhole() throws {
        let dir = try TemporaryDirectory()
        let big = (0..<(SortedRunMerge.bufferBytes * 3)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let collections: [[(key: UInt64, bytes: [UInt8])]] = [[(5, [1]), (2, big), (5, big), (1, [])], [(2, [9])], []]
        let got = try Self.merged(collections, runBytes: 256, in: dir)
        #expect(got.map(\.0) == [1, 2, 2, 5, 5])
        #expect(got.map(\.1) == [[], big, [9], [1], big])
    }

    @Test func nothingCollectedMergesToNothing() throws {
        let dir = try TemporaryDirectory()
        #expect(try Self.merged([[], [], []], runBytes: 256, in: dir).isEmpty)
    }
}
