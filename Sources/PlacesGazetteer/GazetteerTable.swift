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
    /// Each row's people (`Gazetteer.districtReachMeters` reads a section's).
    let populations: [Int]
    /// Whether any section belongs to the row: most cities have none, and need no
    /// search for a district.
    let hasSections: [Bool]

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
                        let numbers = Self.populationAndCity(bytes, rest)
                        fields.append(rest)
                        order.append(city)
                        populations.append(numbers.population)
                        cityIDs.append(numbers.city)
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
        let cityRows = Self.rows(of: cityIDs, ids: self.positions.ids)
        var hasSections = [Bool](repeating: false, count: cityRows.count)
        for (row, city) in cityRows.enumerated() where Int(city) != row { hasSections[Int(city)] = true }
        self.cityRows = cityRows
        self.hasSections = hasSections
        self.populations = populations
    }

    /// The number of cities.
    var count: Int { fields.count }

    /// Whether row `row` is a section of another row's city.
    func isSection(_ row: Int) -> Bool { Int(cityRows[row]) != row }

    /// Each row's city as a row: the row whose id `cityIDs` names, else the row itself (a
    /// city, or a section whose city is not among the rows: then it stands for itself).
    private static func rows(of cityIDs: [UInt32?], ids: [UInt32]) -> [Int32] {
        // Only the few hundred cities sections name are looked up: a small table, one pass.
        let named = Set(cityIDs.compactMap { $0 })
        var rowOfID: [UInt32: Int32] = [:]
        for (row, id) in ids.enumerated() where named.contains(id) && rowOfID[id] == nil { rowOfID[id] = Int32(row) }
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

    /// The row's people and the city of a section (its fields `populationField` and
    /// `cityField`, tab-separated after the id), read in one pass over the bytes before the
    /// search keys; 0 and nil for a field that is empty or not a number under 2³².
    private static func populationAndCity(_ bytes: UnsafeBufferPointer<UInt8>, _ fields: Range<Int>) -> (population: Int, city: UInt32?) {
        var field = 0
        var value: UInt64 = 0, digits = 0, valid = true
        var population = 0
        for i in fields {
            let byte = bytes[i]
            if byte == 9 {
                let number = valid && digits > 0 && value < 1 << 32 ? value : nil
                if field == populationField { population = number.map { Int($0) } ?? 0 }
                if field == cityField { return (population, number.map { UInt32($0) }) }
                field += 1
                value = 0
                digits = 0
                valid = true
            } else if byte >= 48 && byte <= 57, digits < 11 {
                value = value * 10 + UInt64(byte - 48)
                digits += 1
            } else {
                valid = false
            }
        }
        return (population, nil)
    }
}
