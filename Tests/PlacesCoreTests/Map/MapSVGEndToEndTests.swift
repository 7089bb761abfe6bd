import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesOSMExtract

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `--format svg` through the binary: every command that draws, with streets from the
/// Helsinki PBF and without (a graticule), the street file beside the index (built, reused,
/// rebuilt when damaged), the golden maps, and the refusals (Google's terms, flags that need
/// a map, a map-data file that is not a PBF).
@Suite("End to end: --format svg")
struct MapSVGEndToEndTests {
    static let pbf = PBFFiles.helsinki
    static let json = PlacesBinary.helsinkiData

    func environment(_ dir: TemporaryDirectory) -> [String: String] {
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        env["PLACES_FAVORITES_FILE"] = dir.file("favorites.json")
        return env
    }

    /// The attributes of every element with `id` starting with `prefix`, in document order.
    static func elements(_ svg: String, idPrefix prefix: String) throws -> [[String: String]] {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = AttributeCollector(prefix: prefix)
        parser.delegate = collector
        guard parser.parse() else { throw MapTestFailure("not XML: \(String(describing: parser.parserError))") }
        return collector.found
    }

    @Test func nearbyDrawsEveryPlaceOfTheJSONAnswerWithItsRowNumberOverTheStreets() throws {
        let dir = try TemporaryDirectory()
        let query = ["nearby", "--near", "Helsinki", "--radius", "2000", "--data", Self.pbf]
        let json = try PlacesBinary.run(query + ["--json"], environment: environment(dir))
        let svg = try PlacesBinary.run(query + ["--format", "svg"], environment: environment(dir))
        #expect(json.status == 0 && svg.status == 0, "\(svg)")
        let places = try JSONHelpers.array(json.stdout)
        let markers = try Self.elements(svg.stdout, idPrefix: "place-")
        #expect(places.count == 20 && markers.count == places.count)
        for (row, place) in places.enumerated() {
            let marker = try #require(markers.first { $0["id"] == "place-\(row + 1)" })
            #expect(marker["data-id"] == place["id"] as? String)
            #expect(Double(marker["data-lat"] ?? "") == place["latitude"] as? Double)
            #expect(Double(marker["data-lon"] ?? "") == place["longitude"] as? Double)
            #expect(marker["transform"]?.hasPrefix("translate(") == true)
        }
        #expect(try Self.elements(svg.stdout, idPrefix: "centre").count == 1)
        for part in [
            "id=\"streets\"", "class=\"minor\"", "id=\"legend\"", "id=\"scale-bar\"", "id=\"north-arrow\"", "© OpenStreetMap contributors",
        ] {
            #expect(svg.stdout.contains(part), "no \(part)")
        }
        #expect(!svg.stdout.contains("id=\"graticule\""))
        #expect(svg.stdout.utf8.count < 2_000_000)
        // The street file is beside the index, and a second map reads it.
        let cache = dir.file("cache/places")
        let streetFiles = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasSuffix(".idx.map") }
        #expect(streetFiles.count == 1)
        let again = try PlacesBinary.run(query + ["--format", "svg"], environment: environment(dir))
        #expect(again.stdout == svg.stdout && again.stderr.isEmpty)
    }

    @Test func aDamagedStreetFileIsSaidAndRebuiltAndTheMapIsTheSame() throws {
        let dir = try TemporaryDirectory()
        let query = ["nearby", "--near", "Helsinki", "--data", Self.pbf, "--format", "svg"]
        let first = try PlacesBinary.run(query, environment: environment(dir))
        let cache = dir.file("cache/places")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".idx.map") })
        let path = cache + "/" + name
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for offset in [bytes.count - 100, bytes.count / 2, 200] {
            var damaged = bytes
            damaged[offset] ^= 0x5A
            try damaged.write(to: URL(fileURLWithPath: path))
            let after = try PlacesBinary.run(query, environment: environment(dir))
            #expect(after.status == 0 && after.stdout == first.stdout, "byte \(offset): \(after.stderr)")
            #expect(after.stderr.contains("street map") && after.stderr.contains("rebuilding"), "byte \(offset): \(after.stderr)")
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        }
    }

    @Test func withoutStreetDataTheMapHasAGraticule() throws {
        let dir = try TemporaryDirectory()
        let svg = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--type", "cafe", "--data", Self.json, "--format", "svg", "--size", "640x480"],
            environment: environment(dir))
        #expect(svg.status == 0, "\(svg)")
        #expect(svg.stdout.contains("id=\"graticule\"") && !svg.stdout.contains("id=\"streets\""))
        #expect(svg.stdout.contains("width=\"640\" height=\"480\""))
        // The places are OpenStreetMap's, so its credit is shown even with no streets drawn.
        #expect(svg.stdout.contains("© OpenStreetMap contributors"))
        // --map-data draws streets under a JSON extract's places.
        let streets = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--type", "cafe", "--data", Self.json, "--format", "svg", "--map-data", Self.pbf],
            environment: environment(dir))
        #expect(streets.status == 0 && streets.stdout.contains("id=\"streets\""), "\(streets)")
    }

    @Test func everyCommandThatDrawsDraws() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let route = try PlacesBinary.run(
            ["route-estimate", "--from", "60.1699,24.9384", "--to", "60.1841,24.9497", "--format", "svg", "--map-data", Self.pbf],
            environment: env)
        #expect(route.status == 0, "\(route)")
        #expect(try Self.elements(route.stdout, idPrefix: "route").map { $0["id"] } == ["route", "route-start", "route-end"])
        let along = try PlacesBinary.run(
            [
                "nearby", "--type", "cafe", "--from", "60.1699,24.9384", "--to", "60.1841,24.9497", "--radius", "200", "--data", Self.pbf,
                "--format", "svg",
            ], environment: env)
        #expect(along.status == 0 && along.stdout.contains("id=\"route\"") && along.stdout.contains("id=\"place-1\""), "\(along)")
        let details = try PlacesBinary.run(["details", "osm:node/1371746679", "--data", Self.pbf, "--format", "svg"], environment: env)
        let reverse = try PlacesBinary.run(["reverse", "60.1699,24.9384", "--data", Self.pbf, "--format", "svg"], environment: env)
        #expect(reverse.status == 0 && reverse.stdout.contains("id=\"centre\"") && reverse.stdout.contains("id=\"place-1\""), "\(reverse)")
        let add = try PlacesBinary.run(["favorite", "add", "osm:node/1371746679", "--data", Self.pbf], environment: env)
        let favorites = try PlacesBinary.run(["favorite", "list", "--format", "svg"], environment: env)
        if details.status == 0 {
            #expect(details.stdout.contains("data-id=\"osm:node/1371746679\""))
            #expect(
                add.status == 0 && favorites.status == 0 && favorites.stdout.contains("data-id=\"osm:node/1371746679\""), "\(favorites)")
        } else {
            Issue.record("details: \(details)")
        }
        let search = try PlacesBinary.run(
            ["search", "sushi", "--near", "Helsinki", "--data", Self.json, "--format", "svg"], environment: env)
        #expect(search.status == 0 && search.stdout.contains("matching sushi"), "\(search)")
        // No place found is still a map: the centre alone.
        let none = try PlacesBinary.run(
            ["search", "no such place zz", "--near", "Helsinki", "--data", Self.json, "--format", "svg"], environment: env)
        #expect(none.status == 0 && none.stdout.contains("id=\"centre\"") && !none.stdout.contains("id=\"place-1\""), "\(none)")
    }

    @Test func refusalsAreUsageErrorsBeforeAnyRequest() throws {
        let dir = try TemporaryDirectory()
        var env = environment(dir)
        env["GOOGLE_MAPS_API_KEY"] = "CANARY-google-map-key-TESTKEY"
        env["PLACES_GOOGLE_PLACES_URL"] = "http://127.0.0.1:9"
        let cases: [([String], String)] = [
            (["nearby", "--near", "Helsinki", "--provider", "google", "--format", "svg"], "Google"),
            (["details", "google:ChIJabc", "--format", "svg"], "Google"),
            (["route-estimate", "--from", "Helsinki", "--to", "Espoo", "--router", "google", "--format", "svg"], "Google"),
            (["nearby", "--near", "Helsinki", "--data", Self.json, "--size", "800x600"], "--format svg"),
            (["nearby", "--near", "Helsinki", "--data", Self.json, "--format", "svg", "--size", "80x60"], "--size"),
            (["nearby", "--near", "Helsinki", "--data", Self.json, "--format", "svg", "--size", "wide"], "--size"),
            (["nearby", "--near", "Helsinki", "--data", Self.json, "--format", "svg", "--group-by", "cuisine"], "group-by"),
            (["autocomplete", "sush", "--data", Self.json, "--format", "svg"], "no map"),
        ]
        for (arguments, word) in cases {
            let result = try PlacesBinary.run(arguments, environment: env)
            #expect(result.status == 64 && result.errorLines.count == 1 && result.stderr.contains(word), "\(arguments): \(result)")
            #expect(result.stdout.isEmpty && !result.stderr.contains("TESTKEY"))
        }
        let notPBF = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--data", Self.json, "--format", "svg", "--map-data", Self.json], environment: env)
        #expect(notPBF.status == 65 && notPBF.errorLines.count == 1 && notPBF.stderr.contains(".osm.pbf"), "\(notPBF)")
        let missing = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--data", Self.json, "--format", "svg", "--map-data", dir.file("nope.pbf")], environment: env)
        #expect(missing.status == 66 && missing.errorLines.count == 1, "\(missing)")
    }

    /// A hostile street map: a 30 KB file whose one street names 31 million nodes (its zlib
    /// inflates to them) is one error line, 65, under an address-space cap of 1 GiB (the
    /// street file's reading is bounded as every other reading of a PBF is); a file that is
    /// cut short is 65 too, and neither leaves a street file behind.
    @Test func aHostileStreetMapIsOneErrorLineInBoundedMemory() throws {
        let dir = try TemporaryDirectory()
        let block = CraftedPBF.zlibBlock(CraftedPBF.wayWithRefs(count: 31_000_000, strings: CraftedPBF.streetStrings))
        let bomb = try dir.write("bomb.osm.pbf", CraftedPBF.file([block]))
        let helsinki = try Data(contentsOf: URL(fileURLWithPath: Self.pbf))
        let cut = try dir.write("cut.osm.pbf", helsinki.prefix(helsinki.count * 2 / 3))
        for path in [bomb, cut] {
            let run = try PlacesBinary.runMeasured(
                ["nearby", "--near", "Helsinki", "--data", Self.json, "--format", "svg", "--map-data", path], environment: environment(dir),
                addressSpaceLimit: PBFMemoryEndToEndTests.addressSpace, killAfter: 300)
            let r = run.result
            #expect(r.status == 65 && r.stdout.isEmpty && r.stderrLines.count == 1, "\(path): \(run)")
            #expect(r.errorLines.first?.contains("is not a readable OpenStreetMap PBF file") == true, "\(path): \(run)")
        }
        let cache = (try? FileManager.default.contentsOfDirectory(atPath: dir.file("cache/places"))) ?? []
        #expect(!cache.contains { $0.hasSuffix(".map") }, "\(cache)")
    }

    /// Hostile names in an extract are text in the map, and the document stays XML.
    @Test func aHostileExtractsNamesAreText() throws {
        let dir = try TemporaryDirectory()
        let name = "<script>alert(1)</script>\\u001b[31m&amp;\\u202e\\u0007"
        let extract = """
            {"elements":[{"type":"node","id":1,"lat":60.17,"lon":24.94,"tags":{"amenity":"cafe","name":"\(name)","addr:street":"<b>x</b>"}}]}
            """
        let path = try dir.write("evil.json", Data(extract.utf8))
        let result = try PlacesBinary.run(
            ["nearby", "--at", "60.17,24.94", "--data", path, "--format", "svg"], environment: environment(dir))
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("<script") && !result.stdout.contains("<b>") && !result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("&lt;script&gt;"))
        #expect(try Self.elements(result.stdout, idPrefix: "place-").count == 1)
    }

    /// The same input gives the same bytes: the README's map, drawn again, is the file in the
    /// repository (PLACES_UPDATE_GOLDEN=1 writes it anew).
    @Test(arguments: MapGolden.all)
    func goldenMaps(_ golden: MapGolden) throws {
        let dir = try TemporaryDirectory()
        let result = try PlacesBinary.run(golden.arguments, environment: environment(dir))
        #expect(result.status == 0, "\(result)")
        let url = PlacesBinary.repositoryRoot.appendingPathComponent(golden.file)
        if ProcessInfo.processInfo.environment["PLACES_UPDATE_GOLDEN"] == "1" {
            try Data(result.stdout.utf8).write(to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(result.stdout == expected, "\(golden.file) differs: run with PLACES_UPDATE_GOLDEN=1 and look at the difference")
    }
}

/// A map kept in the repository, and the command that draws it.
struct MapGolden: Sendable, CustomStringConvertible {
    let file: String
    let arguments: [String]

    var description: String { file }

    static let all = [
        MapGolden(
            file: "docs/images/helsinki-cafes-along-route.svg",
            arguments: [
                "nearby", "--type", "cafe", "--from", "60.1699,24.9384", "--to", "60.1730,24.9470", "--radius", "150", "--limit", "12",
                "--data", PBFFiles.helsinki, "--format", "svg",
            ]),
        MapGolden(
            file: "Fixtures/golden/map-graticule-cafes.svg",
            arguments: [
                "nearby", "--near", "Helsinki", "--type", "cafe", "--limit", "8", "--data", PlacesBinary.helsinkiData, "--format", "svg",
            ]),
    ]
}

struct MapTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Collects the attributes of elements whose id starts with a prefix.
final class AttributeCollector: NSObject, XMLParserDelegate {
    let prefix: String
    var found: [[String: String]] = []

    init(prefix: String) {
        self.prefix = prefix
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if let id = attributes["id"], id.hasPrefix(prefix) { found.append(attributes) }
    }
}
