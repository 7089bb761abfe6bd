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
        latitudes.reserveCapacity(34_100); longitudes.reserveCapacity(34_100); zones.reserveCapacity(34_100)
        var zoneNames: [String] = [], zoneBytes: [[UInt8]] = [], zoneNumbers: [UInt64: Int32] = [:]
        gazetteer.forEachRow { fields in
            guard let lat = Self.decimal(fields[4]), let lon = Self.decimal(fields[5]) else { return }
            // Zones are interned by a hash of their bytes (checked against the name), so that
            // the 34,006 rows make ~350 Strings, not one each.
            let zone = fields[8]
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in zone { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            var number: Int32
            if let known = zoneNumbers[hash] {
                number = known
                if !Self.same(zoneBytes[Int(known)], zone) {
                    number = Self.linearIntern(zone, &zoneNames)
                    if Int(number) == zoneBytes.count { zoneBytes.append(Array(zone)) }
                }
            } else {
                number = Int32(zoneNames.count)
                zoneNumbers[hash] = number
                zoneNames.append(String(decoding: zone, as: UTF8.self))
                zoneBytes.append(Array(zone))
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

    private static func same(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { memcmp($0.baseAddress!, b.baseAddress!, a.count) == 0 }
    }

    /// The zone's number after a hash collision: found by name, else added.
    private static func linearIntern(_ zone: UnsafeBufferPointer<UInt8>, _ names: inout [String]) -> Int32 {
        if let i = names.firstIndex(where: { $0.utf8.elementsEqual(zone) }) { return Int32(i) }
        names.append(String(decoding: zone, as: UTF8.self))
        return Int32(names.count - 1)
    }

    /// `-12.34567` read from the bytes, without making a String (34,006 rows, twice each):
    /// digits as one integer over a power of ten, which rounds as `Double(String)` does.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0, negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        var mantissa = 0, scale = 1.0, digits = 0, seenPoint = false
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if b >= 0x30 && b <= 0x39, digits < 15 {
                mantissa = mantissa * 10 + Int(b - 0x30)
                digits += 1
                if seenPoint { scale *= 10 }
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        let value = Double(mantissa) / scale
        return negative ? -value : value
    }

    private static func row(_ latitude: Double) -> Int {
        min(max(Int((latitude + 90).rounded(.down)), 0), 179)
    }

    private static func column(_ longitude: Double) -> Int {
        min(max(Int((longitude + 180).rounded(.down)), 0), 359)
    }
}
