import Foundation
import PlacesCore
import PlacesGeodesy

extension Gazetteer {
    /// How near a section's point a point must be to be said to lie in it (its `district`):
    /// GeoNames gives a section a point and its people, not a boundary. A section of P people
    /// at a dense city's 10,000 per km² covers a disc of P / 10,000 km²; the reach is one and
    /// a half times that disc's radius, at most `districtReachLimitMeters`: 1.0 km for 15,000
    /// people (Times Square's point is 0.9 km from the Empire State Building), 1.4 km for
    /// Kallio's 27,000 (not the shops of Mannerheimintie 1.7 km away), 2.7 km for Mitte's
    /// 102,000 (the Brandenburg Gate, 1.9 km), 3 km at most (the Golden Gate Bridge, 6.6 km
    /// from Chinatown's point, is in no section GeoNames lists).
    public static func districtReachMeters(population: Int) -> Double {
        min(districtReachLimitMeters, 1.5 * (Double(max(0, population)) / (Double.pi * 0.01)).squareRoot())
    }

    /// The most any section reaches (`districtReachMeters(population:)`).
    public static let districtReachLimitMeters = 3_000.0

    /// The city a point is in or nearest to, with its distance and district: reverse
    /// geocoding at city level, with no network and no data file; nil only for an empty
    /// gazetteer. A few microseconds: fit for millions of points, and for
    /// `ReverseRequest.cities`.
    ///
    /// The row nearest `point` (by WGS84 geodesic distance; a tie goes to the more populous)
    /// decides. A city's row is the answer itself; a section's row (Kallio, Times Square,
    /// Paris 16 Passy: see `Scripts/generate-gazetteer.py` for which rows are sections)
    /// answers with the city it belongs to (Helsinki, New York City, Paris), the section
    /// being the `district` when within its reach (`districtReachMeters(population:)`). At a
    /// city's own row the district is the nearest section, if it is that city's and within
    /// its reach.
    public func nearestCity(to point: Coordinate) -> ReverseGeocode.City? {
        guard let found = localityFinder()(point) else { return nil }
        let district = found.district.map {
            ReverseGeocode.District(name: place(atRow: $0).name, distanceMeters: found.districtMeters)
        }
        return city(atRow: found.city, distanceMeters: found.cityMeters, district: district)
    }

    /// Row `row` as the city of a reverse answer: the division's name and code (nil for an
    /// empty code), `distanceMeters` from the point asked about.
    package func city(atRow row: Int, distanceMeters: Double, district: ReverseGeocode.District? = nil) -> ReverseGeocode.City {
        let place = place(atRow: row)
        return ReverseGeocode.City(
            name: place.name, admin1: place.admin1Name, admin1Code: place.admin1.isEmpty ? nil : place.admin1,
            countryCode: place.countryCode, coordinate: place.coordinate, population: place.population,
            distanceMeters: distanceMeters, district: district)
    }

    /// `nearestCity` as rows, with the trees looked up once, for a stream of points: the
    /// lookup's lock and the trees' copies are then paid once, not per point.
    package func localityFinder() -> @Sendable (Coordinate) -> LocalityRows? {
        let all = lookup.all, sections = lookup.sections, table = table
        return { point in
            guard let nearest = all.nearest(to: point), nearest.city < table.count else { return nil }
            let row = nearest.city
            let city = Int(table.cityRows[row])
            guard city != row else {
                // A city's own row: the nearest section, if it is this city's and within its
                // reach (no section is nearer than this row, so none within reach past the
                // limit; a city no section belongs to has no district).
                guard nearest.meters <= Self.districtReachLimitMeters, table.hasSections[city],
                    let found = sections.nearest(to: point, within: Self.districtReachLimitMeters)
                else {
                    return LocalityRows(city: city, cityMeters: nearest.meters)
                }
                let section = sections.rows[found.city]
                guard Int(table.cityRows[section]) == city,
                    found.meters <= Self.districtReachMeters(population: table.populations[section])
                else { return LocalityRows(city: city, cityMeters: nearest.meters) }
                return LocalityRows(city: city, cityMeters: nearest.meters, district: section, districtMeters: found.meters)
            }
            let cityMeters = GeodesicDistance.meters(from: point, to: table.positions.coordinate(city))
            guard nearest.meters <= Self.districtReachMeters(population: table.populations[row]) else {
                return LocalityRows(city: city, cityMeters: cityMeters)
            }
            return LocalityRows(city: city, cityMeters: cityMeters, district: row, districtMeters: nearest.meters)
        }
    }

    /// The place of row `row` (0 ≤ row < the number of rows).
    package func place(atRow row: Int) -> Place {
        let fields = rowFields(row)
        return Place(
            name: fields[0], countryCode: fields[2], admin1: fields[3], admin1Name: admin1Name(country: fields[2], admin1: fields[3]),
            coordinate: table.positions.coordinate(row), population: Int(fields[4]) ?? 0)
    }

    /// The number of rows: cities and their sections.
    package var cityCount: Int { table.count }

    /// The row's first five fields (name, asciiname, country, admin1, population), read from
    /// the rows' bytes; the last, a section's city and the search keys (long), are not needed
    /// here. A field the row lacks is empty.
    private func rowFields(_ row: Int) -> [String] {
        let span = table.fields[row]
        var text = rows
        return text.withUTF8 { bytes in
            var fields: [String] = []
            fields.reserveCapacity(5)
            var start = span.lowerBound
            for i in span.lowerBound...span.upperBound where i == span.upperBound || bytes[i] == 9 {
                fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                start = i + 1
                if fields.count == 5 { break }
            }
            while fields.count < 5 { fields.append("") }
            return fields
        }
    }
}

/// The trees a nearest-row lookup walks (built on first use, once per gazetteer): one of
/// every row, one of the sections alone (for the district near a city's own row).
final class GazetteerNearestLookup: @unchecked Sendable {
    /// The sections' tree, and each of its cities' row in the gazetteer.
    struct Sections: Sendable {
        let tree: NearestCityTree
        let rows: [Int]

        /// The nearest section within `reach` metres: its number here (see `rows`) and distance.
        func nearest(to point: Coordinate, within reach: Double) -> (city: Int, meters: Double)? {
            tree.nearest(to: point, within: reach)
        }
    }

    private let lock = NSLock()
    private let table: GazetteerTable
    private var builtAll: NearestCityTree?
    private var builtSections: Sections?

    init(table: GazetteerTable) {
        self.table = table
    }

    var all: NearestCityTree {
        lock.lock()
        defer { lock.unlock() }
        if let builtAll { return builtAll }
        let made = NearestCityTree(table.positions)
        builtAll = made
        return made
    }

    var sections: Sections {
        lock.lock()
        defer { lock.unlock() }
        if let builtSections { return builtSections }
        let rows = (0..<table.count).filter(table.isSection)
        let positions = table.positions
        let made = Sections(
            tree: NearestCityTree(
                CityPositions(
                    ids: rows.map { positions.ids[$0] }, latitudes: rows.map { positions.latitudes[$0] },
                    longitudes: rows.map { positions.longitudes[$0] }, zones: rows.map { positions.zones[$0] },
                    zoneNames: positions.zoneNames)),
            rows: rows)
        builtSections = made
        return made
    }
}
