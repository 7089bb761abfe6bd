import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSM
@testable import PlacesOSMExtract
@testable import PlacesSupport
@testable import overpass_synth

/// The index is a cache, never data: seeded damage and crafted numbers give the right answer
/// (with a note and a rebuild when the damage is seen), and a file's status is trusted only
/// once it has settled.
@Suite("Spatial index: damage and trust")
struct VenueIndexDamageTests {
    static let request = SearchRequest(
        kind: .nearby, center: try! Coordinate(latitude: 60.1699, longitude: 24.9384),
        radiusMeters: 4000, limit: 1000)

    /// One seeded corruption of an index file's bytes: flipped, cut, extended, or a field
    /// set to something out of range with every checksum made to match again.
    static func corrupt(_ good: [UInt8], _ random: inout SplitMix) throws -> (IndexSurgery, String) {
        var s = try IndexSurgery(bytes: good)
        let entries = Int(s.header.venueCount), cells = Int(s.header.cellCount)
        let entry = random.below(entries), cell = random.below(cells)
        switch random.below(14) {
        case 0, 1, 2:
            let count = 1 + random.below(8)
            for _ in 0..<count { s.bytes[random.below(s.bytes.count)] ^= UInt8(1 << random.below(8)) }
            return (s, "\(count) bits flipped")
        case 3:
            let keep = random.below(s.bytes.count)
            s.bytes.removeLast(s.bytes.count - keep)
            return (s, "cut to \(keep) bytes")
        case 4:
            let extra = 1 + random.below(64)
            s.bytes += (0..<extra).map { _ in UInt8(random.below(256)) }
            return (s, "\(extra) bytes appended")
        case 5:
            let value = [Double.nan, .infinity, -.infinity, 1e308, -1e308, 90.5, -91, Double(bitPattern: random.next())][random.below(8)]
            s.setWord(at: s.entryWord(entry, random.below(2)), value.bitPattern)
            s.rechecksum()
            return (s, "entry \(entry) coordinate \(value)")
        case 6:
            // A valid position, in another cell.
            s.setWord(at: s.entryWord(entry, 0), (s.word(at: s.entryWord(entry, 0)) == (10.0).bitPattern ? 20.0 : 10.0).bitPattern)
            s.rechecksum()
            return (s, "entry \(entry) moved to another cell")
        case 7:
            let offset = [1 << 63, UInt64.max, UInt64(s.header.key.status.size), UInt64(random.below(Int(s.header.key.status.size)))][
                random.below(4)]
            s.setWord(at: s.entryWord(entry, 4), offset)
            s.rechecksum()
            return (s, "entry \(entry) offset \(offset)")
        case 8:
            let id = [0, UInt64(bitPattern: -1), UInt64(bitPattern: Int64.min), random.next()][random.below(4)]
            s.setWord(at: s.entryWord(entry, 3), id)
            s.rechecksum()
            return (s, "entry \(entry) id \(Int64(bitPattern: id))")
        case 9:
            s.setWord(at: s.entryWord(entry, 2), s.word(at: s.entryWord(entry, 2)) | 3 << 62)
            s.rechecksum()
            return (s, "entry \(entry) of no element type")
        case 10:
            let number = [UInt64.max, 1 << 40, s.word(at: s.cellWord(max(cell - 1, 0), 0)), random.next()][random.below(4)]
            s.setWord(at: s.cellWord(cell, 0), number)
            s.rechecksum()
            return (s, "cell \(cell) number \(number)")
        case 11:
            let first = [UInt64.max, s.header.venueCount, UInt64(random.below(entries + 2)), 0][random.below(4)]
            s.setWord(at: s.cellWord(cell, 1), first)
            s.rechecksum()
            return (s, "cell \(cell) first entry \(first)")
        case 12:
            s.header.cellDegrees = [0.02, 0.005, 1e-300, .nan, 90, 0.01000001][random.below(6)]
            s.rechecksum()
            return (s, "cell degrees \(s.header.cellDegrees)")
        default:
            let counts = [
                (s.header.venueCount + 1, s.header.cellCount), (s.header.venueCount - 1, s.header.cellCount),
                (s.header.venueCount, s.header.cellCount + 1), (s.header.venueCount, 0), (1 << 50, s.header.cellCount),
            ]
            (s.header.venueCount, s.header.cellCount) = counts[random.below(counts.count)]
            s.rechecksum()
            return (s, "counts \(s.header.venueCount) venues, \(s.header.cellCount) cells")
        }
    }

    /// A few hundred seeded corruptions of a real index: never a crash, never a wrong answer;
    /// at most one note, and only the "damaged, rebuilding" one.
    @Test func seededCorruptionsNeverCrashOrMislead() async throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("extract.json", ScannerComparison.synthetic(elements: 2500, seed: 77, style: .overpass))
        let provider = OverpassFileProvider(path: path, cache: VenueIndexCache(directory: dir.file("cache")), parallelFrom: .max)
        let expected = try await VenueIndexTests.answers(provider, Self.request)
        #expect(expected.count > 100)
        let index = dir.file("cache/\(dir.contents(of: "cache")[0])")
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: index)))
        var random = SplitMix(seed: 2024)
        var noted = 0
        for round in 0..<300 {
            let (damaged, what) = try Self.corrupt(good, &random)
            try damaged.write(to: index)
            let notes = CollectedDiagnostics()
            let answer = try await VenueIndexTests.answers(provider, Self.request, notes.diagnostics)
            #expect(answer == expected, "round \(round), \(what)")
            #expect(
                notes.lines.count <= 1 && notes.lines.allSatisfy { $0.contains("is damaged") && $0.hasSuffix("rebuilding it") },
                "round \(round), \(what): \(notes.lines)")
            noted += notes.lines.count
        }
        #expect(noted > 100, "most corruptions are seen: \(noted)")
    }

    @Test func aFileSettlesOnlyWhenBothTimesAreSafelyPast() {
        let now = FileTime(seconds: 1_000_000, nanoseconds: 500)
        func status(_ modified: Int64, _ changed: Int64) -> FileStatus {
            FileStatus(
                device: 1, inode: 2, size: 3, modified: FileTime(seconds: modified, nanoseconds: 0),
                changed: FileTime(seconds: changed, nanoseconds: 0))
        }
        #expect(status(999_990, 999_990).isSettled(at: now))
        #expect(!status(999_990, 999_999).isSettled(at: now), "changed a second ago")
        #expect(!status(999_999, 999_990).isSettled(at: now), "modified a second ago")
        #expect(!status(999_990, 1_000_100).isSettled(at: now), "changed in the future")
        #expect(!status(Int64.max, 0).isSettled(at: now))
        #expect(status(Int64.min, Int64.min).isSettled(at: FileTime(seconds: Int64.min + 1, nanoseconds: 0)) == false)
    }

    /// A racy index carries its source's content hash, is checked against it, and once the
    /// source has settled is rewritten without it; a settled source's index never has one.
    @Test func aRacyIndexIsCheckedUntilItsSourceSettles() async throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("extract.json", ScannerComparison.synthetic(elements: 2000, seed: 5, style: .overpass))
        let cache = VenueIndexCache(directory: dir.file("cache"))
        let now = FileTime.now()
        let racy = OverpassFileProvider(path: path, cache: cache, parallelFrom: .max, clock: { now })
        let expected = try await VenueIndexTests.answers(racy, Self.request)
        let index = dir.file("cache/\(dir.contents(of: "cache")[0])")
        #expect(try IndexSurgery(path: index).header.contentHash != nil)
        func inode() throws -> Int? { try FileManager.default.attributesOfItem(atPath: index)[.systemFileNumber] as? Int }
        let built = try inode()

        let notes = CollectedDiagnostics()
        #expect(try await VenueIndexTests.answers(racy, Self.request, notes.diagnostics) == expected)
        #expect(try inode() == built, "still racy: read, checked, left as it was")
        let later = now.adding(seconds: 10)
        let settled = OverpassFileProvider(path: path, cache: cache, parallelFrom: .max, clock: { later })
        #expect(try await VenueIndexTests.answers(settled, Self.request, notes.diagnostics) == expected)
        #expect(try IndexSurgery(path: index).header.contentHash == nil, "settled: rewritten without the hash")
        #expect(try inode() != built)
        #expect(try await VenueIndexTests.answers(settled, Self.request, notes.diagnostics) == expected)
        #expect(notes.lines.isEmpty, "\(notes.lines)")

        try FileManager.default.removeItem(atPath: index)
        _ = try await VenueIndexTests.answers(settled, Self.request)
        #expect(try IndexSurgery(path: index).header.contentHash == nil, "a settled file is indexed without a hash")
    }
}
