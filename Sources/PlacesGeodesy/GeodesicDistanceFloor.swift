import Foundation

/// A certain lower bound on the WGS84 geodesic distance from one centre, in a few
/// multiplications: for a nearest search that has found a place `within` metres away and
/// asks of each other candidate only whether it could be nearer (`reverse -` reads every
/// address of the cells around each point).
///
/// Why it holds: the line element is ds² = M(φ)² dφ² + (N(φ) cos φ)² dλ², where the
/// meridional radius M is at least a(1 − e²) (its value at the equator) and N at least a. A
/// path no longer than `within` cannot leave the band of latitudes within
/// `within` / (a(1 − e²)) radians of the centre's, where cos φ ≥ c; so by Minkowski's
/// inequality it is at least √((a(1 − e²) Δφ)² + (a c Δλ)²) long. A point this bound puts
/// beyond `within` is therefore farther; a margin of 1e-9 of it covers rounding.
package struct GeodesicDistanceFloor: Sendable {
    static let a = 6_378_137.0
    static let f = 1 / 298.257223563
    /// a(1 − e²): the least meridional radius of curvature, 6,335,439 m.
    static let meridianMinimum = a * (1 - f * (2 - f))
    private static let radians = Double.pi / 180

    private let latitude: Double
    private let longitude: Double
    private let withinSquared: Double
    /// a·c in metres a radian of longitude: the least parallel radius a path within the band can use.
    private let parallelRadius: Double

    package init(center: Coordinate, within meters: Double) {
        latitude = center.latitude
        longitude = center.longitude
        withinSquared = meters * meters
        let band = abs(center.latitude) * Self.radians + meters / Self.meridianMinimum
        parallelRadius = band >= Double.pi / 2 ? 0 : Self.a * cos(band)
    }

    /// Whether the point is certainly farther than `within` metres from the centre.
    @inline(__always) package func rulesOut(latitude: Double, longitude: Double) -> Bool {
        var longitudes = abs(longitude - self.longitude)
        if longitudes > 180 { longitudes = 360 - longitudes }
        let y = Self.meridianMinimum * (latitude - self.latitude) * Self.radians
        let x = parallelRadius * longitudes * Self.radians
        return (x * x + y * y) * (1 - 1e-9) > withinSquared
    }
}
