import Foundation

/// Angle helpers from GeographicLib's `Math` class (Karney, MIT/X11 licence),
/// transcribed from geographiclib 2.1 `geomath.py`. They keep degrees exact
/// where radians would lose bits (multiples of 90°, tiny angles).
enum GeodesicMath {
    static func sq(_ x: Double) -> Double { x * x }

    /// Normalizes the two-vector (x, y).
    static func norm(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = (x * x + y * y).squareRoot()
        return (x / r, y / r)
    }

    /// Error-free sum: returns s = round(u + v) and t with u + v = s + t.
    static func sum(_ u: Double, _ v: Double) -> (Double, Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        let t = s == 0 ? s : 0.0 - (up + vpp)
        return (s, t)
    }

    static func polyval(_ n: Int, _ p: [Double], _ s: Int, _ x: Double) -> Double {
        var y = n < 0 ? 0.0 : p[s]
        var n = n, s = s
        while n > 0 {
            n -= 1
            s += 1
            y = y * x + p[s]
        }
        return y
    }

    /// Rounds tiny angles so that values near zero underflow to exactly zero.
    static func angRound(_ x: Double) -> Double {
        let z = 1.0 / 16.0
        var y = abs(x)
        if y < z { y = z - (z - y) }
        return x.sign == .minus ? -y : y
    }

    static func remainder(_ x: Double, _ y: Double) -> Double {
        x.isFinite ? Foundation.remainder(x, y) : .nan
    }

    static func latFix(_ x: Double) -> Double { abs(x) > 90 ? .nan : x }

    /// An angle reduced to [-180, 180], ±180 keeping the sign of `x`.
    static func angNormalize(_ x: Double) -> Double {
        let y = remainder(x, 360)
        return abs(y) == 180 ? (x.sign == .minus ? -180 : 180) : y
    }

    /// y − x reduced to [-180, 180], with its rounding error.
    static func angDiff(_ x: Double, _ y: Double) -> (Double, Double) {
        var (d, t) = sum(remainder(-x, 360), remainder(y, 360))
        (d, t) = sum(remainder(d, 360), t)
        if d == 0 || abs(d) == 180 {
            let sign = t == 0 ? y - x : -t
            d = sign.sign == .minus ? -abs(d) : abs(d)
        }
        return (d, t)
    }

    /// Sine and cosine of an angle in degrees, exact at multiples of 90°.
    static func sincosd(_ x: Double) -> (Double, Double) {
        var r = x.isFinite ? fmod(x, 360) : .nan
        let q = r.isNaN ? 0 : Int((r / 90).rounded(.toNearestOrEven))
        r -= 90 * Double(q)
        r = r * .pi / 180
        return quadrant(Foundation.sin(r), Foundation.cos(r), q, x)
    }

    /// Sine and cosine of (x + t) degrees with x in [-180, 180].
    static func sincosde(_ x: Double, _ t: Double) -> (Double, Double) {
        let q = x.isFinite ? Int((x / 90).rounded(.toNearestOrEven)) : 0
        var r = x - 90 * Double(q)
        r = angRound(r + t) * .pi / 180
        return quadrant(Foundation.sin(r), Foundation.cos(r), q, x)
    }

    private static func quadrant(_ s0: Double, _ c0: Double, _ q: Int, _ x: Double) -> (Double, Double) {
        var s = s0, c = c0
        switch ((q % 4) + 4) % 4 {
        case 1: (s, c) = (c, -s)
        case 2: (s, c) = (-s, -c)
        case 3: (s, c) = (-c, s)
        default: break
        }
        c = c + 0.0
        if s == 0 { s = x.sign == .minus ? -0.0 : 0.0 }
        return (s, c)
    }

    /// atan2 in degrees, exact in the quadrant boundaries.
    static func atan2d(_ y0: Double, _ x0: Double) -> Double {
        var x = x0, y = y0
        var q = 0
        if abs(y) > abs(x) {
            q = 2
            (x, y) = (y, x)
        }
        if x < 0 {
            q += 1
            x = -x
        }
        var ang = Foundation.atan2(y, x) * 180 / .pi
        switch q {
        case 1: ang = (y.sign == .minus ? -180.0 : 180.0) - ang
        case 2: ang = 90 - ang
        case 3: ang = -90 + ang
        default: break
        }
        return ang
    }
}
