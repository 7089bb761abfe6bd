import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesModel
@testable import PlacesRouting

/// The curves under the estimate: exact at their knots, linear in log distance between
/// them, flat outside, and continuous, so that no estimate jumps at a band edge.
@Suite("Distance curves")
struct DistanceCurveTests {
    static let curve = DistanceCurve([(1_000, 2.0), (10_000, 1.5), (100_000, 1.2)])

    @Test func exactAtKnotsFlatOutsideAndLogLinearBetween() {
        #expect(Self.curve.value(atMeters: 1_000) == 2.0 && Self.curve.value(atMeters: 10_000) == 1.5)
        #expect(Self.curve.value(atMeters: 0) == 2.0 && Self.curve.value(atMeters: 1) == 2.0 && Self.curve.value(atMeters: 1e9) == 1.2)
        // Halfway on a log axis is the geometric mean of the knots' distances.
        #expect(abs(Self.curve.value(atMeters: (1_000.0 * 10_000).squareRoot()) - 1.75) < 1e-12)
        #expect(abs(Self.curve.value(atMeters: (10_000.0 * 100_000).squareRoot()) - 1.35) < 1e-12)
        #expect(DistanceCurve.constant(5).value(atMeters: 123_456) == 5)
    }

    /// Every curve of every mode, read just below and just above each of its knots, and
    /// across a dense log grid: the value never moves by more than its slope allows.
    @Test(arguments: TravelMode.allCases)
    func everyCurveIsContinuous(_ mode: TravelMode) {
        let c = EstimateCalibration.for(mode)
        for curve in [c.circuity, c.speedKilometersPerHour] {
            for knot in curve.knots {
                let below = curve.value(atMeters: knot.meters * (1 - 1e-9)), above = curve.value(atMeters: knot.meters * (1 + 1e-9))
                #expect(
                    abs(below - knot.value) < 1e-6 && abs(above - knot.value) < 1e-6,
                    "\(mode) at \(knot.meters) m: \(below) | \(knot.value) | \(above)")
            }
            // The steepest segment bounds the change over any step of 0.1% in distance.
            let steepest =
                zip(curve.knots, curve.knots.dropFirst()).map { abs($1.value - $0.value) / log($1.meters / $0.meters) }.max() ?? 0
            var d = 1.0
            while d < 3e7 {
                let step = d * 1.001
                #expect(abs(curve.value(atMeters: step) - curve.value(atMeters: d)) <= steepest * log(1.001) + 1e-12, "\(mode) \(d) m")
                d = step
            }
        }
    }

    /// The estimate itself has no jumps: 0.1% more straight line is never more than 0.5%
    /// more route or time (beyond rounding to the metre and second), at any distance.
    @Test(arguments: TravelMode.allCases)
    func estimatesHaveNoJumps(_ mode: TravelMode) {
        var d = 10.0
        while d < 2e7 {
            let a = EstimateRouter.estimate(straightLineMeters: d, mode: mode),
                b = EstimateRouter.estimate(straightLineMeters: d * 1.001, mode: mode)
            #expect(b.distanceMeters - a.distanceMeters <= a.distanceMeters * 0.005 + 1, "\(mode) \(d) m: \(a) → \(b)")
            #expect(b.durationSeconds - a.durationSeconds <= a.durationSeconds * 0.005 + 1, "\(mode) \(d) m: \(a) → \(b)")
            d *= 1.001
        }
    }

    /// The fitted and cited knots keep their physical order: circuity never rises with
    /// distance, speed never falls, and circuity is at least 1.
    @Test(arguments: TravelMode.allCases)
    func curvesRunTheRightWay(_ mode: TravelMode) {
        let c = EstimateCalibration.for(mode)
        #expect(zip(c.circuity.knots, c.circuity.knots.dropFirst()).allSatisfy { $0.value >= $1.value })
        #expect(zip(c.speedKilometersPerHour.knots, c.speedKilometersPerHour.knots.dropFirst()).allSatisfy { $0.value <= $1.value })
        #expect(c.circuity.knots.allSatisfy { $0.value >= 1 })
    }
}
