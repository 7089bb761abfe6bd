import Foundation

/// The direct geodesic problem: the points of one geodesic, from a start and an azimuth, at
/// any distance along it. What a route's straight line between two vertices is on the
/// ellipsoid, walked to find the point nearest a place (`GeodesicSegment`).
///
/// A transcription of `GeodesicLine.__init__` and `_GenPosition` (distance mode, latitude,
/// longitude and azimuth only) from geographiclib 2.1 (MIT/X11, © Charles Karney), on the
/// series `GeodesicSolver` already holds. Agrees with GeographicLib to nanometres.
struct GeodesicLine: Sendable {
    typealias M = GeodesicMath

    /// A point of the line.
    struct Position: Sendable, Equatable {
        var latitude: Double
        var longitude: Double
        /// The forward azimuth there, degrees clockwise from north.
        var azimuth: Double
    }

    private let solver: GeodesicSolver
    /// The start and the azimuth there, degrees.
    let latitude1, longitude1, azimuth1: Double
    /// geographiclib's names: the auxiliary sphere's constants of this line.
    private let salp0, calp0, ssig1, csig1, somg1, comg1, a1m1: Double
    private let c1a, c1pa, c3a: [Double]
    private let a3c, b11, b31, stau1, ctau1: Double

    /// The geodesic leaving (`latitude`, `longitude`) at `azimuth` degrees.
    init(solver: GeodesicSolver = .wgs84, latitude: Double, longitude: Double, azimuth: Double) {
        self.solver = solver
        latitude1 = M.latFix(latitude)
        longitude1 = longitude
        azimuth1 = M.angNormalize(azimuth)
        let (salp1, calp1) = M.sincosd(M.angRound(azimuth))
        var (sbet1, cbet1) = M.sincosd(M.angRound(latitude1))
        sbet1 *= solver.f1
        (sbet1, cbet1) = M.norm(sbet1, cbet1)
        cbet1 = max(GeodesicSolver.tiny, cbet1)

        salp0 = salp1 * cbet1
        calp0 = (calp1 * calp1 + M.sq(salp1 * sbet1)).squareRoot()
        var ssig1 = sbet1
        somg1 = salp0 * sbet1
        var csig1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        comg1 = csig1
        (ssig1, csig1) = M.norm(ssig1, csig1)
        self.ssig1 = ssig1
        self.csig1 = csig1

        let k2 = M.sq(calp0) * solver.ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let order = GeodesicSolver.order
        a1m1 = GeodesicSolver.a1m1(eps)
        var c1a = [Double](repeating: 0, count: order + 1)
        GeodesicSolver.c1(eps, &c1a)
        var c1pa = [Double](repeating: 0, count: order + 1)
        Self.c1p(eps, &c1pa)
        var c3a = [Double](repeating: 0, count: order)
        solver.c3(eps, &c3a)
        self.c1a = c1a
        self.c1pa = c1pa
        self.c3a = c3a
        b11 = GeodesicSolver.sinCosSeries(sinp: true, ssig1, csig1, c1a, count: order + 1)
        let s = sin(b11), c = cos(b11)
        stau1 = ssig1 * c + csig1 * s
        ctau1 = csig1 * c - ssig1 * s
        a3c = -solver.f * salp0 * solver.a3(eps)
        b31 = GeodesicSolver.sinCosSeries(sinp: true, ssig1, csig1, c3a, count: order)
    }

    /// The point `distance` metres along the line (negative: backwards from the start). The
    /// longitude is unrolled: it may pass ±180 and is the start's plus the change on the way.
    func position(at distance: Double) -> Position {
        let order = GeodesicSolver.order
        let tau12 = distance / (solver.b * (1 + a1m1))
        let s = sin(tau12), c = cos(tau12)
        let b12 = -GeodesicSolver.sinCosSeries(sinp: true, stau1 * c + ctau1 * s, ctau1 * c - stau1 * s, c1pa, count: order + 1)
        let sig12 = tau12 - (b12 - b11)
        let ssig12 = sin(sig12), csig12 = cos(sig12)
        // (|f| < 0.01 for WGS84: the reverted series needs no Newton step.)
        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = (salp0 * salp0 + M.sq(calp0 * csig2)).squareRoot()
        if cbet2 == 0 {
            cbet2 = GeodesicSolver.tiny
            csig2 = GeodesicSolver.tiny
        }
        let salp2 = salp0, calp2 = calp0 * csig2
        let somg2 = salp0 * ssig2, comg2 = csig2
        let e: Double = salp0.sign == .minus ? -1 : 1
        let omg12 = e * (sig12 - (atan2(ssig2, csig2) - atan2(ssig1, csig1)) + (atan2(e * somg2, comg2) - atan2(e * somg1, comg1)))
        let lam12 = omg12 + a3c * (sig12 + (GeodesicSolver.sinCosSeries(sinp: true, ssig2, csig2, c3a, count: order) - b31))
        let lon12 = lam12 * 180 / .pi
        return Position(latitude: M.atan2d(sbet2, solver.f1 * cbet2), longitude: longitude1 + lon12, azimuth: M.atan2d(salp2, calp2))
    }

    /// C1′, the coefficients of the reverted distance series (geographiclib `_C1pf`).
    private static func c1p(_ eps: Double, _ c: inout [Double]) {
        GeodesicSolver.fillSeries(
            [205, -432, 768, 1536, 4005, -4736, 3840, 12288, -225, 116, 384, -7173, 2695, 7680, 3467, 7680, 38081, 61440],
            eps, &c)
    }
}
