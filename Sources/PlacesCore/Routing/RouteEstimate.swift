/// One answer of `places route-estimate`: the two ends, how, who answered, and the figures.
public struct RouteEstimate: Sendable, Equatable {
    public let from: RoutePoint
    public let to: RoutePoint
    public let mode: TravelMode
    public let router: RouterName
    /// Along the route (or the estimate of it), metres.
    public let distanceMeters: Double
    public let durationSeconds: Double
    /// The WGS84 geodesic between the two ends, metres.
    public let straightLineMeters: Double

    public init(from: RoutePoint, to: RoutePoint, mode: TravelMode, router: RouterName,
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
    public var mapsURL: String { DirectionsLinks.googleMaps(from: from.coordinate, to: to.coordinate, mode: mode) }
}
