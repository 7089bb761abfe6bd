/// One answer of `places route-estimate`: the two ends, how, who answered, and the figures.
package struct RouteEstimate: Sendable, Equatable {
    package let from: RoutePoint
    package let to: RoutePoint
    package let mode: TravelMode
    package let router: RouterName
    /// Along the route (or the estimate of it), metres.
    package let distanceMeters: Double
    package let durationSeconds: Double
    /// The WGS84 geodesic between the two ends, metres.
    package let straightLineMeters: Double
    /// The route's line as the router drew it (asked for by `--format geojson` or `--steps`);
    /// nil when not asked for, or for the estimate (its line is the straight one).
    package var line: [Coordinate]?
    /// Turn-by-turn steps: set when asked for (empty never: nil when the router has none).
    package var steps: [RouteStep]?
    /// Whether steps were asked for (JSON then has `steps`, null when the router has none).
    package var stepsAsked = false

    package init(from: RoutePoint, to: RoutePoint, mode: TravelMode, router: RouterName,
                distanceMeters: Double, durationSeconds: Double, straightLineMeters: Double) {
        self.from = from
        self.to = to
        self.mode = mode
        self.router = router
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.straightLineMeters = straightLineMeters
    }

    /// The contract's `mapsUrl`: Google Maps directions for this trip.
    package var mapsURL: String { DirectionsLinks.googleMaps(from: from.coordinate, to: to.coordinate, mode: mode) }
}
