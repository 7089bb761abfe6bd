import Foundation
import Testing

@testable import overpass_synth

/// `--data` at scale through the binary: the scanner's errors, the spatial index's cache,
/// and a start that does no work for `--version` and `help`.
@Suite("End to end: offline data, index cache, fast start")
struct OfflineDataEndToEndTests {
    func environment(_ dir: TemporaryDirectory) -> [String: String] {
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        return env
    }

    @Test func malformedDataSaysWhichByteLineAndColumn() throws {
        let dir = try TemporaryDirectory()
        let text = "{\n  \"elements\": [\n    {\"type\": \"node\", \"id\": 1,, \"lat\": 1}\n  ]\n}\n"
        let path = try dir.write("broken.json", Data(text.utf8))
        let r = try PlacesBinary.run(["nearby", "--at", "60,24", "--data", path], environment: environment(dir))
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.isEmpty)
        #expect(
            r.errorLines == [
                "places: error: \(path) is not Overpass JSON: expected a string key but found ',' at byte 47 (line 3, column 30); export with [out:json] and 'out center tags;'"
            ], "\(r)")
        #expect(ScannerComparison.decoded(Data(text.utf8)) == nil)
        #expect(dir.contents(of: "cache/places").isEmpty, "no index of a broken file")
    }

    @Test func utf16AndAnOverpassErrorAreBadData() throws {
        let dir = try TemporaryDirectory()
        let utf16 = try dir.write("utf16.json", "{\"elements\":[]}".data(using: .utf16)!)
        let remark = try dir.write("remark.json", Data(#"{"elements":[],"remark":"runtime error: Query timed out"}"#.utf8))
        for (path, message) in [(utf16, "UTF-16"), (remark, "records an Overpass error instead of data")] {
            let r = try PlacesBinary.run(["search", "x", "--data", path], environment: environment(dir))
            #expect(r.status == 65, "\(r)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].contains(message), "\(r)")
        }
    }

    /// The first run writes the index, the next reads it, a damaged one is rebuilt with one
    /// note, `--no-cache` writes nothing: and the answer is the same every time.
    @Test func theIndexCacheIsTransparent() throws {
        let dir = try TemporaryDirectory()
        var data = Data()
        var synthesizer = OverpassSynthesizer(seed: 12, style: .overpass)
        synthesizer.document(elements: 5000) { data.append(contentsOf: $0) }
        let path = try dir.write("finland.json", data)
        let query = ["nearby", "--near", "Helsinki", "--type", "restaurant,cafe", "--radius", "3000", "--json", "--data", path]
        let env = environment(dir)

        let first = try PlacesBinary.run(query, environment: env)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
        #expect(try JSONHelpers.array(first.stdout).count == 20)
        let files = dir.contents(of: "cache/places")
        try #require(files.count == 1 && files[0].hasSuffix(".idx"), "\(files)")

        let second = try PlacesBinary.run(query, environment: env)
        #expect(second.stdout == first.stdout && second.stderr == first.stderr, "\(second)")

        try Data("damaged".utf8).write(to: URL(fileURLWithPath: dir.file("cache/places/\(files[0])")))
        let third = try PlacesBinary.run(query, environment: env)
        #expect(third.status == 0 && third.stdout == first.stdout, "\(third)")
        let notes = third.stderrLines.filter { $0.contains("index") }
        #expect(
            notes.count == 1 && notes[0].hasPrefix("places: note: the cached index ")
                && notes[0].hasSuffix("is damaged (it is shorter than its header); rebuilding it"), "\(third)")
        #expect(try PlacesBinary.run(query, environment: env).stderr == first.stderr)

        var bare = env
        bare["XDG_CACHE_HOME"] = dir.file("other-cache")
        let uncached = try PlacesBinary.run(query + ["--no-cache"], environment: bare)
        #expect(uncached.stdout == first.stdout, "\(uncached)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("other-cache")))

        let id = try #require(try JSONHelpers.array(first.stdout).last?["id"] as? String)
        let details = try PlacesBinary.run(["details", id, "--json", "--data", path], environment: env)
        #expect(try JSONHelpers.object(details.stdout)["id"] as? String == id, "\(details)")
    }

    /// `$PLACES_OSM_DATA` naming no file, or a directory, is a configuration error (78) naming
    /// the variable, not `--data`, which the user did not type; `--data` naming either stays 66.
    @Test func aMissingFileInTheVariableIsConfigurationNamingIt() throws {
        let dir = try TemporaryDirectory()
        var env = environment(dir)
        env["PLACES_OSM_DATA"] = dir.file("missing.json")
        for arguments in [
            ["nearby", "--near", "Helsinki"], ["details", "osm:node/1369465615"], ["search", "pizza", "--provider", "osm"],
            ["route-estimate", "--from", "osm:node/1369465615", "--to", "Helsinki"],
        ] {
            let r = try PlacesBinary.run(arguments, environment: env)
            #expect(r.status == 78 && r.stdout.isEmpty && r.errorLines.count == 1, "\(arguments): \(r)")
            #expect(r.stderr.contains("PLACES_OSM_DATA") && !r.stderr.contains("--data file"), "\(arguments): \(r)")
        }
        let flag = try PlacesBinary.run(["nearby", "--near", "Helsinki", "--data", dir.file("missing.json")], environment: env)
        #expect(flag.status == 66 && flag.stderr.contains("no such --data file"), "\(flag)")
        // A directory in the variable is named as the variable's too; as --data it stays 66.
        env["PLACES_OSM_DATA"] = dir.path
        let directory = try PlacesBinary.run(["nearby", "--near", "Helsinki"], environment: env)
        #expect(directory.status == 78 && directory.errorLines.count == 1, "\(directory)")
        #expect(directory.stderr.hasPrefix("places: error: PLACES_OSM_DATA names a directory"), "\(directory)")
        #expect(!directory.stderr.contains("--data \(dir.path)"), "\(directory)")
        let directoryFlag = try PlacesBinary.run(["nearby", "--near", "Helsinki", "--data", dir.path], environment: env)
        #expect(directoryFlag.status == 66 && directoryFlag.stderr.contains("--data \(dir.path) is a directory"), "\(directoryFlag)")
        env["PLACES_OSM_DATA"] = PlacesBinary.helsinkiData
        #expect(try PlacesBinary.run(["nearby", "--near", "Helsinki", "-n", "1"], environment: env).status == 0)
    }

    /// `--version` and `help` print and stop: no data file read, no cache touched, no gazetteer.
    @Test func versionAndHelpDoNoWork() throws {
        let dir = try TemporaryDirectory()
        var env = environment(dir)
        env["PLACES_OSM_DATA"] = dir.file("missing.json")
        env["PLACES_PROVIDER"] = "bogus"
        for arguments in [["--version"], ["help"], ["help", "nearby"], ["nearby", "--help"]] {
            let r = try PlacesBinary.run(arguments, environment: env)
            #expect(r.status == 0 && r.stderr.isEmpty && !r.stdout.isEmpty, "\(arguments): \(r)")
        }
        #expect(try PlacesBinary.run(["--version"], environment: env).stdout == "places 0.1.0\n")
        #expect(!FileManager.default.fileExists(atPath: dir.file("cache")))
        #expect(!FileManager.default.fileExists(atPath: dir.file("home")))
    }
}
