import PlacesCore
import PlacesGeodesy

/// The gazetteer's rows joined to the cities' positions by GeoNames id, the key both
/// generated tables carry (`Generated/GazetteerData.swift` here, PlacesGeodesy's
/// `Generated/CityTimeZoneData.swift`): city `i` is the row text `fields[i]` at position
/// `positions` city `i`. A row whose id has no position is no city.
struct GazetteerTable: Sendable {
    /// Byte range of each city's seven fields in the rows' UTF-8 (after its id and tab).
    let fields: [Range<Int>]
    /// City `i`'s GeoNames id, position and zone, in the rows' order.
    let positions: CityPositions
    /// For each row, the row of the city it is a section of (Kallio → Helsinki), or the row
    /// itself for a city (`Scripts/generate-gazetteer.py` decides which rows are sections).
    let cityRows: [Int32]
    /// Each row's people (`Gazetteer.districtReach` reads a section's).
    let populations: [Int]

    /// The field that names the city a section belongs to (a GeoNames id; empty for a city).
    static let cityField = 5
    /// The field of the row's people.
    static let populationField = 4

    /// Joins `rows` (one city a line: geonameid, then the seven fields, tab-separated) to
    /// `positions`. Both tables come from one generator run, so row `i` is usually city `i`:
    /// that is tried first, and an id found elsewhere is looked up by key.
    init(rows: String, positions: CityPositions) {
        var fields: [Range<Int>] = []
        var order: [Int] = []
        var cityIDs: [UInt32?] = []
        var populations: [Int] = []
        fields.reserveCapacity(positions.count)
        order.reserveCapacity(positions.count)
        cityIDs.reserveCapacity(positions.count)
        populations.reserveCapacity(positions.count)
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
                        cityIDs.append(Self.id(inField: Self.cityField, of: bytes, rest))
                        populations.append(Self.id(inField: Self.populationField, of: bytes, rest).map(Int.init) ?? 0)
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
        cityRows = Self.rows(of: cityIDs, ids: self.positions.ids)
        self.populations = populations
    }

    /// The number of cities.
    var count: Int { fields.count }

    /// Whether row `row` is a section of another row's city.
    func isSection(_ row: Int) -> Bool { Int(cityRows[row]) != row }

    /// Each row's city as a row: the row whose id `cityIDs` names, else the row itself (a
    /// city, or a section whose city is not among the rows: then it stands for itself).
    private static func rows(of cityIDs: [UInt32?], ids: [UInt32]) -> [Int32] {
        let rowOfID = Dictionary(ids.enumerated().map { ($1, Int32($0)) }, uniquingKeysWith: { first, _ in first })
        return cityIDs.enumerated().map { row, id in
            guard let id, let city = rowOfID[id], city != row else { return Int32(row) }
            // A section's city is a city, never another section (the generator's rule).
            return cityIDs[Int(city)] == nil ? city : Int32(row)
        }
    }

    /// The decimal id before the line's first tab, and the range after that tab; nil for a
    /// line with no id (or one over UInt32). An id is at most ten digits: a small string.
    private static func leadingID(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (UInt32, Range<Int>)? {
        guard let tab = bytes[line].firstIndex(of: 9), tab > line.lowerBound, tab - line.lowerBound <= 10,
            let id = UInt32(String(decoding: bytes[line.lowerBound..<tab], as: UTF8.self))
        else { return nil }
        return (id, (tab + 1)..<line.upperBound)
    }

    /// The decimal number (an id, people) in field `index` of `fields` (tab-separated); nil
    /// when it is empty or not a number under 2³².
    private static func id(inField index: Int, of bytes: UnsafeBufferPointer<UInt8>, _ fields: Range<Int>) -> UInt32? {
        var start = fields.lowerBound
        var field = 0
        for i in fields where bytes[i] == 9 {
            if field == index { return digits(bytes[start..<i]) }
            field += 1
            start = i + 1
        }
        return field == index ? digits(bytes[start..<fields.upperBound]) : nil
    }

    private static func digits(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UInt32? {
        guard !bytes.isEmpty, bytes.count <= 10, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return UInt32(String(decoding: bytes, as: UTF8.self))
    }
}
