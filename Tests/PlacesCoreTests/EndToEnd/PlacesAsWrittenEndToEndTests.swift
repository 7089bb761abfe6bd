import Foundation
import Testing

/// Issue 14, item 3: `--near` and route ends as people write them — "City, Country",
/// "City, ST", a favorite's PLACE_ID and `@ALIAS` — through the built binary.
@Suite("End to end: places as people write them")
struct PlacesAsWrittenEndToEndTests {
    static let loiste = "osm:node/1369465615"
    static let kappeli = "osm:way/185401488"

    func from(_ point: String, environment: [String: String]? = nil) throws -> [String: Any] {
        let r = try PlacesBinary.run(["route-estimate", "--from", point, "--to", "0,0", "--json"], environment: environment)
        #expect(r.status == 0, "\(point): \(r)")
        return try #require(try JSONHelpers.object(r.stdout)["from"] as? [String: Any])
    }

    @Test func cityCommaStateOrCountry() throws {
        let cambridge = try from("Cambridge, MA")
        #expect(cambridge["name"] as? String == "Cambridge")
        #expect(
            cambridge["latitude"] as? Double == 42.3751 && cambridge["longitude"] as? Double == -71.10561,
            "Cambridge, Massachusetts: \(cambridge)")
        #expect(try from("Cambridge, Massachusetts")["latitude"] as? Double == 42.3751)
        #expect(try from("Springfield, IL")["latitude"] as? Double == 39.80172)
        #expect(try from("London, UK")["longitude"] as? Double == -0.12574)
        #expect(try from("Helsinki, Finland")["latitude"] as? Double == 60.16952)

        // --near takes the same forms: Helsinki, Finland is where the extract's places are.
        let near = try PlacesBinary.run([
            "nearby", "--near", "Helsinki, Finland", "--type", "restaurant", "--limit", "1", "--json",
            "--data", PlacesBinary.helsinkiData,
        ])
        #expect(try JSONHelpers.array(near.stdout).first?["name"] as? String == "Asian Wok And Grill Phở Việt", "\(near)")
    }

    @Test func noMatchListsTheClosestSpellings() throws {
        let r = try PlacesBinary.run(["nearby", "--near", "Cambrige, MA", "--data", PlacesBinary.helsinkiData])
        #expect(r.status == 66 && r.stdout.isEmpty && r.errorLines.count == 1, "\(r)")
        #expect(r.stderr.contains("closest names: Cambridge (US)"), "\(r)")
    }

    @Test func aliasesNameFavoritesForNearAndRouteEnds() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        let add = try s.run(["favorite", "add", Self.loiste, "--alias", "office"], data: true)
        #expect(add.status == 0 && add.stderr.contains("as @office"), "\(add)")

        // --near @office: Loiste itself is nearest, at 0 m; no network, no gazetteer.
        let near = try s.run(["nearby", "--near", "@office", "-t", "restaurant", "-n", "1", "--json"], data: true)
        let first = try #require(try JSONHelpers.array(near.stdout).first, "\(near)")
        #expect(first["id"] as? String == Self.loiste && first["distanceMeters"] as? Double == 0, "\(near)")
        // A favorite's PLACE_ID works as --near too, and case does not matter in an alias.
        let byID = try s.run(["nearby", "--near", Self.loiste, "-t", "restaurant", "-n", "1", "--json"], data: true)
        #expect(try JSONHelpers.array(byID.stdout).first?["id"] as? String == Self.loiste, "\(byID)")
        let route = try JSONHelpers.object(s.run(["route-estimate", "--from", "@Office", "--to", "Helsinki", "--json"]).stdout)
        let start = try #require(route["from"] as? [String: Any])
        #expect(start["id"] as? String == Self.loiste && start["name"] as? String == "Loiste")

        // favorite list shows it; an unknown alias is 66 naming it and the known ones.
        let list = try JSONHelpers.array(s.run(["favorite", "list", "--json"]).stdout)
        #expect(list.map { $0["alias"] as? String } == ["office"])
        let unknown = try s.run(["nearby", "--near", "@home"], data: true)
        #expect(unknown.status == 66 && unknown.stdout.isEmpty && unknown.errorLines.count == 1, "\(unknown)")
        #expect(unknown.stderr.contains("@home") && unknown.stderr.contains("@office"), "\(unknown)")
        let badRoute = try s.run(["route-estimate", "--from", "@home", "--to", "Helsinki"])
        #expect(badRoute.status == 66 && badRoute.stderr.contains("@office"), "\(badRoute)")

        // Aliases are unique: giving it to another favorite moves it (and says so).
        let move = try s.run(["favorite", "add", Self.kappeli, "--alias", "office"], data: true)
        #expect(move.status == 0 && move.stderr.contains("moved from \(Self.loiste)"), "\(move)")
        let moved = try JSONHelpers.array(s.run(["favorite", "list", "--json"]).stdout)
        #expect(moved.map { $0["alias"] as? String } == [nil, "office"], "\(moved)")
        // Changed and removed.
        #expect(try s.run(["favorite", "add", Self.kappeli, "--alias", "chapel"], data: true).status == 0)
        #expect(try JSONHelpers.array(s.run(["favorite", "list", "--json"]).stdout).map { $0["alias"] as? String } == [nil, "chapel"])
        let removed = try s.run(["favorite", "add", Self.kappeli, "--alias", ""], data: true)
        #expect(removed.status == 0 && removed.stderr.contains("removed its alias @chapel"), "\(removed)")
        #expect(try JSONHelpers.array(s.run(["favorite", "list", "--json"]).stdout).allSatisfy { $0["alias"] is NSNull })

        let badAlias = try s.run(["favorite", "add", Self.loiste, "--alias", "my office"], data: true)
        #expect(badAlias.status == 64 && badAlias.errorLines.count == 1, "\(badAlias)")
    }

    /// A file with one alias on two favorites is bad data, left alone.
    @Test func aDuplicateAliasInTheFileIsBadData() throws {
        let s = try FavoritesSandbox()
        defer { s.remove() }
        let entry = { (id: String, alias: String) in
            #"{"id":"\#(id)","provider":"osm","name":"X","latitude":60.17,"longitude":24.94,"addedAt":"2024-03-01T08:00:00Z","alias":"\#(alias)"}"#
        }
        let text = #"{"version":1,"favorites":[\#(entry(Self.loiste, "home")),\#(entry(Self.kappeli, "HOME"))]}"#
        try Data(text.utf8).write(to: s.file)
        let r = try s.run(["nearby", "--near", "@home"], data: true)
        #expect(r.status == 65 && r.stderr.contains("alias 'HOME'"), "\(r)")
        #expect(try String(contentsOf: s.file, encoding: .utf8) == text)
    }
}
