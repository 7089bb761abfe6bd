import Foundation
import PlacesGeodesy

/// The longest stretch of open sea under a trip's straight line (the great circle), from
/// `SeaMask`: Helsinki → Tallinn crosses about 70 km of the Gulf of Finland, which a car
/// crosses by ferry and a walker not at all. A coarse guide: cells are 1/8° (14 km north to
/// south), so straits narrower than that, bridges and tunnels are not seen.
enum SeaCrossing {
    /// Metres of the longest unbroken run of sea cells along the great circle, sampled every
    /// 2 km (at most 10,000 samples).
    static func longestSeaMeters(from a: Coordinate, to b: Coordinate, straightLineMeters: Double) -> Double {
        guard straightLineMeters > 0 else { return 0 }
        let samples = min(10_000, max(2, Int((straightLineMeters / 2_000).rounded(.up))))
        let step = straightLineMeters / Double(samples)
        let mask = SeaMask.shared
        var longest = 0, run = 0
        for i in 0...samples {
            let p = greatCircle(from: a, to: b, fraction: Double(i) / Double(samples))
            if mask.isSea(latitude: p.latitude, longitude: p.longitude) {
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
        }
        return Double(longest) * step
    }

    /// The point `fraction` of the way along the great circle from a to b (on a sphere; the
    /// mask is far coarser than the sphere's error). For antipodes, where every great
    /// circle is shortest, the one it takes is arbitrary.
    static func greatCircle(from a: Coordinate, to b: Coordinate, fraction t: Double) -> (latitude: Double, longitude: Double) {
        func vector(_ c: Coordinate) -> (Double, Double, Double) {
            let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
            return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
        }
        let p = vector(a), q = vector(b)
        let dot = max(-1, min(1, p.0 * q.0 + p.1 * q.1 + p.2 * q.2))
        let omega = acos(dot)
        let (wp, wq): (Double, Double) = sin(omega) < 1e-12 ? (1 - t, t) : (sin((1 - t) * omega) / sin(omega), sin(t * omega) / sin(omega))
        let x = wp * p.0 + wq * q.0, y = wp * p.1 + wq * q.1, z = wp * p.2 + wq * q.2
        return (atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, atan2(y, x) * 180 / .pi)
    }
}
