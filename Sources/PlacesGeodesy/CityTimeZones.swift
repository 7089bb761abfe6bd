import Foundation

/// The bundled cities (`CityPositions`) in a 1° grid, to answer "which zone is the nearest
/// city in" (the local time of a place with no zone of its own, such as an OpenStreetMap venue).
///
/// "Nearest" is the smallest WGS84 geodesic distance; a tie goes to the city listed first
/// (the more populous), so the answer never depends on the order of questions.
package struct CityTimeZones: Sendable {
    let cities: CityPositions
    /// City numbers by 1° cell: `row * 360 + column`, row 0 from −90°, column 0 from −180°.
    private let cells: [[Int32]]

    /// The bundled cities, in their grid on first use (a few milliseconds).
    static let bundled = CityTimeZones(.bundled)

    init(_ cities: CityPositions) {
        var cells = [[Int32]](repeating: [], count: 180 * 360)
        for i in 0..<cities.count {
            cells[Self.row(cities.latitudes[i]) * 360 + Self.column(cities.longitudes[i])].append(Int32(i))
        }
        self.cities = cities
        self.cells = cells
    }

    var latitudes: [Double] { cities.latitudes }
    var longitudes: [Double] { cities.longitudes }
    var zones: [Int32] { cities.zones }
    var zoneNames: [String] { cities.zoneNames }
    var count: Int { cities.count }

    func coordinate(_ city: Int) -> Coordinate {
        cities.coordinate(city)
    }

    /// The nearest city to `point` and its distance in metres; nil only for an empty table.
    /// Searches circles of growing radius, each through the box sure to hold it.
    func nearest(to point: Coordinate) -> (city: Int, meters: Double)? {
        var radius = 25_000.0
        while true {
            var best: (city: Int, meters: Double)?
            forEachCity(within: radius, of: point) { city, meters in
                if best.map({ (meters, city) < ($0.meters, $0.city) }) ?? true {
                    best = (city, meters)
                }
            }
            if let best { return best }
            // Half the equator and a little more: every point of the ellipsoid is inside.
            if radius > 20_100_000 { return nil }
            radius = min(radius * 4, 20_200_000)
        }
    }

    /// The nearest of `candidates` to `point` (same distance and tie rule as `nearest`).
    func nearest(to point: Coordinate, among candidates: [Int32]) -> Int? {
        var best: (city: Int, meters: Double)?
        for c in candidates {
            let city = Int(c)
            let meters = GeodesicDistance.meters(from: point, to: coordinate(city))
            if best.map({ (meters, city) < ($0.meters, $0.city) }) ?? true {
                best = (city, meters)
            }
        }
        return best?.city
    }

    /// Calls `body` with every city within `radius` metres of `point` and its distance.
    func forEachCity(within radius: Double, of point: Coordinate, _ body: (Int, Double) -> Void) {
        let box = GeodesicBounds(center: point, radius: radius)
        let rows = Self.row(box.minLatitude)...Self.row(box.maxLatitude)
        var columns: [ClosedRange<Int>] = []
        for range in box.longitudeRanges {
            columns.append(Self.column(range.lowerBound)...Self.column(range.upperBound))
        }
        for row in rows {
            for range in columns {
                for column in range {
                    for c in cells[row * 360 + column] {
                        let city = Int(c)
                        guard box.contains(latitude: cities.latitudes[city], longitude: cities.longitudes[city]) else { continue }
                        let meters = GeodesicDistance.meters(from: point, to: coordinate(city))
                        if meters <= radius { body(city, meters) }
                    }
                }
            }
        }
    }

    private static func row(_ latitude: Double) -> Int {
        min(max(Int((latitude + 90).rounded(.down)), 0), 179)
    }

    private static func column(_ longitude: Double) -> Int {
        min(max(Int((longitude + 180).rounded(.down)), 0), 359)
    }
}
