import Foundation

/// A quantity that changes with a trip's straight-line length (circuity, speed): values at
/// a few distances ("knots"), joined by straight lines on a logarithmic distance axis and
/// flat before the first knot and after the last. It has no steps, so an estimate built on
/// it never jumps at a band edge.
struct DistanceCurve: Sendable, Equatable {
    /// One point of the curve: `value` at `meters` of straight line.
    struct Knot: Sendable, Equatable {
        let meters: Double
        let value: Double
    }

    /// The knots, by increasing distance.
    let knots: [Knot]

    /// A curve through `(meters, value)` pairs, given by strictly increasing positive distance.
    init(_ points: [(meters: Double, value: Double)]) {
        // Not reachable by data: every curve is a constant of EstimateCalibration.
        precondition(!points.isEmpty, "a curve needs at least one knot")
        precondition(
            points.allSatisfy { $0.meters > 0 && $0.meters.isFinite && $0.value.isFinite },
            "knots need positive distances and finite values")
        precondition(zip(points, points.dropFirst()).allSatisfy { $0.meters < $1.meters }, "knots must be in increasing distance")
        knots = points.map { Knot(meters: $0.meters, value: $0.value) }
    }

    /// A curve that is `value` at every distance.
    static func constant(_ value: Double) -> DistanceCurve {
        DistanceCurve([(meters: 1, value: value)])
    }

    /// The value at a straight line of `meters`.
    func value(atMeters meters: Double) -> Double {
        guard let first = knots.first, let last = knots.last else { return .nan }
        if !(meters > first.meters) { return first.value }  // also NaN and negative lengths
        if meters >= last.meters { return last.value }
        for (a, b) in zip(knots, knots.dropFirst()) where meters <= b.meters {
            let t = log(meters / a.meters) / log(b.meters / a.meters)
            return a.value + (b.value - a.value) * t
        }
        return last.value
    }
}
