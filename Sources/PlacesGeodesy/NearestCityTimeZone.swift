import Foundation

/// The time zone of a place taken as that of its nearest gazetteer city (`CityTimeZones`),
/// remembered per 0.1° cell so that a search over thousands of places does the geodesic
/// work once per cell, not once per place. Use one value per batch of places.
///
/// Why the per-cell answer is exact: let `c` be the cell's centre, `h` the largest distance
/// from `c` to a point of the cell, and `d` the distance from `c` to its nearest city. For
/// any point `p` of the cell, its nearest city is within `h + d` of `p`, so within `2h + d`
/// of `c` (triangle inequality). Those candidate cities are found once; if they all share
/// a zone, that is every point's zone; otherwise each point takes the nearest candidate,
/// which is its nearest city. Either way the answer is what a search over every city gives.
package struct NearestCityTimeZone {
    private enum CellAnswer {
        case zone(Int32)
        case candidates([Int32])
    }

    let cities: CityTimeZones
    private var answers: [Int: CellAnswer] = [:]
    private var timeZones: [Int32: TimeZone?] = [:]

    private static let cellDegrees = 0.1
    private static let columns = 3600

    package init(cities: CityTimeZones = .bundled) {
        self.cities = cities
    }

    /// The IANA name of the zone of the city nearest `point`; nil only for an empty gazetteer.
    mutating func zoneName(at point: Coordinate) -> String? {
        zoneNumber(at: point).map { cities.zoneNames[Int($0)] }
    }

    /// Foundation's zone for `zoneName(at:)`; nil when the system does not know the name.
    package mutating func timeZone(at point: Coordinate) -> TimeZone? {
        guard let number = zoneNumber(at: point) else { return nil }
        if let known = timeZones[number] { return known }
        let zone = TimeZone(identifier: cities.zoneNames[Int(number)])
        timeZones[number] = zone
        return zone
    }

    private mutating func zoneNumber(at point: Coordinate) -> Int32? {
        let row = Self.index(point.latitude + 90, limit: Int(180 / Self.cellDegrees))
        let column = Self.index(point.longitude + 180, limit: Self.columns)
        let key = row * Self.columns + column
        let answer: CellAnswer
        if let known = answers[key] {
            answer = known
        } else {
            guard let computed = cellAnswer(row: row, column: column) else { return nil }
            answers[key] = computed
            answer = computed
        }
        switch answer {
        case .zone(let zone):
            return zone
        case .candidates(let candidates):
            return cities.nearest(to: point, among: candidates).map { cities.zones[$0] }
        }
    }

    private func cellAnswer(row: Int, column: Int) -> CellAnswer? {
        let south = Double(row) * Self.cellDegrees - 90, west = Double(column) * Self.cellDegrees - 180
        let north = min(south + Self.cellDegrees, 90), east = min(west + Self.cellDegrees, 180)
        let center = Coordinate(uncheckedLatitude: (south + north) / 2, longitude: (west + east) / 2)
        var reach = 0.0
        for (lat, lon) in [(south, west), (south, east), (north, west), (north, east)] {
            reach = max(reach, GeodesicDistance.meters(from: center, to: Coordinate(uncheckedLatitude: lat, longitude: lon)))
        }
        // A margin for rounding at the cell's edges.
        reach = reach * 1.001 + 1
        guard let nearest = cities.nearest(to: center) else { return nil }
        var candidates: [Int32] = []
        var zones = Set<Int32>()
        cities.forEachCity(within: nearest.meters + 2 * reach, of: center) { city, _ in
            candidates.append(Int32(city))
            zones.insert(cities.zones[city])
        }
        if zones.count == 1, let only = zones.first { return .zone(only) }
        return .candidates(candidates)
    }

    private static func index(_ offset: Double, limit: Int) -> Int {
        min(max(Int((offset / cellDegrees).rounded(.down)), 0), limit - 1)
    }
}
