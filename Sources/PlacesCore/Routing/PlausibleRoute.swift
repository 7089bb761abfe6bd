/// The ranges a web router's figures must fall in before they are used: a server can send any
/// number (`1e300`, `-5`, a duration past `Int.max`), and a figure outside them is bad data
/// (65) naming the field, never printed and never converted. Likewise a route's line.
enum PlausibleRoute {
    /// Longer than twice round the Earth: no road or path route is.
    static let maxMeters = 100_000_000.0
    /// More than three years on the way.
    static let maxSeconds = 100_000_000.0
    /// Farther than any two points on Earth are apart (half a meridian is about 20,004 km):
    /// how far a router may say it moved a point onto its network.
    static let maxSnapMeters = 21_000_000.0

    /// `meters` if it is a plausible route distance; else the error naming `field`.
    static func distance(_ meters: Double, field: String, router: PlacesError.Service) throws -> Double {
        try check(meters, within: maxMeters, what: "a route distance of \(meters) m", field: field, router: router)
    }

    /// `seconds` if it is a plausible route duration; `shown` is the value as the router wrote it.
    static func duration(_ seconds: Double, shown: String? = nil, field: String, router: PlacesError.Service) throws -> Double {
        try check(seconds, within: maxSeconds, what: "a route duration of \(shown ?? "\(seconds) s")", field: field, router: router)
    }

    /// `meters` if it is a plausible distance to move a point onto the network.
    static func snap(_ meters: Double, field: String, router: PlacesError.Service) throws -> Double {
        try check(meters, within: maxSnapMeters, what: "a snapping distance of \(meters) m", field: field, router: router)
    }

    /// A route's line from its encoded polyline `text` (precision 5) at `field`: two points or
    /// more, else the answer is bad data naming the field.
    static func line(_ text: String, field: String, service: ServiceDescription) throws -> [Coordinate] {
        let line: [Coordinate]
        do {
            line = try EncodedPolyline.decode(text)
        } catch {
            throw HTTPErrorMapper.badBody(service: service, what: "\(field) is not an encoded polyline: \(error.reason)")
        }
        guard line.count >= 2 else {
            throw HTTPErrorMapper.badBody(service: service, what: "\(field) has \(line.count) point\(line.count == 1 ? "" : "s"), not a line")
        }
        return line
    }

    private static func check(_ value: Double, within limit: Double, what: String, field: String, router: PlacesError.Service) throws -> Double {
        guard value.isFinite, value >= 0, value <= limit else {
            throw PlacesError.badResponse(router, message: "\(router.name) answered \(TerminalText.sanitizedLine(what)) (\(field)), which is not a plausible value")
        }
        return value
    }
}
