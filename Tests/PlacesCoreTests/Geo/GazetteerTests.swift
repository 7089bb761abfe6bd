import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesSupport

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

    /// Places as people write them: a country's name or a common code, a US state, a Canadian
    /// province or an Australian state by postal code or name.
    @Test(
        arguments: [
            ("London, UK", "GB", nil), ("Helsinki, Finland", "FI", nil), ("Cambridge, MA", "US", "MA"),
            ("Cambridge, Massachusetts", "US", "MA"), ("Springfield, IL", "US", "IL"), ("London, ON", "CA", "08"),
            ("Perth, WA", "AU", "08"), ("Sydney, NSW", "AU", "02"), ("Victoria, BC", "CA", "02"),
            ("Istanbul, Turkey", "TR", nil), ("Paris, TX", "US", "TX"), ("Athens, Georgia", "US", "GA"),
        ] as [(String, String, String?)])
    func countryAndRegionAsPeopleWriteThem(_ query: String, _ country: String, _ admin1: String?) throws {
        let place = try gazetteer.resolve(query).place
        #expect(place.countryCode == country, "\(query) → \(place.qualifiedName)")
        if let admin1 { #expect(place.admin1 == admin1, "\(query) → \(place.qualifiedName)") }
    }

    /// No match lists at most three closest spellings, in the scope given or, when the text
    /// after the comma names nothing, of the name before it.
    @Test func noMatchListsThreeClosestSpellings() {
        for (query, expected) in [("Lndon", "London (GB)"), ("Cambrige, MA", "Cambridge (US)"), ("Helsinki, Finlnd", "Helsinki (FI)")] {
            do {
                _ = try gazetteer.resolve(query)
                Issue.record("expected an error for \(query)")
            } catch let error as PlacesError {
                #expect(error.exitCode == 66)
                #expect(error.message.contains(expected), "\(error.message)")
                let list = error.message.components(separatedBy: "closest names: ").last ?? ""
                #expect(list.components(separatedBy: "), ").count <= 3, "\(error.message)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
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
        #expect(
            throws: PlacesError.invalidRequest(.center, message: "--near needs a place name, e.g. --near Helsinki or --near 'Paris, FR'")
        ) {
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
            let name = String(fields[1])
            let keys = fields[7].split(separator: "|").map(String.init)
            if !keys.contains(TextFolding.fold(name)) { misses.append(name) }
            checked += 1
        }
        #expect(checked == 34_006)
        #expect(misses.isEmpty, "folding differs for: \(misses.prefix(20))")
    }

    /// Positions and zones live in PlacesCore's city table (for OSM opening hours without the
    /// gazetteer); the gazetteer finds each row's there by GeoNames id (GeneratedDataTests
    /// compare both with the input, row by row).
    @Test func everyRowHasItsCitysPositionAndZone() throws {
        var rows = 0
        gazetteer.forEachRow { _, _ in rows += 1 }
        #expect(rows == 34_006 && CityPositions.bundled.count == rows)
        // Three rows of cities15000.tsv, as written there.
        for (query, lat, lon, zone) in [
            ("Helsinki", 60.16952, 24.93545, "Europe/Helsinki"), ("Sydney", -33.86785, 151.20732, "Australia/Sydney"),
            ("Springfield, US-MA", 42.10148, -72.58981, "America/New_York"),
        ] {
            let place = try gazetteer.resolve(query).place
            #expect(place.coordinate == (try Coordinate(latitude: lat, longitude: lon)), "\(query): \(place.coordinate)")
            var zones = NearestCityTimeZone()
            #expect(zones.zoneName(at: place.coordinate) == zone, "\(query)")
        }
    }
}
