import Foundation
import Testing

/// Issue 14, item 1: flags as a daily shell user gives them (aliases that repeat a flag,
/// short forms, units, synonyms), through the built binary on the bundled extract.
@Suite("End to end: forgiving flags")
struct ForgivingFlagsEndToEndTests {
    let data = ["--data", PlacesBinary.helsinkiData]

    func ids(_ arguments: [String]) throws -> [String] {
        let r = try PlacesBinary.run(arguments + data + ["--json"])
        #expect(r.status == 0, "\(arguments): \(r)")
        return try JSONHelpers.array(r.stdout).compactMap { $0["id"] as? String }
    }

    /// `alias pn='places nearby --limit 5'`, then `pn --limit 10 ...`: the last one wins.
    @Test func aShellAliasFlagGivenAgainIsOverridden() throws {
        let r = try PlacesBinary.shell(
            """
            shopt -s expand_aliases
            alias pn="$PLACES nearby --limit 5 --format csv"
            pn --limit 10 --near Helsinki --data "$DATA"
            """)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(r.stdout.split(separator: "\n").count == 11, "a header and 10 rows: \(r.stdout)")
        // --json after an alias's --format csv is json; --sort given twice takes the later.
        let json = try PlacesBinary.run(["nearby", "--near", "Helsinki", "--format", "csv", "--json", "--limit", "2"] + data)
        #expect(try JSONHelpers.array(json.stdout).count == 2, "\(json)")
        // An --at after an alias's --near is the centre.
        #expect(
            try ids(["nearby", "--near", "Tampere", "--at", "60.1699,24.9384", "--limit", "1", "-t", "restaurant"]) == [
                "osm:node/1369465615"
            ])
    }

    @Test func shortFlagsMatchTheLongOnes() throws {
        let long = try ids(["nearby", "--near", "Helsinki", "--type", "cafe", "--radius", "1000", "--limit", "5"])
        #expect(long.count == 5)
        #expect(try ids(["nearby", "--near", "Helsinki", "-t", "cafe", "-r", "1km", "-n", "5"]) == long)
        #expect(try ids(["nearby", "--near", "Helsinki", "-tcafe", "-r=1km", "-n5"]) == long)
        // -j bundled before a value flag; -s a sort.
        let r = try PlacesBinary.run(["nearby", "--near", "Helsinki", "-jn5", "-tcafe", "-s", "distance"] + data)
        #expect(try JSONHelpers.array(r.stdout).compactMap { $0["id"] as? String } == long, "\(r)")
        let help = try PlacesBinary.run(["nearby", "-h"])
        #expect(help.status == 0 && help.stdout.contains("-t, --type") && help.stdout.contains("-r, --radius"), "\(help)")
    }

    /// `--type` given twice adds types; `--fields +a --fields +b` adds both.
    @Test func typeAndFieldsAccumulate() throws {
        let both = try ids(["nearby", "--near", "Helsinki", "--type", "cafe,bar", "--limit", "30"])
        #expect(try ids(["nearby", "--near", "Helsinki", "--type", "cafe", "-t", "bar", "--limit", "30"]) == both)
        let r = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--limit", "1", "--json", "--fields", "+rating", "--fields", "+phone"] + data)
        #expect(JSONHelpers.keyOrder(ofFirstObjectIn: r.stdout).suffix(2) == ["rating", "phone"], "\(r)")
        let replaced = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--limit", "1", "--json", "--fields", "+rating", "--fields", "id,name"] + data)
        #expect(JSONHelpers.keyOrder(ofFirstObjectIn: replaced.stdout) == ["id", "name"], "\(replaced)")
    }

    /// A bare number is metres; m, km, mi and ft units; under 1 m is 64 saying metres.
    @Test func radiusUnits() throws {
        let base = ["nearby", "--near", "Helsinki", "--limit", "1000"]
        let metres = try ids(base + ["--radius", "300"])
        #expect(!metres.isEmpty)
        #expect(try ids(base + ["--radius", "300m"]) == metres)
        #expect(try ids(base + ["-r", "0.3km"]) == metres)
        #expect(try ids(base + ["-r", "0.3 KM"]) == metres)
        let mile = try ids(base + ["--radius", "1609.344"])
        #expect(try ids(base + ["--radius", "1mi"]) == mile)
        #expect(mile.count > metres.count)
        for bad in ["0.5", "0.9m", "0.0001km"] {
            let r = try PlacesBinary.run(base + ["--radius", bad] + data)
            #expect(r.status == 64 && r.stdout.isEmpty && r.errorLines.count == 1, "\(bad): \(r)")
            #expect(r.stderr.contains("metres, e.g. 1000"), "\(bad): \(r)")
        }
        let words = try PlacesBinary.run(base + ["--radius", "far"] + data)
        #expect(words.status == 64 && words.stderr.contains("1.5km"), "\(words)")
    }

    @Test func typeSynonymsAndSuggestions() throws {
        let cafes = try ids(["nearby", "--near", "Helsinki", "--type", "cafe"])
        #expect(try ids(["nearby", "--near", "Helsinki", "--type", "coffee"]) == cafes)
        #expect(try ids(["nearby", "--near", "Helsinki", "-t", "Cafés"]) == cafes)
        #expect(
            try ids(["nearby", "--near", "Helsinki", "--type", "chemist"]) == ids(["nearby", "--near", "Helsinki", "--type", "pharmacy"]))
        let typo = try PlacesBinary.run(["nearby", "--near", "Helsinki", "--type", "coffe"] + data)
        #expect(typo.status == 64 && typo.stderr.contains("did you mean cafe?"), "\(typo)")
    }

    @Test(arguments: [
        ("car", "drive"), ("driving", "drive"), ("walking", "walk"), ("foot", "walk"),
        ("cycling", "bike"), ("bicycle", "bike"), ("bus", "transit"), ("DRIVE", "drive"),
    ])
    func modeSynonyms(_ word: String, _ mode: String) throws {
        let r = try PlacesBinary.run(["route-estimate", "--from", "Helsinki", "--to", "Espoo", "--mode", word, "--json"])
        #expect(r.status == 0, "\(r)")
        #expect(try JSONHelpers.object(r.stdout)["mode"] as? String == mode, "\(r)")
    }

    @Test func unknownModeSuggestsTheNearest() throws {
        let r = try PlacesBinary.run(["route-estimate", "--from", "Helsinki", "--to", "Espoo", "--mode", "drve"])
        #expect(r.status == 64 && r.errorLines.count == 1 && r.stderr.contains("did you mean drive?"), "\(r)")
    }
}
