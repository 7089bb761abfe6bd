import Foundation

/// The GeoNames cities (population ≥ 15,000) as positions and IANA time-zone names, in a
/// 1° grid, to answer "which zone is the nearest city in" (the local time of a place with no
/// zone of its own, such as an OpenStreetMap venue). The same cities as the gazetteer of
/// PlacesGazetteer, in the same order, but only position and zone (`CityTimeZoneData.swift`,
/// generated with it): an app that links only PlacesCore does not carry the names.
///
/// "Nearest" is the smallest WGS84 geodesic distance; a tie goes to the city listed first
/// (the more populous), so the answer never depends on the order of questions.
package struct CityTimeZones: Sendable {
    /// Latitudes, longitudes and zone numbers (into `zoneNames`), most populous first.
    package let latitudes: [Double]
    package let longitudes: [Double]
    package let zones: [Int32]
    package let zoneNames: [String]
    /// City numbers by 1° cell: `row * 360 + column`, row 0 from −90°, column 0 from −180°.
    private let cells: [[Int32]]

    /// The 34,006 bundled cities, decoded on first use (a few milliseconds).
    package static let bundled = CityTimeZones(names: cityTimeZoneNames, records: cityTimeZoneRecords)

    /// `records`: base64 of 10 bytes a city, latitude and longitude in 1e-5 degrees (Int32,
    /// little-endian) and the zone's index into `names` (UInt16, little-endian). A record
    /// whose zone index is out of range is skipped (the generator never writes one).
    init(names: String, records: String) {
        let zoneNames = names.split(separator: "\n").map(String.init)
        let bytes = [UInt8](Data(base64Encoded: records, options: .ignoreUnknownCharacters) ?? Data())
        let count = bytes.count / 10
        var latitudes: [Double] = [], longitudes: [Double] = [], zones: [Int32] = []
        latitudes.reserveCapacity(count); longitudes.reserveCapacity(count); zones.reserveCapacity(count)
        func int32(_ at: Int) -> Int32 {
            Int32(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        for city in 0..<count {
            let at = city * 10
            let zone = Int32(UInt16(bytes[at + 8]) | UInt16(bytes[at + 9]) << 8)
            guard Int(zone) < zoneNames.count else { continue }
            // An integer over a power of ten: exactly the Double the text "60.16952" parses to.
            latitudes.append(Double(int32(at)) / 100_000)
            longitudes.append(Double(int32(at + 4)) / 100_000)
            zones.append(zone)
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
