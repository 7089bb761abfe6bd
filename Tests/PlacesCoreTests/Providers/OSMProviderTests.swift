import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesSupport

@Suite("OSM mapping")
struct OSMVenueMapperTests {
    func element(
        _ type: String = "node", id: Int64 = 1, lat: Double? = 60.17, lon: Double? = 24.94,
        center: OverpassElement.Center? = nil, tags: [String: String]?
    ) -> OverpassElement {
        OverpassElement(type: type, id: id, lat: lat, lon: lon, center: center, tags: tags)
    }

    @Test func mapsTagsToTheVocabularyCuisinesAddressAndContacts() throws {
        let v = try #require(
            OSMVenueMapper.venue(
                from: element(tags: [
                    "name": "Hanko Sushi", "amenity": "restaurant", "cuisine": "Sushi;japanese",
                    "addr:street": "Mannerheimintie", "addr:housenumber": "20", "addr:postcode": "00100", "addr:city": "Helsinki",
                    "contact:phone": "+358 9 123", "contact:website": "https://example.fi",
                ])))
        #expect(v.id.description == "osm:node/1")
        #expect(v.categories == ["restaurant"])
        #expect(v.cuisines == ["sushi", "japanese"])
        #expect(v.address == "Mannerheimintie 20, 00100 Helsinki")
        #expect(v.phone == "+358 9 123")
        #expect(v.website == "https://example.fi")
        #expect(v.mapsURL == "https://www.openstreetmap.org/node/1")
        #expect(v.rating == nil && v.openNow == nil && v.priceLevel == nil)
    }

    @Test func plainTagsWinOverContactForms() throws {
        let v = try #require(
            OSMVenueMapper.venue(
                from: element(tags: [
                    "name": "X", "amenity": "cafe", "phone": "1", "contact:phone": "2", "website": "w", "contact:website": "c",
                ])))
        #expect(v.phone == "1" && v.website == "w")
    }

    @Test func waysUseTheirCentre() throws {
        let v = try #require(
            OSMVenueMapper.venue(
                from: element(
                    "way", id: 8, lat: nil, lon: nil, center: .init(lat: 60.1, lon: 24.9), tags: ["name": "Park", "leisure": "park"])))
        #expect(v.id.description == "osm:way/8")
        #expect(v.coordinate.latitude == 60.1)
        #expect(v.categories == ["park"])
        #expect(v.mapsURL == "https://www.openstreetmap.org/way/8")
    }

    @Test func coffeeShopsArePubsAreBarsAndUnmappedKeepTheirValue() throws {
        #expect(OSMVenueMapper.categories(from: ["shop": "coffee"]) == ["cafe"])
        #expect(OSMVenueMapper.categories(from: ["amenity": "pub"]) == ["bar", "pub"])
        #expect(OSMVenueMapper.categories(from: ["amenity": "bank", "atm": "yes"]) == ["atm", "bank"])
        #expect(OSMVenueMapper.categories(from: ["shop": "clothes"]) == ["clothes"])
    }

    @Test func skipsUnnamedUnplacedAndOutOfRange() {
        #expect(OSMVenueMapper.venue(from: element(tags: ["amenity": "cafe"])) == nil)
        #expect(OSMVenueMapper.venue(from: element(tags: nil)) == nil)
        #expect(OSMVenueMapper.venue(from: element("way", lat: nil, lon: nil, tags: ["name": "No centre"])) == nil)
        #expect(OSMVenueMapper.venue(from: element(lat: 95, tags: ["name": "Bad"])) == nil)
    }
}

@Suite("Overpass file provider")
struct OverpassFileProviderTests {
    let provider = OverpassFileProvider(path: PlacesBinary.helsinkiData)

    @Test func readsTheBundledExtract() throws {
        let venues = try provider.loadVenues()
        #expect(venues.count == 1196)
        #expect(venues.filter { $0.id.rawID.hasPrefix("way/") }.count == 47)
        #expect(venues.filter { $0.categories.contains("restaurant") }.count == 213)
    }

    @Test func searchSelectsByTypeAndText() async throws {
        let request = SearchRequest(kind: .text("sushi"), center: nil, radiusMeters: nil)
        let found = try await provider.search(request, diagnostics: .silent)
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { TextFolding.fold($0.name).contains("sushi") || $0.cuisines.contains("sushi") })
    }

    @Test func detailsFindsAnIdOrSaysNotFound() async throws {
        let id = try PlaceID(parsing: "osm:node/1369465615")
        #expect(try await provider.details(id, fields: [], diagnostics: .silent).name == "Loiste")
        await #expect(throws: PlacesError.self) {
            try await provider.details(PlaceID(parsing: "osm:node/1"), fields: [], diagnostics: .silent)
        }
    }

    @Test func missingFileIs66AndNonOverpassIs65() throws {
        let missing = OverpassFileProvider(path: "/nonexistent/x.json")
        // In library terms; the CLI's "no such --data file" is checked through the binary (ErrorPathEndToEndTests).
        #expect(throws: PlacesError.notFound(message: "no such extract file: /nonexistent/x.json")) {
            try missing.loadVenues()
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, body) in [
            ("a.json", "{\"elements\": 5}"), ("b.json", "not json"), ("c.json", "{\"foo\": []}"),
            ("d.json", "{\"elements\":[{\"type\":\"node\",\"lat\":1,\"lon\":2}]}"),
        ] {
            let file = dir.appendingPathComponent(name)
            try body.write(to: file, atomically: true, encoding: .utf8)
            do {
                _ = try OverpassFileProvider(path: file.path).loadVenues()
                Issue.record("expected an error for \(body)")
            } catch let e as PlacesError {
                #expect(e.exitCode == 65, "\(body): \(e.message)")
                #expect(e.message.contains(file.path))
            }
        }
    }
}
