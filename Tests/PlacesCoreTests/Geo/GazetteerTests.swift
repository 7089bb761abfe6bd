import Testing
@testable import PlacesCore
@testable import PlacesGazetteer

@Suite("Gazetteer")
struct GazetteerTests {
    let gazetteer = Gazetteer.bundled

    @Test func mostPopulousMatchWinsAndAmbiguityIsReported() throws {
        let paris = try gazetteer.resolve("Paris")
        #expect(paris.place.countryCode == "FR")
        #expect(paris.others.map(\.countryCode) == ["US"])
        let note = try #require(paris.note(for: "Paris"))
        #expect(note.contains("ambiguous"))
        #expect(note.contains("Paris, US"))
    }

    @Test func countryCodeNarrows() throws {
        #expect(try gazetteer.resolve("Paris,US").place.admin1 == "TX")
        #expect(try gazetteer.resolve("Paris, us").place.countryCode == "US")
        #expect(try gazetteer.resolve("London, CA").place.admin1 == "08")
        #expect(try gazetteer.resolve("Springfield,US-MA").place.population == 154_341)
    }

    @Test func uniqueNameHasNoNote() throws {
        let helsinki = try gazetteer.resolve("Helsinki")
        #expect(helsinki.place.countryCode == "FI")
        #expect(abs(helsinki.place.coordinate.latitude - 60.16952) < 1e-9)
        #expect(helsinki.note(for: "Helsinki") == nil)
    }

    @Test(arguments: ["zurich", "ZÜRICH", "Zurich", "  zürich "])
    func caseAndAccentInsensitive(_ query: String) throws {
        #expect(try gazetteer.resolve(query).place.name == "Zürich")
    }

    @Test func alternateNames() throws {
        #expect(try gazetteer.resolve("Helsingfors").place.name == "Helsinki")
        #expect(try gazetteer.resolve("New York").place.name == "New York City")
        #expect(try gazetteer.resolve("sao paulo").place.name == "São Paulo")
    }

    @Test func wholeWordPrefixWhenNoExactName() throws {
        let match = try gazetteer.resolve("Kuala")
        #expect(match.place.name == "Kuala Lumpur")
        #expect(match.matchedByPrefix)
        #expect(match.note(for: "Kuala")?.contains("Kuala Terengganu") == true)
        // "Frankfurt" is an alternate name of Frankfurt am Main, so it is an exact match.
        #expect(try gazetteer.resolve("Frankfurt").place.name == "Frankfurt am Main")
    }

    @Test func noMatchIsNotFoundWithClosestNames() {
        do {
            _ = try gazetteer.resolve("Helsinkki")
            Issue.record("expected an error")
        } catch let error as PlacesError {
            #expect(error.exitCode == 66)
            #expect(error.message.contains("Helsinki (FI)"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func emptyNameIsUsage() {
        #expect(throws: PlacesError.invalidRequest(.center, message: "--near needs a place name, e.g. --near Helsinki or --near 'Paris, FR'")) {
            try gazetteer.resolve("  ", point: nil, wording: .cli)
        }
        #expect(throws: PlacesError.invalidRequest(.center, message: "a place name is needed, e.g. Helsinki or 'Paris, FR'")) {
            try gazetteer.resolve("  ")
        }
    }

    /// The Swift folding must agree with the generator's: every row's own name finds it.
    @Test func everyRowIsFoundByItsOwnName() throws {
        var misses: [String] = []
        var checked = 0
        for line in gazetteerRows.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let name = String(fields[0])
            let keys = fields[7].split(separator: "|").map(String.init)
            if !keys.contains(TextFolding.fold(name)) { misses.append(name) }
            checked += 1
        }
        #expect(checked == 34_006)
        #expect(misses.isEmpty, "folding differs for: \(misses.prefix(20))")
    }

    /// PlacesCore's time-zone table (for OSM opening hours, without the gazetteer) holds the
    /// gazetteer's cities, in its order, with the very same coordinates and zones: the
    /// nearest city, and so every openNow, is what it was when the zones came from here.
    @Test func theTimeZoneTableIsTheGazetteersCitiesExactly() throws {
        let table = CityTimeZones.bundled
        var city = 0
        var mismatches: [String] = []
        gazetteer.forEachRow { fields in
            let text = { (i: Int) in String(decoding: fields[i], as: UTF8.self) }
            defer { city += 1 }
            guard city < table.count, let lat = Double(text(4)), let lon = Double(text(5)) else {
                mismatches.append("row \(city) missing")
                return
            }
            if table.latitudes[city] != lat || table.longitudes[city] != lon || table.zoneNames[Int(table.zones[city])] != text(8) {
                mismatches.append("\(text(0)): \(table.latitudes[city]),\(table.longitudes[city]) \(table.zoneNames[Int(table.zones[city])])")
            }
        }
        #expect(city == table.count && city == 34_006)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
