/// `reverse --city-only` records written straight as bytes, the city's part made once per
/// city: the bulk path (a hundred thousand points a second and more), so no `JSONValue`
/// and no string building per line. The record is `ReverseRenderer.json`'s, byte for byte
/// (a test holds them to it).
package struct CityOnlyRecords {
    /// The nearest city's row and distance in metres.
    let nearest: (Coordinate) -> (row: Int, meters: Double)?
    /// The city of a row as `ReverseRenderer` writes it, up to and including `"distanceMeters":`.
    let cityPrefix: (Int) -> [UInt8]
    /// By row, made on first use; empty until then (no prefix is empty).
    private var prefixes: [[UInt8]] = []

    package init(nearest: @escaping (Coordinate) -> (row: Int, meters: Double)?, city: @escaping (Int) -> ReverseGeocode.City) {
        self.init(nearest: nearest, cityPrefix: { row in Self.cityPrefix(city(row)) })
    }

    /// With the city parts made by `cityPrefix` (`cityPrefix(_:)`'s, perhaps shared between
    /// writers), each asked for once per row.
    package init(nearest: @escaping (Coordinate) -> (row: Int, meters: Double)?, cityPrefix: @escaping (Int) -> [UInt8]) {
        self.nearest = nearest
        self.cityPrefix = cityPrefix
    }

    /// A city's part of the record, up to and including `"distanceMeters":`.
    package static func cityPrefix(_ city: ReverseGeocode.City) -> [UInt8] {
        Array(ReverseRenderer.cityPrefix(city).utf8)
    }

    /// Appends the record of `point` (with `line` when given) and a newline.
    package mutating func append(_ point: Coordinate, line: Int?, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"#.utf8)
        if let line {
            out.append(contentsOf: #""line":"#.utf8)
            out.append(contentsOf: String(line).utf8)
            out.append(UInt8(ascii: ","))
        }
        out.append(contentsOf: #""latitude":"#.utf8)
        out.append(contentsOf: JSONValue.format(point.latitude).utf8)
        out.append(contentsOf: #","longitude":"#.utf8)
        out.append(contentsOf: JSONValue.format(point.longitude).utf8)
        out.append(contentsOf: #","address":null,"addressId":null,"addressDistanceMeters":null,"city":"#.utf8)
        if let found = nearest(point) {
            if found.row >= prefixes.count { prefixes += repeatElement([], count: found.row + 1 - prefixes.count) }
            if prefixes[found.row].isEmpty { prefixes[found.row] = cityPrefix(found.row) }
            prefixes[found.row].withUnsafeBufferPointer { out.append(contentsOf: $0) }
            out.append(contentsOf: JSONValue.format(ReverseRenderer.rounded(found.meters)).utf8)
            out.append(UInt8(ascii: "}"))
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: #","places":[],"provider":null}"#.utf8)
        out.append(10)
    }
}
