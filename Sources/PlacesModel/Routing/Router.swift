import PlacesGeodesy

/// How far and how long, as a router answered.
package struct RouteMeasure: Sendable, Equatable {
    package let distanceMeters: Double
    package let durationSeconds: Double

    package init(distanceMeters: Double, durationSeconds: Double) {
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
    }
}

/// Something that measures a trip between two coordinates: the offline estimate, or a
/// web router. Routers only know their own wire; resolving points and rendering happen once.
package protocol Router: Sendable {
    var name: RouterName { get }

    /// The trip from `from` to `to` by `mode`. No route is `PlacesError.notFound` (66).
    func measure(from: Coordinate, to: Coordinate, mode: TravelMode, diagnostics: Diagnostics) async throws -> RouteMeasure

    /// The trip with its line (and its steps when `steps` and the router has them): one
    /// request, like `measure`, asking for the geometry too.
    func route(from: Coordinate, to: Coordinate, mode: TravelMode, steps: Bool, diagnostics: Diagnostics) async throws -> RouteGeometry
}
