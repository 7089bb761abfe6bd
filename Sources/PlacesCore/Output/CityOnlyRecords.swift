import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// `reverse --city-only` records written straight as bytes, the city's and the district's
/// parts made once per row: the bulk path (a hundred thousand points a second and more), so
/// no `JSONValue` and no string building per line. The record is `ReverseRenderer.json`'s,
/// byte for byte (a test holds them to it).
package struct CityOnlyRecords {
    /// Where a point is: the city's and the district's rows and distances.
    let locate: (Coordinate) -> LocalityRows?
    /// The city of a row as `ReverseRenderer` writes it, up to and including `"distanceMeters":`.
    let cityPrefix: (Int) -> [UInt8]
    /// The district of a row as `ReverseRenderer` writes it, up to and including `"distanceMeters":`.
    let districtPrefix: (Int) -> [UInt8]
    /// By row, made on first use; empty until then (no prefix is empty).
    private var cityPrefixes: [[UInt8]] = []
    private var districtPrefixes: [[UInt8]] = []

    init(
        locate: @escaping (Coordinate) -> LocalityRows?, city: @escaping (Int) -> ReverseGeocode.City,
        districtName: @escaping (Int) -> String
    ) {
        self.init(
            locate: locate, cityPrefix: { row in Self.cityPrefix(city(row)) },
            districtPrefix: { row in Self.districtPrefix(name: districtName(row)) })
    }

    /// With the parts made by `cityPrefix` and `districtPrefix` (`cityPrefix(_:)`'s and
    /// `districtPrefix(name:)`'s, perhaps shared between writers), each asked for once per row.
    package init(
        locate: @escaping (Coordinate) -> LocalityRows?, cityPrefix: @escaping (Int) -> [UInt8],
        districtPrefix: @escaping (Int) -> [UInt8]
    ) {
        self.locate = locate
        self.cityPrefix = cityPrefix
        self.districtPrefix = districtPrefix
    }

    /// A city's part of the record: `ReverseRenderer.json(city)` written compactly up to and
    /// including `"distanceMeters":`, the distance left to each point (the district is the
    /// record's own member, after the city). Made straight as bytes, without a `JSONValue`
    /// (a test holds the two to the same bytes for every city).
    package static func cityPrefix(_ city: ReverseGeocode.City) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(180)
        out.append(contentsOf: #"{"name":"#.utf8)
        appendString(city.name, to: &out)
        out.append(contentsOf: #","admin1":"#.utf8)
        appendString(city.admin1, to: &out)
        out.append(contentsOf: #","admin1Code":"#.utf8)
        appendString(city.admin1Code, to: &out)
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

    /// A district's part of the record: `ReverseRenderer.json(district)` written compactly up
    /// to and including `"distanceMeters":`.
    package static func districtPrefix(name: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        out.append(contentsOf: #"{"name":"#.utf8)
        appendString(name, to: &out)
        out.append(contentsOf: #","distanceMeters":"#.utf8)
        return out
    }

    /// A JSON string, or `null` for nil.
    private static func appendString(_ text: String?, to out: inout [UInt8]) {
        guard let text else { return out.append(contentsOf: "null".utf8) }
        appendString(text, to: &out)
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
        if let found = locate(point) {
            Self.append(row: found.city, meters: found.cityMeters, parts: &cityPrefixes, make: cityPrefix, to: &out)
            out.append(contentsOf: #","district":"#.utf8)
            if let district = found.district {
                Self.append(row: district, meters: found.districtMeters, parts: &districtPrefixes, make: districtPrefix, to: &out)
            } else {
                out.append(contentsOf: "null".utf8)
            }
        } else {
            out.append(contentsOf: #"null,"district":null"#.utf8)
        }
        out.append(contentsOf: #","places":[],"provider":null}"#.utf8)
        out.append(10)
    }

    /// A row's part (made once, kept in `parts`), its distance rounded as the renderer
    /// rounds it, and the object's closing brace.
    private static func append(row: Int, meters: Double, parts: inout [[UInt8]], make: (Int) -> [UInt8], to out: inout [UInt8]) {
        if row >= parts.count { parts += repeatElement([], count: row + 1 - parts.count) }
        if parts[row].isEmpty { parts[row] = make(row) }
        parts[row].withUnsafeBufferPointer { out.append(contentsOf: $0) }
        JSONNumberBytes.append(ReverseRenderer.rounded(meters), to: &out)
        out.append(UInt8(ascii: "}"))
    }
}
