import Foundation

/// One straight piece of a route: the geodesic between two consecutive points of its line
/// on the WGS84 ellipsoid, and the point on it nearest a place, found exactly.
///
/// The nearest point is where the geodesic from it to the place meets the segment at a right
/// angle (or an end). From a first guess, each step walks the spherical along-track distance
/// ρ·atan(tan(d/ρ)·cos δ), with d and δ the distance and the angle between the segment and the
/// direction to the place, both from the exact inverse problem at the current point (found by
/// the exact direct problem). On a sphere of radius ρ one step lands on the foot; on the
/// ellipsoid what is left shrinks by orders of magnitude each step at route scales, so two or
/// three steps reach the 0.1 mm the loop stops at (RouteLineAccuracyTests shows the result
/// against GeographicLib).
struct GeodesicSegment: Sendable {
    let start: Coordinate
    let end: Coordinate
    /// Metres along the geodesic.
    let length: Double
    private let line: GeodesicLine

    /// The sphere the steps are taken on (WGS84's mean radius); its mismatch with the ellipsoid
    /// only slows convergence, it does not change where the steps converge to.
    private static let stepRadius = 6_371_008.8
    /// Steps stop once they move less than this (metres).
    private static let tolerance = 1e-4
    private static let maxSteps = 30

    init(from start: Coordinate, to end: Coordinate) {
        self.start = start
        self.end = end
        let s = GeodesicSolver.wgs84.inverse(lat1: start.latitude, lon1: start.longitude, lat2: end.latitude, lon2: end.longitude)
        length = s.distance
        line = GeodesicLine(latitude: start.latitude, longitude: start.longitude, azimuth: s.azimuth1)
    }

    /// The point `meters` from the start (clamped to the segment).
    func point(at meters: Double) -> Coordinate {
        if meters <= 0 { return start }
        if meters >= length { return end }
        let p = line.position(at: meters)
        return Coordinate(uncheckedLatitude: min(90, max(-90, p.latitude)), longitude: Self.wrapped(p.longitude))
    }

    /// The nearest point to `place` among those `within` metres of the start (the whole
    /// segment by default), as its distance from the start and its distance to the place.
    /// `guess` is where to start looking (else a spherical estimate from the start).
    func nearest(to place: Coordinate, within range: ClosedRange<Double>? = nil, guess: Double? = nil) -> (along: Double, distance: Double)
    {
        let solver = GeodesicSolver.wgs84
        let low = max(0, range?.lowerBound ?? 0), high = min(length, range?.upperBound ?? length)
        guard high > low else {
            let at = point(at: low)
            return (low, solver.inverse(lat1: at.latitude, lon1: at.longitude, lat2: place.latitude, lon2: place.longitude).distance)
        }
        var t: Double
        if let guess {
            t = guess
        } else {
            let fromStart = solver.inverse(lat1: start.latitude, lon1: start.longitude, lat2: place.latitude, lon2: place.longitude)
            t = Self.alongTrack(distance: fromStart.distance, angle: fromStart.azimuth1 - line.azimuth1)
        }
        t = min(high, max(low, t))
        var distance = Double.infinity
        for _ in 0..<Self.maxSteps {
            let here = line.position(at: t)
            let toPlace = solver.inverse(lat1: here.latitude, lon1: here.longitude, lat2: place.latitude, lon2: place.longitude)
            distance = toPlace.distance
            let next = min(high, max(low, t + Self.alongTrack(distance: distance, angle: toPlace.azimuth1 - here.azimuth)))
            if abs(next - t) < Self.tolerance { break }
            t = next
        }
        return (t, distance)
    }

    /// How far along a great circle the foot of the perpendicular from a point lies, for a
    /// point `distance` metres away at `angle` degrees from the circle's direction.
    private static func alongTrack(distance: Double, angle: Double) -> Double {
        let sigma = distance / stepRadius
        return stepRadius * atan2(sin(sigma) * cos(angle * .pi / 180), cos(sigma))
    }

    static func wrapped(_ longitude: Double) -> Double {
        var l = longitude.truncatingRemainder(dividingBy: 360)
        if l > 180 { l -= 360 }
        if l < -180 { l += 360 }
        return l
    }
}
