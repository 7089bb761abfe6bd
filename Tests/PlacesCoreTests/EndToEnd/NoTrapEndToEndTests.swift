import Foundation
import Testing

/// The paths issue 21's sweep found that data or input could take to a trap (a force
/// unwrap, an index out of range, a precondition), through the binary: each ends in an answer,
/// or in one error line and the contract's exit code.
@Suite("End to end: no trap on odd data or input")
struct NoTrapEndToEndTests {
    /// An extract of one cafe, its name and cuisine as given (bytes, so they need not be UTF-8).
    static func extract(_ dir: TemporaryDirectory, name: [UInt8], cuisine: String) throws -> String {
        let head = #"{"version":0.6,"elements":[{"type":"node","id":1,"lat":40.68,"lon":46.36,"tags":{"amenity":"cafe","cuisine":"\#(cuisine)","name":""#
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
}
