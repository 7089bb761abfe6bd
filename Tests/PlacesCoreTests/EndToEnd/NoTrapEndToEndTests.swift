import Foundation
import Testing

@testable import overpass_synth

/// The paths issue 21's sweep found that data or input could take to a trap (a force
/// unwrap, an index out of range, a precondition), through the binary: each ends in an answer,
/// or in one error line and the contract's exit code.
@Suite("End to end: no trap on odd data or input")
struct NoTrapEndToEndTests {
    /// An extract of one cafe, its name and cuisine as given (bytes, so they need not be UTF-8).
    static func extract(_ dir: TemporaryDirectory, name: [UInt8], cuisine: String) throws -> String {
        let head =
            #"{"version":0.6,"elements":[{"type":"node","id":1,"lat":40.68,"lon":46.36,"tags":{"amenity":"cafe","cuisine":"\#(cuisine)","name":""#
        return try dir.write("extract.json", Data(Array(head.utf8) + name + Array(#""}}]}"#.utf8)))
    }

    /// Letters of U+0250–U+027F (IPA extensions: the ə of Azerbaijani names, the ɛ and ɔ of
    /// Akan and Ewe ones) start with the byte C9 as the Latin letters before them do, and ran
    /// past the end of the fast folding table: a text search of such an extract trapped. Now
    /// the scan, the index it writes, and the index read back all find the place.
    @Test(arguments: [("Gəncə Çayxanası", "azerbaijani"), ("Ɛkɔ Chop Bar", "ɛwe"), ("Maison ɐɑɒ", "ɔ")])
    func placeNamesWithIPALettersAreSearched(name: String, cuisine: String) throws {
        let dir = try TemporaryDirectory()
        let file = try Self.extract(dir, name: Array(name.utf8), cuisine: cuisine)
        var env = PlacesBinary.baseEnvironment()
        env["XDG_CACHE_HOME"] = dir.file("cache")
        for cache in [["--no-cache"], [], []] {
            let r = try PlacesBinary.run(["search", name, "--at", "40.68,46.36", "--json", "--data", file] + cache, environment: env)
            #expect(r.status == 0 && r.errorLines.isEmpty, "\(cache): \(r)")
            #expect(try JSONHelpers.array(r.stdout).map { $0["name"] as? String } == [name], "\(cache): \(r)")
        }
    }

    /// A lead byte of the folding table's range before a byte that does not continue it (not
    /// UTF-8) is never folded as a letter: the place is found or the file is bad data, never a trap.
    @Test func aBrokenTwoByteSequenceInANameIsNotATrap() throws {
        let dir = try TemporaryDirectory()
        let file = try Self.extract(dir, name: Array("Caf".utf8) + [0xC9, 0x41] + Array(" Bar".utf8), cuisine: "coffee_shop")
        let r = try PlacesBinary.run(["search", "bar", "--at", "40.68,46.36", "--no-cache", "--json", "--data", file])
        #expect([0, 65].contains(r.status), "\(r)")
        #expect(r.status == 0 ? r.errorLines.isEmpty : r.errorLines.count == 1, "\(r)")
    }

    /// An extract over 8 MiB is scanned on two threads, the second from near the middle: a
    /// number broken in either half is bad data (65, one line), never a lost or missing half.
    @Test(arguments: [0.25, 0.75])
    func aLargeExtractBrokenInEitherHalfIsBadData(at fraction: Double) throws {
        let dir = try TemporaryDirectory()
        var bytes = Array(ScannerComparison.synthetic(elements: 60_000, seed: 21, style: .overpass))
        #expect(bytes.count > 8 << 20, "big enough for the two-thread scan")
        let lat = Array(#""lat":"#.utf8)
        let from = Int(Double(bytes.count) * fraction)
        let at = try #require((from..<(bytes.count - lat.count)).first { bytes[$0..<($0 + lat.count)].elementsEqual(lat) })
        bytes[at + lat.count] = UInt8(ascii: "#")
        let file = try dir.write("broken.json", Data(bytes))
        var env = PlacesBinary.baseEnvironment()
        env["XDG_CACHE_HOME"] = dir.file("cache")
        for cache in [["--no-cache"], []] {
            let r = try PlacesBinary.run(["nearby", "--at", "60.1699,24.9384", "--data", file] + cache, environment: env)
            #expect(r.status == 65 && r.errorLines.count == 1 && r.stdout.isEmpty, "\(cache): \(r)")
        }
    }

    /// A provider named twice, in any case or spelling, is a usage error before a client
    /// (which asks each provider once, by precondition) is made.
    @Test(arguments: [["--provider", "osm,OSM"], ["--provider", "osm, osm"], ["--provider", ","], ["--provider", ""]])
    func aProviderListThatRepeatsOrIsEmptyIsAUsageError(_ flags: [String]) throws {
        let r = try PlacesBinary.run(["nearby", "--at", "60.1699,24.9384", "--data", PlacesBinary.helsinkiData] + flags)
        #expect(r.status == 64 && r.errorLines.count == 1 && r.stdout.isEmpty, "\(flags): \(r)")
    }

    @Test func aProviderVariableThatRepeatsIsAConfigurationError() throws {
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_PROVIDER"] = "osm,osm"
        let r = try PlacesBinary.run(["nearby", "--at", "60.1699,24.9384", "--data", PlacesBinary.helsinkiData], environment: env)
        #expect(r.status == 78 && r.errorLines.count == 1 && r.errorLines.first?.contains("PLACES_PROVIDER=") == true, "\(r)")
    }

    /// Commands that read their first positional, given none, as a batch line (which the
    /// parser checks as it checks a command line) and as a command line.
    @Test(arguments: [["details"], ["favorite", "add"], ["favorite", "remove"], ["completions"], ["cassettes", "list"]])
    func aMissingPositionalIsAUsageError(_ args: [String]) throws {
        let direct = try PlacesBinary.run(args)
        #expect(direct.status == 64 && direct.errorLines.count == 1, "\(args): \(direct)")
        let dir = try TemporaryDirectory()
        let line = "[" + args.map { "\"\($0)\"" }.joined(separator: ",") + "]\n"
        let input = try dir.write("in.ndjson", Data(line.utf8))
        let batch = try PlacesBinary.run(["batch", input])
        #expect(batch.status == 64, "\(args): \(batch)")
        let record = try JSONHelpers.object(batch.stdout.trimmingCharacters(in: .newlines))
        #expect(record["exitCode"] as? Int == 64, "\(args): \(batch)")
    }

    /// Values a flag parser took apart by position.
    @Test(arguments: [
        ["--price", "-"], ["--price", "1-"], ["--price", "-2"], ["--price", "1-2-3"], ["--at", ","], ["--at", "60.1"],
        ["--limit"], ["--at"], ["--near"],
    ])
    func malformedFlagValuesAreUsageErrors(_ flags: [String]) throws {
        let r = try PlacesBinary.run(["nearby", "--data", PlacesBinary.helsinkiData] + flags)
        #expect(r.status == 64 && r.errorLines.count == 1 && r.stdout.isEmpty, "\(flags): \(r)")
    }
}
