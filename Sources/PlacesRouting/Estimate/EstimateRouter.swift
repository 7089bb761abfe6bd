import PlacesGeodesy
import PlacesModel
import PlacesProviderKit

/// `--router estimate`: no network. The ellipsoidal straight line times a detour factor
/// for the mode and the distance, at a typical speed for the mode and the distance
/// (`EstimateCalibration`); a note when no one would make the trip that way
/// (`TripPlausibility`).
package struct EstimateRouter: Router {
    package var name: RouterName { .estimate }

    package init() {}

    package func measure(from: Coordinate, to: Coordinate, mode: TravelMode, diagnostics: Diagnostics) async throws -> RouteMeasure {
        let straight = GeodesicDistance.meters(from: from, to: to)
        let estimate = Self.estimate(straightLineMeters: straight, mode: mode)
        if let note = TripPlausibility.note(from: from, to: to, straightLineMeters: straight, mode: mode, estimate: estimate) {
            diagnostics.note(note)
        }
        return estimate
    }

    /// The estimate with the straight line (a geodesic) as its line; it has no steps. The
    /// line is what is wanted here (a search along it), so the note on trips no one makes
    /// (which reads the sea mask) is `measure`'s alone.
    package func route(
        from: Coordinate, to: Coordinate, mode: TravelMode, steps: Bool, diagnostics: Diagnostics
    ) async throws -> RouteGeometry {
        let measure = Self.estimate(straightLineMeters: GeodesicDistance.meters(from: from, to: to), mode: mode)
        return RouteGeometry(
            distanceMeters: measure.distanceMeters, durationSeconds: measure.durationSeconds, coordinates: [from, to],
            steps: nil, isStraightLine: true)
    }

    /// The estimate for a straight line of this length: distance to the metre, time to the second.
    package static func estimate(straightLineMeters straight: Double, mode: TravelMode) -> RouteMeasure {
        let c = EstimateCalibration.for(mode).at(straightLineMeters: straight)
        let distance = (c.circuity * straight + min(c.fixedDetourMeters, straight)).rounded()
        let duration = distance > 0 ? c.fixedSeconds + distance / c.speedMetersPerSecond : 0
        return RouteMeasure(distanceMeters: distance, durationSeconds: duration.rounded())
    }
}
