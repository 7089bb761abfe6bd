import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesModel
@testable import PlacesOSM
@testable import PlacesOSMExtract
@testable import PlacesSupport
@testable import overpass_synth

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cached index answers only for the bytes it was built from, through the binary: an
/// in-place edit that keeps size, mtime and inode is seen, and an index whose numbers are out
/// of range is damage (a note and a rebuild), never a crash or an answer.
@Suite("End to end: when a cached index is trusted")
struct IndexTrustEndToEndTests {
    func environment(_ dir: TemporaryDirectory) -> [String: String] {
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        return env
    }

    /// A 2 MB extract of cafés on a line north of Helsinki; `target` is one whose bytes lie
    /// between the blocks the cache key samples, so an edit there escapes the sampled hash.
    struct Extract {
        let data: Data
        let target: (id: Int, latitude: Double, amenityOffset: Int)
    }

    static func extract() -> Extract {
        func element(_ i: Int) -> String {
            let latitude = 60.2 + Double(i) * 0.0001
            return
                #"{"type":"node","id":\#(1000 + i),"lat":\#(String(format: "%.4f", latitude)),"lon":24.9,"tags":{"amenity":"cafe","name":"Cafe \#(String(format: "%05d", i))"}}"#
        }
        let count = 20_000
        var text = "{\"elements\":[\n"
        var starts: [Int] = []
        for i in 0..<count {
            starts.append(text.utf8.count)
            text += element(i) + (i + 1 < count ? ",\n" : "\n")
        }
        text += "]}\n"
        let size = text.utf8.count
        // The blocks SourceKey.sampledHash reads.
        let middle = size - 2 * SourceKey.edgeBytes - SourceKey.sampleBytes
        var sampled: [Range<Int>] = [0..<SourceKey.edgeBytes, (size - SourceKey.edgeBytes)..<size]
        for i in 0..<SourceKey.sampleCount {
            let start = SourceKey.edgeBytes + middle * i / (SourceKey.sampleCount - 1)
            sampled.append(start..<(start + SourceKey.sampleBytes))
        }
        let i = (count / 2..<count).first { i in
            let bytes = starts[i]..<(starts[i] + element(i).utf8.count)
            return !sampled.contains { $0.overlaps(bytes) }
        }!
        let amenity = element(i).range(of: "\"cafe\"")!
        return Extract(
            data: Data(text.utf8),
            target: (
                1000 + i, 60.2 + Double(i) * 0.0001,
                starts[i] + element(i).utf8.distance(from: element(i).startIndex, to: amenity.lowerBound) + 1
            ))
    }

    /// Writes "bank" over the target's "cafe" in place and sets the access and modification
    /// times back, as `touch -r` would: size, mtime and inode are as they were.
    static func editInPlace(_ path: String, at offset: Int) throws {
        var before = stat()
        #expect(stat(path, &before) == 0)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(offset))
        handle.write(Data("bank".utf8))
        try handle.close()
        #if canImport(Darwin)
        var times = [before.st_atimespec, before.st_mtimespec]
        #else
        var times = [before.st_atim, before.st_mtim]
        #endif
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(
            FileStatus(after).size == FileStatus(before).size && FileStatus(after).inode == FileStatus(before).inode
                && FileStatus(after).modified == FileStatus(before).modified)
    }

    func ids(_ r: PlacesBinary.Result) throws -> [String] {
        try JSONHelpers.array(r.stdout).compactMap { $0["id"] as? String }
    }

    /// The issue's case: edited in place outside the sampled blocks, times set back.
    @Test func anInPlaceEditThatKeepsSizeMtimeAndInodeIsSeen() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let extract = Self.extract()
        let path = try dir.write("cafes.json", extract.data)
        let at = "\(extract.target.latitude),24.9"
        let banks = ["nearby", "--at", at, "--type", "bank", "--radius", "50", "--json", "--data", path]
        let cafes = ["nearby", "--at", at, "--type", "cafe", "--radius", "5", "--json", "--data", path]
        #expect(try ids(PlacesBinary.run(cafes, environment: env)) == ["osm:node/\(extract.target.id)"])
        #expect(try ids(PlacesBinary.run(banks, environment: env)) == [])
        #expect(dir.contents(of: "cache/places").count == 1, "the first query wrote the index")

        try Self.editInPlace(path, at: extract.target.amenityOffset)
        let r = try PlacesBinary.run(banks, environment: env)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(try ids(r) == ["osm:node/\(extract.target.id)"], "a stale index hid the edit: \(r)")
        #expect(try ids(PlacesBinary.run(cafes, environment: env)) == [])
    }

    /// An edit in the same clock tick as the file's last change leaves even ctime as it was.
    /// An index built that close to a change holds a hash of every byte, and it is checked:
    /// here the index's key is set to the edited file's status, as such an edit would leave it.
    @Test func anEditInTheSameTickIsCaughtByTheContentHash() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let extract = Self.extract()
        let path = try dir.write("cafes.json", extract.data)
        let banks = ["nearby", "--at", "\(extract.target.latitude),24.9", "--type", "bank", "--radius", "50", "--json", "--data", path]
        #expect(try ids(PlacesBinary.run(banks, environment: env)) == [])
        let index = dir.file("cache/places/" + (try #require(dir.contents(of: "cache/places").first, "no index was written")))
        var surgery = try IndexSurgery(path: index)
        #expect(surgery.header.contentHash != nil, "a file written a moment ago is racy: its index records its content hash")

        try Self.editInPlace(path, at: extract.target.amenityOffset)
        var info = stat()
        #expect(stat(path, &info) == 0)
        surgery.header.key.status = FileStatus(info)
        surgery.rechecksum()
        try surgery.write(to: index)
        let r = try PlacesBinary.run(banks, environment: env)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(try ids(r) == ["osm:node/\(extract.target.id)"], "\(r)")
    }

    /// Issue 10, item 5: an entry's source offset of 2^63 or more used to trap converting it
    /// to Int. Out-of-range entries are damage: one note, a rebuild, the right answer.
    @Test(arguments: ["offset 2^63", "offset past the end", "NaN latitude", "1e308 longitude", "cell degrees", "cell order"])
    func anIndexWithOutOfRangeNumbersIsRebuilt(_ craft: String) throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let data = ScannerComparison.synthetic(elements: 4000, seed: 17, style: .overpass)
        let path = try dir.write("extract.json", data)
        let query = ["nearby", "--at", "60.1699,24.9384", "--radius", "3000", "--limit", "200", "--json", "--data", path]
        let first = try PlacesBinary.run(query, environment: env)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
        #expect(try JSONHelpers.array(first.stdout).count > 50)
        let index = dir.file("cache/places/" + (try #require(dir.contents(of: "cache/places").first, "no index was written")))
        var s = try IndexSurgery(path: index)
        let entries = Int(s.header.venueCount)
        switch craft {
        case "offset 2^63": for i in 0..<entries { s.setWord(at: s.entryWord(i, 4), 1 << 63 | UInt64(i)) }
        case "offset past the end": for i in 0..<entries { s.setWord(at: s.entryWord(i, 4), UInt64(data.count) + UInt64(i)) }
        case "NaN latitude": for i in 0..<entries { s.setWord(at: s.entryWord(i, 0), Double.nan.bitPattern) }
        case "1e308 longitude": for i in 0..<entries { s.setWord(at: s.entryWord(i, 1), (1e308).bitPattern) }
        case "cell degrees": s.header.cellDegrees = 1e-300
        default:
            // The last cell's number made the first's: the table is no longer in order.
            s.setWord(at: s.cellWord(Int(s.header.cellCount) - 1, 0), s.word(at: s.cellWord(0, 0)))
        }
        s.rechecksum()
        try s.write(to: index)
        let r = try PlacesBinary.run(query, environment: env)
        #expect(r.status == 0 && r.stdout == first.stdout, "\(craft): \(r)")
        #expect(
            r.stderrLines.count == 1 && r.stderrLines[0].hasPrefix("places: note: the cached index \(index) of \(path) is damaged (")
                && r.stderrLines[0].hasSuffix("); rebuilding it"), "\(craft): \(r)")
        let again = try PlacesBinary.run(query, environment: env)
        #expect(again.stdout == first.stdout && again.stderr.isEmpty, "\(craft): \(again)")
    }
}
