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
}
