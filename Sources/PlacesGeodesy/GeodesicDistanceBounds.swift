import Foundation

/// Cheap, certain bounds on the WGS84 geodesic distance from one centre: to a point (a few
/// trigonometric calls, against about a microsecond for the exact distance) and to a
/// latitude/longitude rectangle (a grid cell, a band of latitude, an extract's box). A
/// nearest-first walk stops when no unread cell can be nearer than the k-th place found.
///
/// Why they hold: with the reduced latitude β (tan β = (1 − f) tan φ) a point of the
/// ellipsoid is (a cos β cos λ, a cos β sin λ, b sin β), so its line element is
/// ds² = (a² sin²β + b² cos²β) dβ² + a² cos²β dλ², which lies between b² and a² times the
/// unit sphere's dβ² + cos²β dλ². So every path, and the geodesic, is at least b times the
/// great-circle angle σ between the points' images (β, λ) on the unit sphere; and lifting
/// that great circle gives a path of at most a·σ. Hence b·σ ≤ s ≤ a·σ everywhere, poles and
/// antimeridian included; a margin far above rounding error keeps the bounds certain.
package struct GeodesicDistanceBounds: Sendable {
    static let a = 6_378_137.0
    static let f = 1 / 298.257223563
    static let b = a * (1 - f)
    private static let degrees = Double.pi / 180

    let center: Coordinate
    private let beta: Double
    private let cosBeta: Double
    private let sinBeta: Double
    private let lambda: Double

    package init(center: Coordinate) {
        self.center = center
        beta = Self.reducedLatitude(center.latitude)
        cosBeta = cos(beta)
        sinBeta = sin(beta)
        lambda = center.longitude
    }

    /// β in radians for a latitude in degrees.
    @inline(__always) static func reducedLatitude(_ latitude: Double) -> Double {
        let phi = latitude * degrees
        return atan2((1 - f) * sin(phi), cos(phi))
    }

    /// A lower bound in metres on the distance to the point.
    @inline(__always) func lower(latitude: Double, longitude: Double) -> Double {
        Self.lower(sigma: sigma(toBeta: Self.reducedLatitude(latitude), longitudeDifference: Self.longitudeDifference(lambda, longitude)))
    }

    /// Both bounds, in metres, on the distance to the point.
    @inline(__always) package func bounds(latitude: Double, longitude: Double) -> (lower: Double, upper: Double) {
        let s = sigma(toBeta: Self.reducedLatitude(latitude), longitudeDifference: Self.longitudeDifference(lambda, longitude))
        return (Self.lower(sigma: s), Self.upper(sigma: s))
    }

    /// A lower bound in metres on the distance to any point with a latitude in `south...north`
    /// and a longitude in `west...east` (degrees; `east − west` at most 360, the range may run
    /// past ±180, as `170...190` does across the antimeridian).
    package func lower(south: Double, north: Double, west: Double, east: Double) -> Double {
        let betaSouth = Self.reducedLatitude(max(-90, south)), betaNorth = Self.reducedLatitude(min(90, north))
        let delta = Self.distance(from: lambda, toLongitudes: west, east) * Self.degrees
        if delta == 0 {
            // Along the centre's own meridian: the nearest latitude of the band.
            return Self.lower(sigma: max(0, betaSouth - beta, beta - betaNorth))
        }
        // Off the rectangle's longitudes: for a fixed latitude the distance grows with the
        // longitude difference (up to 180°), so the nearest point is on the nearer edge
        // meridian: at one of its ends, or where cos σ = sin β₀ sin β + cos β₀ cos β cos Δ
        // peaks, β = atan2(sin β₀, cos β₀ cos Δ).
        var sigma = min(
            self.sigma(toBeta: betaSouth, longitudeDifference: delta), self.sigma(toBeta: betaNorth, longitudeDifference: delta))
        let peak = atan2(sinBeta, cosBeta * cos(delta))
        if peak > betaSouth && peak < betaNorth {
            sigma = min(sigma, self.sigma(toBeta: peak, longitudeDifference: delta))
        }
        return Self.lower(sigma: sigma)
    }

    /// An upper bound in metres on the distance to any point of a rectangle no wider than
    /// 180° of longitude: to its middle, plus from there to its farthest corner (the
    /// triangle inequality on the sphere).
    package func upper(south: Double, north: Double, west: Double, east: Double) -> Double {
        let middleLatitude = (max(-90, south) + min(90, north)) / 2, middleLongitude = (west + east) / 2
        let betaMiddle = Self.reducedLatitude(middleLatitude)
        let toMiddle = sigma(toBeta: betaMiddle, longitudeDifference: Self.longitudeDifference(lambda, middleLongitude))
        let halfWidth = (east - west) / 2 * Self.degrees
        var corner = 0.0
        for edge in [max(-90, south), min(90, north)] {
            corner = max(corner, Self.sigma(betaMiddle, cos(betaMiddle), Self.reducedLatitude(edge), halfWidth))
        }
        return Self.upper(sigma: toMiddle + corner)
    }

    // MARK: The unit sphere

    /// The great-circle angle (radians) to (β, λ) by the haversine, exact for small angles.
    @inline(__always) private func sigma(toBeta other: Double, longitudeDifference delta: Double) -> Double {
        Self.sigma(beta, cosBeta, other, delta)
    }

    @inline(__always) private static func sigma(_ beta1: Double, _ cosBeta1: Double, _ beta2: Double, _ delta: Double) -> Double {
        let sinHalfBeta = sin((beta2 - beta1) / 2), sinHalfLambda = sin(delta / 2)
        let haversine = sinHalfBeta * sinHalfBeta + cosBeta1 * cos(beta2) * sinHalfLambda * sinHalfLambda
        return 2 * asin(min(1, haversine.squareRoot()))
    }

    /// Longitude difference in radians, in [0, π].
    @inline(__always) private static func longitudeDifference(_ from: Double, _ to: Double) -> Double {
        var d = abs(to - from)
        if d > 180 { d = 360 - d }
        return d * degrees
    }

    /// Degrees from a longitude to the nearest longitude of `west...east` around the circle; 0 inside.
    private static func distance(from longitude: Double, toLongitudes west: Double, _ east: Double) -> Double {
        guard east - west < 360 else { return 0 }
        let intoRange = (longitude - west).truncatingRemainder(dividingBy: 360)
        let offset = intoRange < 0 ? intoRange + 360 : intoRange
        if offset <= east - west { return 0 }
        return min(360 - offset, offset - (east - west))
    }

    // Margins: a relative part far above the haversine's rounding, and 0.1 mm.
    @inline(__always) private static func lower(sigma: Double) -> Double { max(0, b * sigma * (1 - 1e-12) - 1e-4) }
    @inline(__always) private static func upper(sigma: Double) -> Double { a * sigma * (1 + 1e-12) + 1e-4 }
}
