import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// Text Search (New) along a route: `searchAlongRouteParameters.polyline.encodedPolyline`
/// (the route in Google's encoded polyline format, precision 5: "You can also encode your
/// own polyline", developers.google.com/maps/documentation/places/web-service/search-along-route)
/// and, when a detour is asked for, `routingSummaries` in the field mask, each place's legs
/// origin → place → destination, from which the detour is the extra over the direct route.
///
/// Google documents no limit on the polyline's length or point count (none found in its
/// search-along-route pages or the v1 discovery document); a long router geometry is thinned
/// to `maxPoints` (every k-th point, the ends kept) so the body stays small, which moves the
/// line by metres, not the corridor the places are then checked against.
enum GoogleAlongRoute {
    static let maxPoints = 2_000

    /// The route's points as sent.
    static func thinned(_ points: [Coordinate]) -> [Coordinate] {
        guard points.count > maxPoints else { return points }
        let step = Int((Double(points.count) / Double(maxPoints - 1)).rounded(.up))
        var kept = stride(from: 0, to: points.count - 1, by: step).map { points[$0] }
        if let last = points.last { kept.append(last) }
        return kept
    }

    /// The text a `nearby` along a route asks for: the types as words ("pharmacy", "gas
    /// station"), since Nearby Search has no route parameter (`searchAlongRouteParameters`
    /// exists only on `SearchTextRequest`).
    static func query(for request: SearchRequest) -> String {
        if let text = request.query { return text }
        let words = request.types.map { $0.rawValue.replacingOccurrences(of: "_", with: " ") }
        return words.isEmpty ? "places" : words.joined(separator: " or ")
    }

    /// The body fields that put a Text Search on the route. Only DRIVE is supported with a
    /// route ("BICYCLE, WALK, TWO_WHEELER: Not supported with search_along_route_parameters",
    /// RoutingParameters in the discovery document), and DRIVE is the default: no
    /// `routingParameters` is sent.
    static func fields(_ route: SearchRoute) -> [(String, JSONValue)] {
        let line = EncodedPolyline.encode(thinned(route.points))
        return [("searchAlongRouteParameters", .object([("polyline", .object([("encodedPolyline", .string(line))]))]))]
    }

    /// Whether the detour fields are asked for (then `routingSummaries` goes in the mask).
    static func wantsDetours(_ request: SearchRequest) -> Bool {
        request.sort == .detour || !request.neededFields.isDisjoint(with: [.detourSeconds, .detourMeters])
    }

    /// A place's detour from its summary: the two legs' sum less the direct route's figures;
    /// nil where a leg or the direct figure is missing. A leg's figure out of range is bad data.
    static func detour(_ summary: GoogleRoutingSummary?, direct: RouteMeasure?) throws -> (seconds: Double?, meters: Double?) {
        guard let legs = summary?.legs, legs.count == 2, let direct else { return (nil, nil) }
        var seconds: Double? = 0, meters: Double? = 0
        for (index, leg) in legs.enumerated() {
            if let text = leg.duration, let parsed = ProtobufDuration.seconds(text) {
                let checked = try PlausibleRoute.duration(
                    parsed, shown: "\"\(text.prefix(40))\"", field: "routingSummaries[].legs[\(index)].duration",
                    router: .googlePlaces)
                seconds = seconds.map { $0 + checked }
            } else {
                seconds = nil
            }
            if let distance = leg.distanceMeters {
                let checked = try PlausibleRoute.distance(
                    distance, field: "routingSummaries[].legs[\(index)].distanceMeters", router: .googlePlaces)
                meters = meters.map { $0 + checked }
            } else {
                meters = nil
            }
        }
        return (seconds.map { $0 - direct.durationSeconds }, meters.map { $0 - direct.distanceMeters })
    }
}
