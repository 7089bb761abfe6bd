import PlacesGeodesy
import PlacesModel
import PlacesSupport

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

    init(nearest: @escaping (Coordinate) -> (row: Int, meters: Double)?, city: @escaping (Int) -> ReverseGeocode.City) {
        self.init(nearest: nearest, cityPrefix: { row in Self.cityPrefix(city(row)) })
    }

    /// With the city parts made by `cityPrefix` (`cityPrefix(_:)`'s, perhaps shared between
    /// writers), each asked for once per row.
    package init(nearest: @escaping (Coordinate) -> (row: Int, meters: Double)?, cityPrefix: @escaping (Int) -> [UInt8]) {
        self.nearest = nearest
        self.cityPrefix = cityPrefix
    }

    /// A city's part of the record: `ReverseRenderer.json(city)` written compactly up to and
    /// including `"distanceMeters":`, the distance left to each point. Made straight as
    /// bytes, without a `JSONValue` (a test holds the two to the same bytes for every city).
    package static func cityPrefix(_ city: ReverseGeocode.City) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160)
        out.append(contentsOf: #"{"name":"#.utf8)
        appendString(city.name, to: &out)
        out.append(contentsOf: #","admin1":"#.utf8)
        appendString(city.admin1, to: &out)
        out.append(contentsOf: #","countryCode":"#.utf8)
        appendString(city.countryCode, to: &out)
        out.append(contentsOf: #","latitude":"#.utf8)
        JSONNumberBytes.append(city.coordinate.latitude, to: &out)
        out.append(contentsOf: #","longitude":"#.utf8)
        JSONNumberBytes.append(city.coordinate.longitude, to: &out)
        out.append(contentsOf: #","population":"#.utf8)
        JSONNumberBytes.append(city.population, to: &out)
        out.append(contentsOf: #","distanceMeters":"#.utf8)
        return out
    }

    /// A JSON string as `JSONValue` writes it: plain printable ASCII copied, anything else
    /// through `JSONValue.writeString`, which knows what to escape.
    private static func appendString(_ text: String, to out: inout [UInt8]) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
        } else {
            var written = ""
            JSONValue.writeString(text, to: &written)
            out.append(contentsOf: written.utf8)
        }
    }

    /// Appends the record of `point` (with `line` when given) and a newline.
    package mutating func append(_ point: Coordinate, line: Int?, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"#.utf8)
        if let line {
            out.append(contentsOf: #""line":"#.utf8)
            JSONNumberBytes.append(line, to: &out)
            out.append(UInt8(ascii: ","))
        }
        out.append(contentsOf: #""latitude":"#.utf8)
        JSONNumberBytes.append(point.latitude, to: &out)
        out.append(contentsOf: #","longitude":"#.utf8)
        JSONNumberBytes.append(point.longitude, to: &out)
        out.append(contentsOf: #","address":null,"addressId":null,"addressDistanceMeters":null,"city":"#.utf8)
        if let found = nearest(point) {
            if found.row >= prefixes.count { prefixes += repeatElement([], count: found.row + 1 - prefixes.count) }
            if prefixes[found.row].isEmpty { prefixes[found.row] = cityPrefix(found.row) }
            prefixes[found.row].withUnsafeBufferPointer { out.append(contentsOf: $0) }
            JSONNumberBytes.append(ReverseRenderer.rounded(found.meters), to: &out)
            out.append(UInt8(ascii: "}"))
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: #","places":[],"provider":null}"#.utf8)
        out.append(10)
    }
}
