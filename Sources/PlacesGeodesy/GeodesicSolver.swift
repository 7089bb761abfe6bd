import Foundation

/// The inverse geodesic problem on an ellipsoid, by Karney's algorithm
/// (C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55, 2013).
///
/// A transcription of `Geodesic._GenInverse` from geographiclib 2.1 (MIT/X11,
/// © Charles Karney), kept to distance and azimuths. Unlike Vincenty's iteration
/// it converges everywhere, nearly antipodal points included, and agrees with
/// GeographicLib to nanometres.
struct GeodesicSolver: Sendable {
    typealias M = GeodesicMath

    static let wgs84 = GeodesicSolver(a: 6_378_137.0, f: 1 / 298.257223563)

    static let order = 6
    private static let nC3x = (order * (order - 1)) / 2
    private static let maxit1 = 20
    private static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10
    static let tiny = Double.leastNormalMagnitude.squareRoot()
    private static let tol0 = Double.ulpOfOne
    private static let tol1 = 200 * tol0
    private static let tol2 = tol0.squareRoot()
    private static let tolb = tol0
    private static let xthresh = 1000 * tol2

    let a: Double
    let f: Double
    let f1: Double
    private let e2: Double
    let ep2: Double
    private let n: Double
    let b: Double
    private let etol2: Double
    private let a3x: [Double]
    private let c3x: [Double]

    /// An oblate ellipsoid (f > 0): the prolate branches of GeographicLib are not transcribed.
    init(a: Double, f: Double) {
        // Not reachable by data: the only ellipsoid is WGS84, a constant.
        precondition(a > 0 && f > 0 && f < 1, "only oblate ellipsoids are supported")
        self.a = a
        self.f = f
        f1 = 1 - f
        e2 = f * (2 - f)
        ep2 = e2 / M.sq(f1)
        n = f / (2 - f)
        b = a * f1
        etol2 = 0.1 * Self.tol2 / (max(0.001, abs(f)) * min(1.0, 1 - f / 2) / 2).squareRoot()
        a3x = Self.a3Coefficients(n: n)
        c3x = Self.c3Coefficients(n: n)
    }

    /// Distance (metres) and forward azimuths (degrees) at both ends, from point 1 to point 2.
    struct Solution: Sendable {
        var distance: Double
        var azimuth1: Double
        var azimuth2: Double
    }

    /// With `azimuths` false (a distance alone) the azimuths are NaN, their two atan2 skipped.
    // swiftlint:disable:next function_body_length cyclomatic_complexity
    func inverse(lat1 lat1In: Double, lon1: Double, lat2 lat2In: Double, lon2: Double, azimuths: Bool = true) -> Solution {
        var (lon12, lon12s) = M.angDiff(lon1, lon2)
        var lonsign: Double = lon12.sign == .minus ? -1 : 1
        lon12 = lonsign * lon12
        lon12s = lonsign * lon12s
        let lam12 = lon12 * .pi / 180
        let (slam12, clam12) = M.sincosde(lon12, lon12s)
        lon12s = (180 - lon12) - lon12s

        var lat1 = M.angRound(M.latFix(lat1In))
        var lat2 = M.angRound(M.latFix(lat2In))
        let swapp: Double = (abs(lat1) < abs(lat2) || lat2.isNaN) ? -1 : 1
        if swapp < 0 {
            lonsign *= -1
            (lat1, lat2) = (lat2, lat1)
        }
        let latsign: Double = (-lat1).sign == .minus ? -1 : 1
        lat1 *= latsign
        lat2 *= latsign

        var (sbet1, cbet1) = M.sincosd(lat1)
        sbet1 *= f1
        (sbet1, cbet1) = M.norm(sbet1, cbet1)
        cbet1 = max(Self.tiny, cbet1)

        var (sbet2, cbet2) = M.sincosd(lat2)
        sbet2 *= f1
        (sbet2, cbet2) = M.norm(sbet2, cbet2)
        cbet2 = max(Self.tiny, cbet2)

        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = sbet2.sign == .minus ? -abs(sbet1) : abs(sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }

        let dn1 = (1 + ep2 * M.sq(sbet1)).squareRoot()
        let dn2 = (1 + ep2 * M.sq(sbet2)).squareRoot()

        var c1a = [Double](repeating: 0, count: Self.order + 1)
        var c2a = [Double](repeating: 0, count: Self.order + 1)
        var c3a = [Double](repeating: 0, count: Self.order)

        var meridian = lat1 == -90 || slam12 == 0
        var calp1 = 0.0, salp1 = 0.0, calp2 = 0.0, salp2 = 0.0
        var sig12 = 0.0, s12x = 0.0, m12x = 0.0

        if meridian {
            calp1 = clam12
            salp1 = slam12
            calp2 = 1
            salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            sig12 = atan2(max(0.0, csig1 * ssig2 - ssig1 * csig2) + 0.0, csig1 * csig2 + ssig1 * ssig2)
            let lengths = self.lengths(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                ssig2: ssig2, csig2: csig2, dn2: dn2, reducedLength: true,
                c1a: &c1a, c2a: &c2a)
            s12x = lengths.s12b
            m12x = lengths.m12b
            if sig12 < Self.tol2 || m12x >= 0 {
                if sig12 < 3 * Self.tiny || (sig12 < Self.tol0 && (s12x < 0 || m12x < 0)) {
                    sig12 = 0
                    m12x = 0
                    s12x = 0
                }
                m12x *= b
                s12x *= b
            } else {
                meridian = false
            }
        }

        if !meridian && sbet1 == 0 && (f <= 0 || lon12s >= f * 180) {
            // Along the equator.
            calp1 = 0
            calp2 = 0
            salp1 = 1
            salp2 = 1
            s12x = a * lam12
        } else if !meridian {
            let start = inverseStart(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                lam12: lam12, slam12: slam12, clam12: clam12)
            sig12 = start.sig12
            salp1 = start.salp1
            calp1 = start.calp1
            if sig12 >= 0 {
                // Short lines: the starting point is the answer.
                salp2 = start.salp2
                calp2 = start.calp2
                s12x = sig12 * b * start.dnm
            } else {
                // Newton's method on alp1, keeping a bracket of the root.
                var numit = 0
                var tripn = false, tripb = false
                var salp1a = Self.tiny, calp1a = 1.0
                var salp1b = Self.tiny, calp1b = -1.0
                var state = Lambda12Result()
                while true {
                    state = lambda12(
                        sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                        salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                        diffp: numit < Self.maxit1, c1a: &c1a, c2a: &c2a, c3a: &c3a)
                    let v = state.lam12
                    if tripb || !(abs(v) >= (tripn ? 8 : 1) * Self.tol0) || numit == Self.maxit2 { break }
                    if v > 0 && (numit > Self.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                        salp1b = salp1
                        calp1b = calp1
                    } else if v < 0 && (numit > Self.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                        salp1a = salp1
                        calp1a = calp1
                    }
                    numit += 1
                    if numit < Self.maxit1 && state.dlam12 > 0 {
                        let dalp1 = -v / state.dlam12
                        if abs(dalp1) < .pi {
                            let sdalp1 = sin(dalp1), cdalp1 = cos(dalp1)
                            let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                            if nsalp1 > 0 {
                                calp1 = calp1 * cdalp1 - salp1 * sdalp1
                                salp1 = nsalp1
                                (salp1, calp1) = M.norm(salp1, calp1)
                                tripn = abs(v) <= 16 * Self.tol0
                                continue
                            }
                        }
                    }
                    salp1 = (salp1a + salp1b) / 2
                    calp1 = (calp1a + calp1b) / 2
                    (salp1, calp1) = M.norm(salp1, calp1)
                    tripn = false
                    tripb =
                        abs(salp1a - salp1) + (calp1a - calp1) < Self.tolb
                        || abs(salp1 - salp1b) + (calp1 - calp1b) < Self.tolb
                }
                salp2 = state.salp2
                calp2 = state.calp2
                sig12 = state.sig12
                let lengths = self.lengths(
                    eps: state.eps, sig12: sig12, ssig1: state.ssig1, csig1: state.csig1,
                    dn1: dn1, ssig2: state.ssig2, csig2: state.csig2, dn2: dn2,
                    reducedLength: false, c1a: &c1a, c2a: &c2a)
                s12x = lengths.s12b * b
            }
        }

        let s12 = 0.0 + s12x
        guard azimuths else { return Solution(distance: s12, azimuth1: .nan, azimuth2: .nan) }
        if swapp < 0 {
            (salp1, salp2) = (salp2, salp1)
            (calp1, calp2) = (calp2, calp1)
        }
        salp1 *= swapp * lonsign
        calp1 *= swapp * latsign
        salp2 *= swapp * lonsign
        calp2 *= swapp * latsign
        return Solution(distance: s12, azimuth1: M.atan2d(salp1, calp1), azimuth2: M.atan2d(salp2, calp2))
    }

    // MARK: - Series

    static func sinCosSeries(sinp: Bool, _ sinx: Double, _ cosx: Double, _ c: [Double], count: Int) -> Double {
        var k = count
        var n = count - (sinp ? 1 : 0)
        let ar = 2 * (cosx - sinx) * (cosx + sinx)
        var y0 = 0.0, y1 = 0.0
        if n & 1 != 0 {
            k -= 1
            y0 = c[k]
        }
        n /= 2
        while n > 0 {
            n -= 1
            k -= 1
            y1 = ar * y0 - y1 + c[k]
            k -= 1
            y0 = ar * y1 - y0 + c[k]
        }
        return sinp ? 2 * sinx * cosx * y0 : cosx * (y0 - y1)
    }

    private static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = M.sq(x), q = M.sq(y)
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = M.sq(r), r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(ang / 3)
        }
        let v = (M.sq(u) + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + M.sq(w)).squareRoot() + w)
    }

    static func a1m1(_ eps: Double) -> Double {
        let coeff: [Double] = [1, 4, 64, 0, 256]
        let m = order / 2
        let t = M.polyval(m, coeff, 0, M.sq(eps)) / coeff[m + 1]
        return (t + eps) / (1 - eps)
    }

    static func c1(_ eps: Double, _ c: inout [Double]) {
        fillSeries([-1, 6, -16, 32, -9, 64, -128, 2048, 9, -16, 768, 3, -5, 512, -7, 1280, -7, 2048], eps, &c)
    }

    private static func a2m1(_ eps: Double) -> Double {
        let coeff: [Double] = [-11, -28, -192, 0, 256]
        let m = order / 2
        let t = M.polyval(m, coeff, 0, M.sq(eps)) / coeff[m + 1]
        return (t - eps) / (1 + eps)
    }

    private static func c2(_ eps: Double, _ c: inout [Double]) {
        fillSeries([1, 2, 16, 32, 35, 64, 384, 2048, 15, 80, 768, 7, 35, 512, 63, 1280, 77, 2048], eps, &c)
    }

    /// c[l] = eps^l · P_l(eps²) / d_l for l = 1...order, with the polynomials and divisors
    /// packed in `coeff` as GeographicLib packs them (`_C1f`, `_C2f`).
    static func fillSeries(_ coeff: [Double], _ eps: Double, _ c: inout [Double]) {
        let eps2 = M.sq(eps)
        var d = eps
        var o = 0
        for l in 1...order {
            let m = (order - l) / 2
            c[l] = d * M.polyval(m, coeff, o, eps2) / coeff[o + m + 1]
            o += m + 2
            d *= eps
        }
    }

    private static func a3Coefficients(n: Double) -> [Double] {
        let coeff: [Double] = [-3, 128, -2, -3, 64, -1, -3, -1, 16, 3, -1, -2, 8, 1, -1, 2, 1, 1]
        var result = [Double](repeating: 0, count: order)
        var o = 0, k = 0
        for j in stride(from: order - 1, through: 0, by: -1) {
            let m = min(order - j - 1, j)
            result[k] = M.polyval(m, coeff, o, n) / coeff[o + m + 1]
            k += 1
            o += m + 2
        }
        return result
    }

    private static func c3Coefficients(n: Double) -> [Double] {
        let coeff: [Double] = [
            3, 128, 2, 5, 128, -1, 3, 3, 64, -1, 0, 1, 8, -1, 1, 4, 5, 256, 1, 3, 128, -3, -2, 3, 64,
            1, -3, 2, 32, 7, 512, -10, 9, 384, 5, -9, 5, 192, 7, 512, -14, 7, 512, 21, 2560,
        ]
        var result = [Double](repeating: 0, count: nC3x)
        var o = 0, k = 0
        for l in 1..<order {
            for j in stride(from: order - 1, through: l, by: -1) {
                let m = min(order - j - 1, j)
                result[k] = M.polyval(m, coeff, o, n) / coeff[o + m + 1]
                k += 1
                o += m + 2
            }
        }
        return result
    }

    func a3(_ eps: Double) -> Double {
        M.polyval(Self.order - 1, a3x, 0, eps)
    }

    func c3(_ eps: Double, _ c: inout [Double]) {
        var mult = 1.0
        var o = 0
        for l in 1..<Self.order {
            let m = Self.order - l - 1
            mult *= eps
            c[l] = mult * M.polyval(m, c3x, o, eps)
            o += m + 1
        }
    }

    // MARK: - Lengths, start, lambda12

    private struct Lengths {
        var s12b = Double.nan
        var m12b = Double.nan
    }

    private func lengths(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double, reducedLength: Bool,
        c1a: inout [Double], c2a: inout [Double]
    ) -> Lengths {
        var result = Lengths()
        var a1 = Self.a1m1(eps)
        Self.c1(eps, &c1a)
        var a2 = 0.0, m0x = 0.0
        if reducedLength {
            a2 = Self.a2m1(eps)
            Self.c2(eps, &c2a)
            m0x = a1 - a2
            a2 = 1 + a2
        }
        a1 = 1 + a1
        let count = Self.order + 1
        let b1 =
            Self.sinCosSeries(sinp: true, ssig2, csig2, c1a, count: count)
            - Self.sinCosSeries(sinp: true, ssig1, csig1, c1a, count: count)
        result.s12b = a1 * (sig12 + b1)
        if reducedLength {
            let b2 =
                Self.sinCosSeries(sinp: true, ssig2, csig2, c2a, count: count)
                - Self.sinCosSeries(sinp: true, ssig1, csig1, c2a, count: count)
            let j12 = m0x * sig12 + (a1 * b1 - a2 * b2)
            result.m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        }
        return result
    }

    private struct Start {
        var sig12: Double
        var salp1: Double
        var calp1: Double
        var salp2: Double
        var calp2: Double
        var dnm: Double
    }

    private func inverseStart(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> Start {
        var sig12 = -1.0, salp2 = Double.nan, calp2 = Double.nan, dnm = Double.nan
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        var sbet12a = sbet2 * cbet1
        sbet12a += cbet2 * sbet1

        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double, comg12: Double
        if shortline {
            var sbetm2 = M.sq(sbet1 + sbet2)
            sbetm2 /= sbetm2 + M.sq(cbet1 + cbet2)
            dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }

        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * M.sq(somg12) / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * M.sq(somg12) / (1 - comg12)

        let ssig12 = (salp1 * salp1 + calp1 * calp1).squareRoot()
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortline && ssig12 < etol2 {
            salp2 = cbet1 * somg12
            calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? M.sq(somg12) / (1 + comg12) : 1 - comg12)
            (salp2, calp2) = M.norm(salp2, calp2)
            sig12 = atan2(ssig12, csig12)
        } else if abs(n) >= 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * M.sq(cbet1) {
            // The zeroth-order spherical approximation is good enough to start from.
        } else {
            // Nearly antipodal: scale to the astroid problem (f > 0 for WGS84).
            let lam12x = atan2(-slam12, -clam12)
            let k2 = M.sq(sbet1) * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let lamscale = f * cbet1 * a3(eps) * .pi
            let betscale = lamscale * cbet1
            let x = lam12x / lamscale
            let y = sbet12a / betscale
            if y > -Self.tol1 && x > -1 - Self.xthresh {
                salp1 = min(1.0, -x)
                calp1 = -(1 - M.sq(salp1)).squareRoot()
            } else {
                let k = Self.astroid(x, y)
                let omg12a = lamscale * (-x * k / (1 + k))
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * M.sq(somg12) / (1 - comg12)
            }
        }
        if !(salp1 <= 0) {
            (salp1, calp1) = M.norm(salp1, calp1)
        } else {
            salp1 = 1
            calp1 = 0
        }
        return Start(sig12: sig12, salp1: salp1, calp1: calp1, salp2: salp2, calp2: calp2, dnm: dnm)
    }

    private struct Lambda12Result {
        var lam12 = 0.0
        var salp2 = 0.0
        var calp2 = 0.0
        var sig12 = 0.0
        var ssig1 = 0.0
        var csig1 = 0.0
        var ssig2 = 0.0
        var csig2 = 0.0
        var eps = 0.0
        var dlam12 = Double.nan
    }

    private func lambda12(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        salp1: Double, calp1 calp1In: Double, slam120: Double, clam120: Double, diffp: Bool,
        c1a: inout [Double], c2a: inout [Double], c3a: inout [Double]
    ) -> Lambda12Result {
        var r = Lambda12Result()
        var calp1 = calp1In
        if sbet1 == 0 && calp1 == 0 { calp1 = -Self.tiny }

        let salp0 = salp1 * cbet1
        let calp0 = (calp1 * calp1 + M.sq(salp1 * sbet1)).squareRoot()

        var ssig1 = sbet1
        let somg1 = salp0 * sbet1
        var csig1 = calp1 * cbet1
        let comg1 = csig1
        (ssig1, csig1) = M.norm(ssig1, csig1)

        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2 =
            (cbet2 != cbet1 || abs(sbet2) != -sbet1)
            ? (M.sq(calp1 * cbet1) + (cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2))).squareRoot()
                / cbet2
            : abs(calp1)

        var ssig2 = sbet2
        let somg2 = salp0 * sbet2
        var csig2 = calp2 * cbet2
        let comg2 = csig2
        (ssig2, csig2) = M.norm(ssig2, csig2)

        let sig12 = atan2(max(0.0, csig1 * ssig2 - ssig1 * csig2) + 0.0, csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0.0, comg1 * somg2 - somg1 * comg2) + 0.0
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)

        let k2 = M.sq(calp0) * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        c3(eps, &c3a)
        let b312 =
            Self.sinCosSeries(sinp: true, ssig2, csig2, c3a, count: Self.order)
            - Self.sinCosSeries(sinp: true, ssig1, csig1, c3a, count: Self.order)
        let domg12 = -f * a3(eps) * salp0 * (sig12 + b312)

        r.lam12 = eta + domg12
        r.salp2 = salp2
        r.calp2 = calp2
        r.sig12 = sig12
        r.ssig1 = ssig1
        r.csig1 = csig1
        r.ssig2 = ssig2
        r.csig2 = csig2
        r.eps = eps
        if diffp {
            if calp2 == 0 {
                r.dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                let lengths = self.lengths(
                    eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                    ssig2: ssig2, csig2: csig2, dn2: dn2, reducedLength: true,
                    c1a: &c1a, c2a: &c2a)
                r.dlam12 = lengths.m12b * f1 / (calp2 * cbet2)
            }
        }
        return r
    }
}
