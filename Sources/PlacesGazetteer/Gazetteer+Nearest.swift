import Foundation
import PlacesCore

extension Gazetteer {
    /// The city nearest a point, and how far it is: "which city is this in, or nearest to"
    /// (reverse geocoding at city level, with no network and no data file).
    public struct NearestCity: Sendable, Hashable {
        public let place: Place
        /// WGS84 geodesic distance from the point to the city's position, in metres.
        public let distanceMeters: Double
        /// The city's row in the gazetteer (0 = the most populous).
        package let row: Int
    }

    /// The city nearest `point` (by WGS84 geodesic distance; a tie goes to the more populous);
    /// nil only for an empty gazetteer. A few microseconds: fit for millions of points.
    public func nearestCity(to point: Coordinate) -> NearestCity? {
        guard let found = nearestRow(to: point) else { return nil }
        return NearestCity(place: place(atRow: found.row), distanceMeters: found.meters, row: found.row)
    }

    /// The nearest city's row and distance, without building its `Place` (the stream's hot path).
    package func nearestRow(to point: Coordinate) -> (row: Int, meters: Double)? {
        nearestRowFinder()(point)
    }

    /// `nearestRow` with the tree looked up once, for a stream of points: the lookup's lock
    /// and the tree's copy are then paid once, not per point.
    package func nearestRowFinder() -> @Sendable (Coordinate) -> (row: Int, meters: Double)? {
        let tree = lookup.tree, rows = cityCount
        return { point in
            guard let found = tree.nearest(to: point), found.city < rows else { return nil }
            return (found.city, found.meters)
        }
    }

    /// The place of row `row` (0 ≤ row < the number of cities).
    package func place(atRow row: Int) -> Place {
        let fields = rowFields(row)
        return Place(name: fields[0], countryCode: fields[2], admin1: fields[3],
                     coordinate: lookup.tree.positions.coordinate(row), population: Int(fields[4]) ?? 0)
    }

    /// The number of cities.
    package var cityCount: Int { lookup.rowStarts.count - 1 }

    private func rowFields(_ row: Int) -> [String] {
        let starts = lookup.rowStarts
        let utf8 = rows.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: starts[row])
        let end = utf8.index(utf8.startIndex, offsetBy: starts[row + 1] - 1)
        // The sixth field, the search keys (long), is not needed here.
        return utf8[start..<end].split(separator: 9, maxSplits: 5, omittingEmptySubsequences: false).prefix(5)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}

/// What a nearest-city lookup needs beside the rows: the tree of positions and where each
/// row starts (built on first use, once per gazetteer).
final class GazetteerNearestLookup: @unchecked Sendable {
    private let lock = NSLock()
    private let rows: String
    private let positions: CityPositions
    private var built: (tree: NearestCityTree, rowStarts: [Int])?

    init(rows: String, positions: CityPositions) {
        self.rows = rows
        self.positions = positions
    }

    var tree: NearestCityTree { parts.tree }
    /// Byte offset of each row, and one past the last row's newline at the end.
    var rowStarts: [Int] { parts.rowStarts }

    private var parts: (tree: NearestCityTree, rowStarts: [Int]) {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        var starts = [0]
        var text = rows
        text.withUTF8 { bytes in
            for (i, byte) in bytes.enumerated() where byte == 10 { starts.append(i + 1) }
            if bytes.last != 10 { starts.append(bytes.count + 1) }
        }
        // Row i is city i; a row without a position (none in the bundled table) is not a city.
        let cities = min(starts.count - 1, positions.count)
        let made = (NearestCityTree(positions.prefix(cities)), Array(starts.prefix(cities + 1)))
        built = made
        return made
    }
}

extension Gazetteer: NearestCityFinding {
    /// The nearest city as a reverse-geocoding answer carries it.
    public func city(near point: Coordinate) -> ReverseGeocode.City? {
        nearestCity(to: point).map {
            ReverseGeocode.City(name: $0.place.name, admin1: $0.place.admin1, countryCode: $0.place.countryCode,
                                coordinate: $0.place.coordinate, population: $0.place.population, distanceMeters: $0.distanceMeters)
        }
    }
}
