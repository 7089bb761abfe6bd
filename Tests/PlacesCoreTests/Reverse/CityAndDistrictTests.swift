import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy

/// `reverse`'s city is the municipality a person writes on an envelope, its district the
/// nearest section of it: landmarks whose city is beyond doubt, the divisions' names and
/// codes, and the finder against brute force over every row.
@Suite("City and district")
struct CityAndDistrictTests {
    /// A landmark, the city it is in, and the section GeoNames lists nearest it (nil: none
    /// within its reach, `Gazetteer.districtReachMeters(population:)`).
    struct Landmark: Sendable, CustomTestStringConvertible {
        let name: String
        let latitude: Double
        let longitude: Double
        let city: String
        let countryCode: String
        let district: String?

        var point: Coordinate { Coordinate(uncheckedLatitude: latitude, longitude: longitude) }
        var testDescription: String { name }
    }

    /// The six (the row nearest each is a section: Kallio, Times Square, Paris 16
    /// Passy, Mitte, Chinatown, Sydney's business district), then more whose city no one
    /// doubts: a section's row nearest (Louvre, Shibuya, Copacabana, a numbered
    /// arrondissement), a borough's (Central Park: Manhattan is New York City's), a city's
    /// own row with a section near (Notre-Dame, Puerta del Sol), and a city beside a far
    /// larger one that stays itself (Hoboken, across the river from Manhattan).
    static let landmarks: [Landmark] = [
        Landmark(name: "Central Helsinki", latitude: 60.1773, longitude: 24.9490, city: "Helsinki", countryCode: "FI", district: "Kallio"),
        Landmark(
            name: "Empire State Building", latitude: 40.7484, longitude: -73.9857, city: "New York City", countryCode: "US",
            district: "Times Square"),
        Landmark(name: "Eiffel Tower", latitude: 48.8584, longitude: 2.2945, city: "Paris", countryCode: "FR", district: "Paris 16 Passy"),
        Landmark(name: "Brandenburg Gate", latitude: 52.5163, longitude: 13.3777, city: "Berlin", countryCode: "DE", district: "Mitte"),
        Landmark(
            name: "Golden Gate Bridge", latitude: 37.8199, longitude: -122.4783, city: "San Francisco", countryCode: "US", district: nil),
        Landmark(
            name: "Sydney Opera House", latitude: -33.8568, longitude: 151.2153, city: "Sydney", countryCode: "AU",
            district: "Sydney Central Business District"),
        Landmark(name: "Louvre", latitude: 48.8606, longitude: 2.3376, city: "Paris", countryCode: "FR", district: "Paris 01 Louvre"),
        Landmark(
            name: "Notre-Dame de Paris", latitude: 48.8530, longitude: 2.3499, city: "Paris", countryCode: "FR",
            district: "Paris 04 Hôtel-de-Ville"),
        Landmark(name: "Shibuya crossing", latitude: 35.6595, longitude: 139.7005, city: "Tokyo", countryCode: "JP", district: "Shibuya"),
        Landmark(
            name: "Central Park", latitude: 40.7829, longitude: -73.9654, city: "New York City", countryCode: "US", district: "Manhattan"),
        Landmark(
            name: "Copacabana beach", latitude: -22.9711, longitude: -43.1822, city: "Rio de Janeiro", countryCode: "BR",
            district: "Copacabana"),
        Landmark(
            name: "Sagrada Família", latitude: 41.4036, longitude: 2.1744, city: "Barcelona", countryCode: "ES", district: "Sagrada Família"
        ),
        Landmark(
            name: "Puerta del Sol", latitude: 40.4169, longitude: -3.7035, city: "Madrid", countryCode: "ES", district: "Madrid Centro"),
        Landmark(name: "Vieux-Port", latitude: 43.2951, longitude: 5.3743, city: "Marseille", countryCode: "FR", district: "Marseille 02"),
        Landmark(
            name: "Hungarian Parliament", latitude: 47.5070, longitude: 19.0456, city: "Budapest", countryCode: "HU",
            district: "Budapest V. kerület"),
        Landmark(
            name: "Willis Tower", latitude: 41.8789, longitude: -87.6359, city: "Chicago", countryCode: "US", district: "Chicago Loop"),
        Landmark(name: "Stephansdom", latitude: 48.2085, longitude: 16.3731, city: "Vienna", countryCode: "AT", district: "Innere Stadt"),
        Landmark(name: "Hoboken City Hall", latitude: 40.7440, longitude: -74.0324, city: "Hoboken", countryCode: "US", district: nil),
    ]

    @Test(arguments: landmarks)
    func theCityIsTheMunicipalityAndTheDistrictItsNearestSection(_ landmark: Landmark) throws {
        let city = try #require(Gazetteer.bundled.nearestCity(to: landmark.point))
        #expect(city.name == landmark.city && city.countryCode == landmark.countryCode)
        #expect(city.district?.name == landmark.district)
        if let district = city.district { #expect(district.distanceMeters <= Gazetteer.districtReachLimitMeters) }
        #expect(city.distanceMeters == GeodesicDistance.meters(from: landmark.point, to: city.coordinate))
    }

    /// `admin1` is the division's name, `admin1Code` GeoNames' code for it.
    @Test func divisionsAreNamedAndCoded() throws {
        let expected: [(Coordinate, String, String)] = [
            (Coordinate(uncheckedLatitude: 60.1773, longitude: 24.9490), "Uusimaa", "01"),
            (Coordinate(uncheckedLatitude: 40.7484, longitude: -73.9857), "New York", "NY"),
            (Coordinate(uncheckedLatitude: 48.8584, longitude: 2.2945), "Île-de-France", "11"),
            (Coordinate(uncheckedLatitude: 52.5163, longitude: 13.3777), "Berlin", "16"),
            (Coordinate(uncheckedLatitude: 37.8199, longitude: -122.4783), "California", "CA"),
            (Coordinate(uncheckedLatitude: -33.8568, longitude: 151.2153), "New South Wales", "02"),
        ]
        for (point, name, code) in expected {
            let city = try #require(Gazetteer.bundled.nearestCity(to: point))
            #expect(city.admin1 == name && city.admin1Code == code, "\(city.name)")
        }
        // Singapore's row has no division code: both are null, not "".
        let singapore = try #require(Gazetteer.bundled.nearestCity(to: Coordinate(uncheckedLatitude: 1.2834, longitude: 103.8607)))
        #expect(singapore.name == "Singapore" && singapore.admin1 == nil && singapore.admin1Code == nil)
    }

    /// A section's name still finds it: `--near Kallio` is Kallio, not Helsinki.
    @Test func aSectionIsStillFoundByName() throws {
        let kallio = try Gazetteer.bundled.resolve("Kallio").place
        #expect(kallio.name == "Kallio" && kallio.countryCode == "FI" && kallio.admin1Name == "Uusimaa")
        #expect(try Gazetteer.bundled.resolve("Times Square").place.name == "Times Square")
    }

    /// What `localityFinder` answers, worked out the plain way: the nearest row by brute
    /// force; its city; the district the nearest row when it is a section within its reach,
    /// or, at a city's own row, the nearest section (by brute force) if it is that city's
    /// and within its reach.
    static func bruteForce(_ point: Coordinate, _ gazetteer: Gazetteer = .bundled) -> LocalityRows {
        let table = gazetteer.table
        func reach(_ row: Int) -> Double { Gazetteer.districtReachMeters(population: table.populations[row]) }
        let nearest = NearestCityTests.bruteForce(point, table.positions)
        let city = Int(table.cityRows[nearest.city])
        let cityMeters = city == nearest.city ? nearest.meters : GeodesicDistance.meters(from: point, to: table.positions.coordinate(city))
        if city != nearest.city {
            guard nearest.meters <= reach(nearest.city) else { return LocalityRows(city: city, cityMeters: cityMeters) }
            return LocalityRows(city: city, cityMeters: cityMeters, district: nearest.city, districtMeters: nearest.meters)
        }
        let sections = (0..<table.count).filter(table.isSection)
        let positions = table.positions
        let section = NearestCityTests.bruteForce(
            point,
            CityPositions(
                ids: sections.map { positions.ids[$0] }, latitudes: sections.map { positions.latitudes[$0] },
                longitudes: sections.map { positions.longitudes[$0] }, zones: sections.map { positions.zones[$0] },
                zoneNames: positions.zoneNames))
        guard section.meters <= reach(sections[section.city]), Int(table.cityRows[sections[section.city]]) == city else {
            return LocalityRows(city: city, cityMeters: cityMeters)
        }
        return LocalityRows(city: city, cityMeters: cityMeters, district: sections[section.city], districtMeters: section.meters)
    }

    /// Seeded points within a kilometre or so of sections' rows and of their cities' own
    /// rows (so districts are named and refused), and anywhere: the finder is brute force's
    /// answer.
    @Test func theFinderIsTheBruteForceAnswer() {
        let gazetteer = Gazetteer.bundled
        let find = gazetteer.localityFinder()
        var random = SplitMix64(seed: 0xC17)
        var districts = 0, ownRowDistricts = 0
        for i in 0..<300 {
            let point: Coordinate
            if i % 3 == 2 {
                point = Coordinate(
                    uncheckedLatitude: Double(random.below(1_800_000)) / 10_000 - 90,
                    longitude: Double(random.below(3_600_000)) / 10_000 - 180)
            } else {
                // Near a section, or near the own row of a city that has sections.
                var row = random.below(gazetteer.cityCount)
                while !gazetteer.table.isSection(row) { row = random.below(gazetteer.cityCount) }
                if i % 3 == 1 { row = Int(gazetteer.table.cityRows[row]) }
                let near = gazetteer.table.positions.coordinate(row)
                point = Coordinate(
                    uncheckedLatitude: max(-90, min(90, near.latitude + Double(random.below(201)) / 10_000 - 0.01)),
                    longitude: near.longitude + Double(random.below(201)) / 10_000 - 0.01)
            }
            let expected = Self.bruteForce(point)
            #expect(find(point) == expected, "at \(point)")
            if expected.district != nil { districts += 1 }
            if expected.district != nil, NearestCityTests.bruteForce(point, gazetteer.table.positions).city == expected.city {
                ownRowDistricts += 1
            }
        }
        #expect(districts > 50 && ownRowDistricts > 5, "\(districts) districts, \(ownRowDistricts) beside a city's own row")
    }
}
