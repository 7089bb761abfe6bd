import Foundation
import PlacesCore
import PlacesGeodesy

extension Gazetteer {
    /// The city nearest `point` (by WGS84 geodesic distance; a tie goes to the more populous),
    /// with its distance: "which city is this in, or nearest to" (reverse geocoding at city
    /// level, with no network and no data file); nil only for an empty gazetteer. A few
    /// microseconds: fit for millions of points, and for `ReverseRequest.cities`.
    public func nearestCity(to point: Coordinate) -> ReverseGeocode.City? {
        guard let found = nearestRow(to: point) else { return nil }
        let place = place(atRow: found.row)
        return ReverseGeocode.City(
            name: place.name, admin1: place.admin1, countryCode: place.countryCode,
            coordinate: place.coordinate, population: place.population, distanceMeters: found.meters)
    }

    /// The nearest city's row and distance, without building its `Place` (the stream's hot path).
    func nearestRow(to point: Coordinate) -> (row: Int, meters: Double)? {
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
        return Place(
            name: fields[0], countryCode: fields[2], admin1: fields[3],
            coordinate: table.positions.coordinate(row), population: Int(fields[4]) ?? 0)
    }

    /// The number of cities.
    package var cityCount: Int { table.count }

    private func rowFields(_ row: Int) -> [String] {
        let span = table.fields[row]
        let utf8 = rows.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: span.lowerBound)
        let end = utf8.index(start, offsetBy: span.count)
        // The sixth field, the search keys (long), is not needed here.
        return utf8[start..<end].split(separator: 9, maxSplits: 5, omittingEmptySubsequences: false).prefix(5)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The tree of the cities' positions a nearest-city lookup walks (built on first use, once
/// per gazetteer).
final class GazetteerNearestLookup: @unchecked Sendable {
    private let lock = NSLock()
    private let positions: CityPositions
    private var built: NearestCityTree?

    init(positions: CityPositions) {
        self.positions = positions
    }

    var tree: NearestCityTree {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let made = NearestCityTree(positions)
        built = made
        return made
    }
}
