import PlacesCore
import PlacesGeodesy

/// The gazetteer's rows joined to the cities' positions by GeoNames id, the key both
/// generated tables carry (`Generated/GazetteerData.swift` here, PlacesCore's
/// `Generated/CityTimeZoneData.swift`): city `i` is the row text `fields[i]` at position
/// `positions` city `i`. A row whose id has no position is no city.
struct GazetteerTable: Sendable {
    /// Byte range of each city's six fields in the rows' UTF-8 (after its id and tab).
    let fields: [Range<Int>]
    /// City `i`'s GeoNames id, position and zone, in the rows' order.
    let positions: CityPositions

    /// Joins `rows` (one city a line: geonameid, then the six fields, tab-separated) to
    /// `positions`. Both tables come from one generator run, so row `i` is usually city `i`:
    /// that is tried first, and an id found elsewhere is looked up by key.
    init(rows: String, positions: CityPositions) {
        var fields: [Range<Int>] = []
        var order: [Int] = []
        fields.reserveCapacity(positions.count)
        order.reserveCapacity(positions.count)
        var byID: [UInt32: Int]?
        var text = rows
        text.withUTF8 { bytes in
            var lineStart = 0
            var row = 0
            while lineStart < bytes.count {
                var end = lineStart
                while end < bytes.count, bytes[end] != 10 { end += 1 }
                if let (id, rest) = Self.leadingID(bytes, lineStart..<end) {
                    var city: Int?
                    if row < positions.count, positions.ids[row] == id {
                        city = row
                    } else {
                        if byID == nil {
                            byID = Dictionary(positions.ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                        }
                        city = byID?[id]
                    }
                    if let city {
                        fields.append(rest)
                        order.append(city)
                    }
                }
                row += 1
                lineStart = end + 1
            }
        }
        self.fields = fields
        self.positions =
            order.elementsEqual(positions.ids.indices.prefix(order.count))
            ? positions.prefix(order.count)
            : CityPositions(
                ids: order.map { positions.ids[$0] }, latitudes: order.map { positions.latitudes[$0] },
                longitudes: order.map { positions.longitudes[$0] }, zones: order.map { positions.zones[$0] },
                zoneNames: positions.zoneNames)
    }

    /// The number of cities.
    var count: Int { fields.count }

    /// The decimal id before the line's first tab, and the range after that tab; nil for a
    /// line with no id (or one over UInt32). An id is at most ten digits: a small string.
    private static func leadingID(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (UInt32, Range<Int>)? {
        guard let tab = bytes[line].firstIndex(of: 9), tab > line.lowerBound, tab - line.lowerBound <= 10,
            let id = UInt32(String(decoding: bytes[line.lowerBound..<tab], as: UTF8.self))
        else { return nil }
        return (id, (tab + 1)..<line.upperBound)
    }
}
