import PlacesCore
import PlacesModel

/// One answer of `places route-estimate`: the two ends, how, who answered, and the figures.
struct RouteEstimate: Sendable, Equatable {
    let from, to: RoutePoint
    let mode: TravelMode
    let router: RouterName
    /// Along the route (or the estimate of it), metres.
    let distanceMeters: Double
    let durationSeconds: Double
    /// The WGS84 geodesic between the two ends, metres.
    let straightLineMeters: Double
    /// The route's line as the router drew it (asked for by `--format geojson` or `--steps`);
    /// nil when not asked for, or for the estimate (its line is the straight one).
    var line: [Coordinate]?
    /// Turn-by-turn steps: set when asked for (empty never: nil when the router has none).
    var steps: [RouteStep]?
    /// Whether steps were asked for (JSON then has `steps`, null when the router has none).
    var stepsAsked = false

    /// The contract's `mapsUrl`: Google Maps directions for this trip.
    var mapsURL: String { DirectionsLinks.googleMaps(from: from.coordinate, to: to.coordinate, mode: mode) }
}
