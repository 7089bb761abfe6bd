import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesSupport

/// The ranges a web router's figures must fall in before they are used: a server can send any
/// number (`1e300`, `-5`, a duration past `Int.max`), and a figure outside them is bad data
/// (65) naming the field, never printed and never converted. Likewise a route's line.
package enum PlausibleRoute {
    /// Longer than twice round the Earth: no road or path route is.
    static let maxMeters = 100_000_000.0
    /// More than three years on the way.
    static let maxSeconds = 100_000_000.0
    /// Farther than any two points on Earth are apart (half a meridian is about 20,004 km):
    /// how far a router may say it moved a point onto its network.
    static let maxSnapMeters = 21_000_000.0

    /// `meters` if it is a plausible route distance; else the error naming `field`.
    package static func distance(_ meters: Double, field: String, router: PlacesError.Service) throws -> Double {
        try check(meters, within: maxMeters, what: "a route distance of \(meters) m", field: field, router: router)
    }

    /// `seconds` if it is a plausible route duration; `shown` is the value as the router wrote it.
    package static func duration(_ seconds: Double, shown: String? = nil, field: String, router: PlacesError.Service) throws -> Double {
        try check(seconds, within: maxSeconds, what: "a route duration of \(shown ?? "\(seconds) s")", field: field, router: router)
    }

    /// `meters` if it is a plausible distance to move a point onto the network.
    package static func snap(_ meters: Double, field: String, router: PlacesError.Service) throws -> Double {
        try check(meters, within: maxSnapMeters, what: "a snapping distance of \(meters) m", field: field, router: router)
    }

    /// The most points of a route's line kept. A line drawn with more is thinned while it is
    /// read (`BoundedPolyline`), so that a line of any length costs at most this many points
    /// in memory, in a drawing and in a search along it. Over the longest drive on Earth
    /// (about 20,000 km) this is still a point every 80 m or less, finer than a map of the
    /// route or a corridor around it needs.
    static let maxLinePoints = 250_000

    /// A route's line from its encoded polyline `text` (precision 5) at `field`: two points or
    /// more, at most `maxMeters` long, else the answer is bad data naming the field. A line of
    /// more than `maxLinePoints` is thinned to them, with a note saying so.
    package static func line(_ text: String, field: String, service: ResponseReader, diagnostics: Diagnostics) throws -> [Coordinate] {
        let line: BoundedPolyline
        do {
            line = try BoundedPolyline(decoding: text, maxPoints: maxLinePoints)
        } catch {
            throw HTTPErrorMapper.badBody(service: service, what: "\(field) is not an encoded polyline: \(error.reason)")
        }
        guard line.writtenCount >= 2 else {
            let points = "\(line.writtenCount) point\(line.writtenCount == 1 ? "" : "s")"
            throw HTTPErrorMapper.badBody(service: service, what: "\(field) has \(points), not a line")
        }
        // As for a route's distance: a line longer than twice round the Earth is no road's, and
        // one folded on itself that many times would cost a search along it minutes.
        guard line.lengthMeters <= maxMeters else {
            let length = DistanceText.format(line.lengthMeters)
            let said = "\(service.name) answered a route line of \(length) (\(field))"
            throw PlacesError.badResponse(service.service, message: "\(said), longer than twice round the Earth: not a plausible route")
        }
        if let spacing = line.spacingMeters {
            let spacing = DistanceText.format(spacing)
            let written = "the route line \(service.name) drew (\(field)) has \(line.writtenCount) points"
            let kept = "more than the \(maxLinePoints) kept: it is thinned to \(line.points.count) points"
            diagnostics.note("\(written), \(kept), each at least \(spacing) along the line from the one before")
        }
        return line.points
    }

    private static func check(
        _ value: Double, within limit: Double, what: String, field: String, router: PlacesError.Service
    ) throws -> Double {
        guard value.isFinite, value >= 0, value <= limit else {
            throw PlacesError.badResponse(
                router, message: "\(router.name) answered \(TerminalText.sanitizedLine(what)) (\(field)), which is not a plausible value")
        }
        return value
    }
}
