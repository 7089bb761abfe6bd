import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesProviderKit
@testable import PlacesSupport

/// Stream lines read as points, the bulk record written as bytes equal to the renderer's,
/// and typed addresses read and matched against the extract.
@Suite("Reverse records and addresses")
struct ReverseRecordTests {
    static func parse(_ text: String) -> PointLine.Parsed {
        Array(text.utf8).withUnsafeBytes { PointLine.parse($0) }
    }

    @Test func pointLines() {
        #expect(Self.parse("60.1699,24.9384") == .point(Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)))
        #expect(Self.parse("  -33.8688 , 151.2093\r") == .point(Coordinate(uncheckedLatitude: -33.8688, longitude: 151.2093)))
        #expect(
            Self.parse(#"{"latitude": 60.1699, "longitude": 24.9384, "id": 7}"#)
                == .point(Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)))
        #expect(Self.parse("1e1,2E-1") == .point(Coordinate(uncheckedLatitude: 10, longitude: 0.2)))
        #expect(Self.parse("   ") == .blank)
        for bad in [
            "60.1699", "abc,def", "91,0", "0,180.5", "nan,0", "60.1,24.9,3", #"{"latitude": true, "longitude": 1}"#, "{", "0x10,1", "--1,2",
        ] {
            guard case .bad = Self.parse(bad) else { Issue.record("'\(bad)' must be a bad line"); continue }
        }
    }

    /// The byte parser gives exactly the double the text means, long inputs included.
    @Test func numbersAreReadExactly() {
        var random = SplitMix64(seed: 99)
        for _ in 0..<20_000 {
            let digits = random.below(17) + 1
            let whole = random.below(181)
            var fraction = ""
            for _ in 0..<digits { fraction.append(String(random.below(10))) }
            let text = "\(random.below(2) == 0 ? "-" : "")\(whole).\(fraction)"
            let parsed = Array(text.utf8).withUnsafeBytes { PointLine.number($0) }
            #expect(parsed == Double(text), "\(text)")
        }
    }

    /// Anywhere on Earth, and near cities where a district is named (points within a few
    /// kilometres of a row, sections' rows among them), the bytes are the renderer's.
    @Test func bulkRecordsAreTheRenderersRecordsByteForByte() throws {
        let gazetteer = Gazetteer.bundled
        var records = CityOnlyRecords(
            locate: gazetteer.localityFinder(), city: { row in gazetteer.city(atRow: row, distanceMeters: 0) },
            districtName: { row in gazetteer.place(atRow: row).name })
        var random = SplitMix64(seed: 5)
        var districts = 0
        for line in 1...400 {
            let point: Coordinate
            if line % 2 == 0 {
                var row = random.below(gazetteer.cityCount)
                while line % 4 == 0 && !gazetteer.table.isSection(row) { row = random.below(gazetteer.cityCount) }
                let near = gazetteer.place(atRow: row).coordinate
                point = Coordinate(
                    uncheckedLatitude: max(-90, min(90, near.latitude + Double(random.below(201)) / 10_000 - 0.01)),
                    longitude: near.longitude + Double(random.below(201)) / 10_000 - 0.01)
            } else {
                point = Coordinate(
                    uncheckedLatitude: Double(random.below(1_800_000)) / 10_000 - 90,
                    longitude: Double(random.below(3_600_000)) / 10_000 - 180)
            }
            var bytes: [UInt8] = []
            records.append(point, line: line, to: &bytes)
            let city = gazetteer.nearestCity(to: point)
            if city?.district != nil { districts += 1 }
            let expected = ReverseRenderer.json(ReverseGeocode(coordinate: point, city: city), line: line).compact + "\n"
            #expect(String(decoding: bytes, as: UTF8.self) == expected)
        }
        #expect(districts > 20, "\(districts) districts")
    }

    /// The stream's city and district parts, written as bytes, are the renderer's objects up
    /// to their distance, for every bundled row (a division's name, its code, or neither)
    /// and names needing escapes.
    @Test func cityPrefixesAreTheRenderersCityObjects() {
        let gazetteer = Gazetteer.bundled
        var cities = (0..<gazetteer.cityCount).map { row in gazetteer.city(atRow: row, distanceMeters: Double(row) * 10.5) }
        let awkward = "Quote \" back\\ tab\t bell\u{07} c1\u{85} bidi\u{202E} ok é"
        cities.append(
            ReverseGeocode.City(
                name: awkward, admin1: "\n", admin1Code: "\u{1}", countryCode: "X\u{2028}",
                coordinate: Coordinate(uncheckedLatitude: -0.00001, longitude: 180), population: 0, distanceMeters: 0))
        #expect(cities.contains { $0.admin1 == nil && $0.admin1Code != nil } && cities.contains { $0.admin1Code == nil })
        for city in cities {
            let whole = ReverseRenderer.json(city).compact
            let prefix = String(decoding: CityOnlyRecords.cityPrefix(city), as: UTF8.self)
            #expect(whole == prefix + JSONValue.format(ReverseRenderer.rounded(city.distanceMeters)) + "}", "\(city.name)")
            let district = ReverseGeocode.District(name: city.name, distanceMeters: city.distanceMeters)
            let districtPrefix = String(decoding: CityOnlyRecords.districtPrefix(name: district.name), as: UTF8.self)
            #expect(
                ReverseRenderer.json(district).compact
                    == districtPrefix + JSONValue.format(ReverseRenderer.rounded(district.distanceMeters)) + "}", "\(city.name)")
        }
    }

    /// The bulk writer's numbers are `JSONValue.format`'s text: positions with 0 to 12
    /// decimals, distances to a tenth of a metre, integers, and the values that fall back
    /// (tiny, huge, long, negative zero).
    @Test func bulkNumbersAreTheFormattersText() {
        var random = SplitMix64(seed: 77)
        var values: [Double] = [
            0, -0.0, 1e-5, -1e-5, 1e-4, 0.001, 0.00099999, 5e-324, 1e-300, 90, -180, 1e9, 999_999_999.9, 1e15,
            123_456_789_012_345.6, 0.1, 0.7, 1.05, 2.675, 24.9384, -33.8688, 60.16952,
        ]
        let powers = (0...12).map { exponent in (0..<exponent).reduce(1.0) { power, _ in power * 10 } }
        for _ in 0..<100_000 {
            let decimals = random.below(13)
            let whole = Double(random.below(181)) * (random.below(2) == 0 ? 1 : -1)
            let fraction = Double(random.below(Int(powers[decimals]))) / powers[decimals]
            values.append(whole < 0 ? whole - fraction : whole + fraction)
            values.append(Double(random.below(1_000_000) * (random.below(2) == 0 ? 1 : 200)) / 10)
            values.append(Double(bitPattern: random.next()))
        }
        for value in values where value.isFinite {
            var bytes: [UInt8] = []
            JSONNumberBytes.append(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONValue.format(value), "\(value)")
        }
        for n in [0, 7, -7, 401, Int.max, Int.min] {
            var bytes: [UInt8] = []
            JSONNumberBytes.append(n, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(n))
        }
    }

    @Test func addressQueries() {
        #expect(
            AddressQuery("Simonkatu 7, Helsinki") == AddressQuery(street: "Simonkatu", housenumber: "7", postcode: nil, city: "Helsinki"))
        #expect(
            AddressQuery("Mannerheimintie 14-20, 00100 Helsinki")
                == AddressQuery(street: "Mannerheimintie", housenumber: "14-20", postcode: "00100", city: "Helsinki"))
        #expect(AddressQuery("Fredrikinkatu 6 B") == AddressQuery(street: "Fredrikinkatu", housenumber: "6 B", postcode: nil, city: nil))
        #expect(
            AddressQuery("1600 Amphitheatre Parkway, Mountain View")
                == AddressQuery(street: "Amphitheatre Parkway", housenumber: "1600", postcode: nil, city: "Mountain View"))
        #expect(AddressQuery("Esplanadi") == AddressQuery(street: "Esplanadi", housenumber: nil, postcode: nil, city: nil))
        #expect(AddressQuery("  ") == nil)
        #expect(AddressQuery("12") == nil)
        #expect(AddressQuery.looksLikeAddress("Simonkatu 7, Helsinki"))
        #expect(!AddressQuery.looksLikeAddress("Helsinki"))
        #expect(!AddressQuery.looksLikeAddress("Frankfurt am Main"))
    }

    /// Every address of the bundled extract with a street and number is found again from its
    /// text, at its own position (or one with the same street, number and city).
    @Test func everyAddressOfTheExtractIsFoundFromItsText() async throws {
        let cache = try TemporaryDirectory()
        let book = try OSMAddressBook.open(
            path: PBFFiles.helsinki, cache: VenueIndexCache(directory: cache.path), diagnostics: NoteLog().diagnostics)
        var tried = 0
        var all: [OSMAddressRecord] = []
        try book.forEachRecord { all.append($0) }
        // House numbers as people type them (`7`, `6 B`, `14-20`, `3a`); the extract also holds `8, Floor 6`, and a street `Asemahalli, Kaivokatu` no typed address can name.
        for record in all
        where record.street?.contains(",") == false && (record.housenumber?.wholeMatch(of: /\d+(-\d+)?( ?[A-Za-z])?/) != nil) {
            tried += 1
            guard tried % 7 == 0 else { continue }
            let text =
                "\(record.street ?? "") \(record.housenumber ?? "")"
                + (record.city.flatMap { $0.contains(where: \.isLetter) ? ", \($0)" : nil } ?? "")
            guard let query = AddressQuery(text) else { Issue.record("'\(text)' does not read"); continue }
            let matches = try OSMExtractGeocoder.matches(query, in: book, near: record.coordinate)
            let first = try #require(matches.first, "'\(text)'")
            #expect(
                first.street == record.street
                    && AddressQuery.normalizedNumber(first.housenumber ?? "") == AddressQuery.normalizedNumber(record.housenumber ?? ""),
                "'\(text)'")
            // Nearest the record's own position first: the record itself, or one of the same address at the same place.
            #expect(GeodesicDistance.meters(from: first.coordinate, to: record.coordinate) == 0, "'\(text)'")
        }
        #expect(tried > 500)
    }

    @Test func unknownAddressIsNotFoundWithTheClosestStreets() async throws {
        let cache = try TemporaryDirectory()
        let notes = NoteLog()
        let http = HTTPClient(transport: URLSessionTransport())
        let configuration = ProviderConfiguration(extract: ExtractSource(path: PBFFiles.helsinki, indexDirectory: cache.path))
        let osm = ProviderName.osm.descriptor
        let client = PlacesClient(
            provider: osm.make(configuration, http), diagnostics: notes.diagnostics,
            geocoder: osm.makeGeocoder?(configuration, http))
        do {
            _ = try await client.lookUpAddress("Simonkadu 7, Helsinki")
            Issue.record("a street the extract does not have must not be found")
        } catch let error as PlacesError {
            guard case .notFound(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("closest streets: Simonkatu"), "\(message)")
        }
        let found = try await client.lookUpAddress("Simonkatu 7")
        #expect(found.match.address.street == "Simonkatu")
        #expect(found.match.address.housenumber == "7")
    }
}
