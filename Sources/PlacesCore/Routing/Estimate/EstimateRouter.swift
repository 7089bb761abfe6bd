/// `--router estimate`: no network. The ellipsoidal straight line times a detour factor
/// for the mode and the distance, at a typical speed for the mode and the distance
/// (`EstimateCalibration`).
public struct EstimateRouter: Router {
    public var name: RouterName { .estimate }

    /// The longest straight line in the routes the short end was fitted to was 17.7 km;
    /// beyond this a note says the long end comes from published figures.
    public static let calibratedUpToMeters = 50_000.0

    public init() {}

    public func measure(from: Coordinate, to: Coordinate, mode: TravelMode, diagnostics: Diagnostics) async throws -> RouteMeasure {
        let straight = GeodesicDistance.meters(from: from, to: to)
        if straight > Self.calibratedUpToMeters {
            diagnostics.note("the estimate was calibrated on trips under 20 km; at \(DistanceText.format(straight)) in a straight line it is rough: ask --router osrm or --router google for a real route")
        }
        return Self.estimate(straightLineMeters: straight, mode: mode)
    }

    /// The estimate for a straight line of this length: distance to the metre, time to the second.
    public static func estimate(straightLineMeters straight: Double, mode: TravelMode) -> RouteMeasure {
        let c = EstimateCalibration.for(mode).at(straightLineMeters: straight)
        let distance = (c.circuity * straight + min(c.fixedDetourMeters, straight)).rounded()
        let duration = distance > 0 ? c.fixedSeconds + distance / c.speedMetersPerSecond : 0
        return RouteMeasure(distanceMeters: distance, durationSeconds: duration.rounded())
    }
}
