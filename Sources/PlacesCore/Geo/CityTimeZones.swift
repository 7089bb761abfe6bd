import Foundation

/// The bundled gazetteer's cities as positions and IANA time-zone names, in a 1° grid, to
/// answer "which zone is the nearest city in" (the local time of a place with no zone of
/// its own, such as an OpenStreetMap venue).
///
/// "Nearest" is the smallest WGS84 geodesic distance; a tie goes to the city listed first
/// (the more populous), so the answer never depends on the order of questions.
struct CityTimeZones: Sendable {
    /// Latitudes, longitudes and zone numbers (into `zoneNames`), in gazetteer order.
    let latitudes: [Double]
    let longitudes: [Double]
    let zones: [Int32]
    let zoneNames: [String]
    /// City numbers by 1° cell: `row * 360 + column`, row 0 from −90°, column 0 from −180°.
    private let cells: [[Int32]]

    /// The bundled gazetteer's 34,006 cities, read on first use (a few milliseconds).
    static let bundled = CityTimeZones(Gazetteer.bundled)

    init(_ gazetteer: Gazetteer) {
        var latitudes: [Double] = [], longitudes: [Double] = [], zones: [Int32] = []
        var zoneNames: [String] = [], zoneNumbers: [String: Int32] = [:]
        gazetteer.forEachRow { fields in
            guard let lat = Double(String(decoding: fields[4], as: UTF8.self)),
                  let lon = Double(String(decoding: fields[5], as: UTF8.self)) else { return }
            let name = String(decoding: fields[8], as: UTF8.self)
            let number: Int32
            if let known = zoneNumbers[name] {
                number = known
            } else {
                number = Int32(zoneNames.count)
                zoneNumbers[name] = number
                zoneNames.append(name)
            }
            latitudes.append(lat)
            longitudes.append(lon)
            zones.append(number)
        }
        var cells = [[Int32]](repeating: [], count: 180 * 360)
        for i in latitudes.indices {
            cells[Self.row(latitudes[i]) * 360 + Self.column(longitudes[i])].append(Int32(i))
        }
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.zones = zones
        self.zoneNames = zoneNames
        self.cells = cells
    }

    var count: Int { latitudes.count }

    func coordinate(_ city: Int) -> Coordinate {
        Coordinate(uncheckedLatitude: latitudes[city], longitude: longitudes[city])
    }

    /// The nearest city to `point` and its distance in metres; nil only for an empty table.
    /// Searches circles of growing radius, each through the box sure to hold it.
    func nearest(to point: Coordinate) -> (city: Int, meters: Double)? {
        var radius = 25_000.0
        while true {
            var best: (city: Int, meters: Double)?
            forEachCity(within: radius, of: point) { city, meters in
                if best == nil || meters < best!.meters || (meters == best!.meters && city < best!.city) {
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
            if best == nil || meters < best!.meters || (meters == best!.meters && city < best!.city) {
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
                        guard box.contains(latitude: latitudes[city], longitude: longitudes[city]) else { continue }
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
