import Foundation

/// A latitude/longitude box sure to hold every point within a geodesic distance of a
/// centre on the WGS84 ellipsoid: a cheap test that lets a search skip the exact distance
/// (about a microsecond each) for places that cannot be in the circle.
///
/// Why it is safe: along any path on the ellipsoid, ds² = M(φ)²dφ² + p(φ)²dλ², with M the
/// meridional radius (smallest at the equator, a(1−e²)) and p = N(φ)cos φ the radius of the
/// parallel (shrinking towards the poles). So a point at distance s is within s / M_min of
/// the centre's latitude, and within s / p_min of its longitude, where p_min is taken at the
/// band's highest latitude. A small margin covers rounding.
package struct GeodesicBounds: Sendable, Equatable {
    package let minLatitude: Double
    package let maxLatitude: Double
    /// The centre's longitude and the largest longitude difference inside; nil when the
    /// band reaches a pole or the circle wraps all the way round.
    let longitudeSpan: (center: Double, halfWidth: Double)?

    package static func == (a: GeodesicBounds, b: GeodesicBounds) -> Bool {
        a.minLatitude == b.minLatitude && a.maxLatitude == b.maxLatitude
            && a.longitudeSpan?.center == b.longitudeSpan?.center && a.longitudeSpan?.halfWidth == b.longitudeSpan?.halfWidth
    }

    private static let a = 6_378_137.0
    private static let f = 1 / 298.257223563
    private static let e2 = f * (2 - f)
    private static let minMeridionalRadius = a * (1 - e2)
    private static let margin = 1 + 1e-9

    /// The box around `center` holding every point within `radius` metres.
    package init(center: Coordinate, radius: Double) {
        let degreesPerRadian = 180 / Double.pi
        let dLat = radius / Self.minMeridionalRadius * Self.margin * degreesPerRadian + 1e-9
        minLatitude = max(center.latitude - dLat, -90)
        maxLatitude = min(center.latitude + dLat, 90)
        let highest = max(abs(center.latitude - dLat), abs(center.latitude + dLat))
        guard highest < 90 else {
            longitudeSpan = nil
            return
        }
        let phi = highest / degreesPerRadian
        let parallelRadius = Self.a * cos(phi) / (1 - Self.e2 * sin(phi) * sin(phi)).squareRoot()
        let dLon = radius / parallelRadius * Self.margin * degreesPerRadian + 1e-9
        longitudeSpan = dLon < 180 ? (center.longitude, dLon) : nil
    }

    /// Whether the point may be within the distance (false means it surely is not).
    @inline(__always)
    package func contains(latitude: Double, longitude: Double) -> Bool {
        guard latitude >= minLatitude && latitude <= maxLatitude else { return false }
        guard let span = longitudeSpan else { return true }
        var d = abs(longitude - span.center)
        if d > 180 { d = 360 - d }
        return d <= span.halfWidth
    }

    /// The longitude ranges inside, in [-180, 180]: one, or two when the box crosses the antimeridian.
    package var longitudeRanges: [ClosedRange<Double>] {
        guard let span = longitudeSpan else { return [-180...180] }
        let low = span.center - span.halfWidth, high = span.center + span.halfWidth
        if low < -180 { return [-180...high, (low + 360)...180] }
        if high > 180 { return [low...180, -180...(high - 360)] }
        return [low...high]
    }
}
