/// `reverse --city-only` records written straight as bytes, the city's part made once per
/// city: the bulk path (a hundred thousand points a second and more), so no `JSONValue`
/// and no string building per line. The record is `ReverseRenderer.json`'s, byte for byte
/// (a test holds them to it).
package struct CityOnlyRecords {
    /// The nearest city's row and distance in metres.
    let nearest: (Coordinate) -> (row: Int, meters: Double)?
    /// The city of a row as `ReverseRenderer` writes it, up to and including `"distanceMeters":`.
    let cityPrefix: (Int) -> [UInt8]
    private var prefixes: [Int: [UInt8]] = [:]

    package init(nearest: @escaping (Coordinate) -> (row: Int, meters: Double)?, city: @escaping (Int) -> ReverseGeocode.City) {
        self.nearest = nearest
        cityPrefix = { row in
            var text = ReverseRenderer.json(city(row)).compact
            // Cut after `"distanceMeters":`; the distance is each point's own.
            if let cut = text.range(of: "\"distanceMeters\":", options: .backwards) { text = String(text[..<cut.upperBound]) }
            return Array(text.utf8)
        }
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
            if let known = prefixes[found.row] {
                out.append(contentsOf: known)
            } else {
                let made = cityPrefix(found.row)
                prefixes[found.row] = made
                out.append(contentsOf: made)
            }
            out.append(contentsOf: JSONValue.format(ReverseRenderer.rounded(found.meters)).utf8)
            out.append(UInt8(ascii: "}"))
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: #","places":[],"provider":null}"#.utf8)
        out.append(10)
    }
}
