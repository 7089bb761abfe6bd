import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesSupport
@testable import places_cli

@Suite("Coordinate")
struct CoordinateTests {
    @Test func parsesNegativeAndSpacedValues() throws {
        let c = try Coordinate.parse("-33.8688, 151.2093")
        #expect(c.latitude == -33.8688)
        #expect(c.longitude == 151.2093)
        #expect(try Coordinate.parse("90,-180").longitude == -180)
    }

    @Test(arguments: ["91,0", "0,180.0001", "-90.5,0", "nan,0", "0,inf", "1e999,0", "abc", "1,2,3", "", ",", "0x10,0", "60.1"])
    func refusesOutOfRangeNonFiniteAndMalformed(_ text: String) {
        #expect(throws: (any Error).self) { try Coordinate.parse(text) }
        // Malformed text is the parser's usage error, a value off the globe the library's invalid request: both 64.
        do { _ = try Coordinate.parse(text) } catch { #expect(ErrorReport.report(error)?.code == 64, "\(error)") }
    }

    @Test func initializerRefusesNaN() {
        #expect(throws: PlacesError.self) { try Coordinate(latitude: .nan, longitude: 0) }
        #expect(throws: PlacesError.self) { try Coordinate(latitude: 0, longitude: -.infinity) }
    }
}

@Suite("PlaceID")
struct PlaceIDTests {
    @Test(arguments: [
        "osm:node/123", "osm:way/8145437", "osm:relation/9", "google:ChIJN1t_tDeuEmsRUsoyG83frY4", "foursquare:4b0588f9f964a520f9db22e3",
    ])
    func roundTrips(_ text: String) throws {
        #expect(try PlaceID(parsing: text).description == text)
    }

    @Test func splitsProviderAndRawID() throws {
        let id = try PlaceID(parsing: "osm:way/42")
        #expect(id.provider == .osm)
        #expect(id.rawID == "way/42")
        #expect(OSMElementRef(rawID: id.rawID) == OSMElementRef(type: .way, id: 42))
    }

    @Test(arguments: [
        "osm:node/", "osm:node/abc", "osm:area/1", "osm:123", "bing:abc", "google:", "nocolon", "google:a/b", "google:a?b", "osm:node/-5",
    ])
    func refusesMalformed(_ text: String) {
        #expect(throws: PlacesError.self) { try PlaceID(parsing: text) }
    }
}

@Suite("CuisineName")
struct CuisineNameTests {
    @Test(arguments: [
        ("sushi_restaurant", ["sushi"]), ("Sushi Restaurant", ["sushi"]), ("sushi", ["sushi"]),
        ("Pizza;italian", ["pizza", "italian"]), ("pizza; italian", ["pizza", "italian"]),
        ("pizza,_kebab,_vegetarian", ["pizza", "kebab", "vegetarian"]), ("yes", []), ("", []),
        ("Middle Eastern Restaurant", ["middle_eastern"]), ("middle_eastern", ["middle_eastern"]),
        ("coffee_shop", ["coffee_shop"]), ("Coffee Shop", ["coffee_shop"]), ("hamburger_restaurant", ["burger"]),
        ("burger;Burger", ["burger"]), ("Café", ["coffee_shop"]), ("thai;;vietnamese", ["thai", "vietnamese"]),
    ])
    func canonicalises(_ raw: String, _ expected: [String]) {
        #expect(CuisineName.canonicalList(raw) == expected)
    }
}

@Suite("PlaceCategory")
struct PlaceCategoryTests {
    @Test func parsesListsAndRefusesUnknownWithTheKnownOnes() throws {
        #expect(try PlaceTypeWords.parseList("restaurant, cafe,fast-food") == [.restaurant, .cafe, .fast_food])
        do {
            _ = try PlaceTypeWords.parseList("restaurnt")
            Issue.record("expected error")
        } catch let e as UsageError {
            #expect(ErrorReport.report(e)?.code == 64)
            #expect(e.message.contains("did you mean restaurant?"))
            #expect(e.message.contains("pharmacy"))
        } catch {}
    }
}
