import Foundation

/// The bundled cities (`CityPositions`) in a k-d tree over their points on the unit sphere:
/// "which city is nearest" for a stream of points, about a microsecond each (`reverse
/// --city-only`, `Gazetteer.nearestCity`).
///
/// "Nearest" is the smallest WGS84 geodesic distance, a tie going to the city listed first
/// (the more populous), as `CityTimeZones.nearest` decides it. A city's point on the sphere
/// is its reduced latitude β and its longitude (`GeodesicDistanceBounds`): there the
/// geodesic between two points is at least b and at most a times the great-circle angle σ
/// between them (b and a the ellipsoid's semi-axes, 0.34 % apart). So only cities whose
/// angle is within a/b of the sphere's nearest can be nearer on the ellipsoid: those few
/// (nearly always just the one) are measured with `GeodesicDistance`, the nearest of them
/// is the answer.
package struct NearestCityTree: Sendable {
    /// Points in tree order, x y z each: node `mid` of the range `lo..<hi` is its median, split on `axes[mid]`.
    private let points: [Double]
    private let axes: [UInt8]
    /// Tree order → city number.
    private let cities: [Int32]
    let positions: CityPositions

    /// The bundled cities' tree, built on first use (a few milliseconds).
    static let bundled = NearestCityTree(.bundled)

    package init(_ positions: CityPositions) {
        let count = positions.count
        var order = (0..<Int32(count)).map { $0 }
        var xyz = [Double](repeating: 0, count: count * 3)
        for i in 0..<count {
            let p = Self.unitVector(latitude: positions.latitudes[i], longitude: positions.longitudes[i])
            xyz[i * 3] = p.0
            xyz[i * 3 + 1] = p.1
            xyz[i * 3 + 2] = p.2
        }
        var axes = [UInt8](repeating: 0, count: count)
        Self.build(&order, xyz: xyz, axes: &axes, lo: 0, hi: count)
        var points = [Double](repeating: 0, count: count * 3)
        for (slot, city) in order.enumerated() {
            for k in 0..<3 { points[slot * 3 + k] = xyz[Int(city) * 3 + k] }
        }
        self.points = points
        self.axes = axes
        self.cities = order
        self.positions = positions
    }

    var count: Int { cities.count }

    /// The nearest city to `point` and its geodesic distance in metres; nil only for no cities,
    /// or none within `reach` metres (then the walk leaves out every branch beyond it).
    ///
    /// One walk: each city met within the slack of the nearest on the sphere so far is noted
    /// (that bound only shrinks, so the answer is among them). The sphere's nearest is
    /// measured on the ellipsoid, then each other noted city whose lower bound b·σ is not
    /// beyond the best distance so far. The walk's stack and notes live on the stack frame:
    /// no allocation per point.
    package func nearest(to point: Coordinate, within reach: Double = .infinity) -> (city: Int, meters: Double)? {
        guard !cities.isEmpty else { return nil }
        let q = Self.unitVector(latitude: point.latitude, longitude: point.longitude)
        let cap = Self.squaredChord(within: reach)
        return points.withUnsafeBufferPointer { points in
            axes.withUnsafeBufferPointer { axes in
                cities.withUnsafeBufferPointer { cities in
                    let walk = Walk(points: points, axes: axes, cities: cities, q: q, cap: cap)
                    let found = withUnsafeTemporaryAllocation(of: (Int, Double).self, capacity: Self.noteCapacity) {
                        notes -> (city: Int, meters: Double)? in
                        guard let (count, nearest) = walk.nearest(notes: notes) else { return nil }
                        var answer: (city: Int, meters: Double)?
                        func measure(_ slot: Int) {
                            let city = Int(cities[slot])
                            let meters = GeodesicDistance.meters(from: point, to: positions.coordinate(city))
                            if answer.map({ (meters, city) < ($0.meters, $0.city) }) ?? true { answer = (city, meters) }
                        }
                        guard count <= Self.noteCapacity else {
                            // More notes than room (never seen): walk again for those within the limit.
                            walk.within(squared: Self.slackLimit(nearest), measure)
                            return answer
                        }
                        // The sphere's nearest first; then a city can only win when its
                        // lower bound b·σ is no more than the best distance measured.
                        var first = 0
                        for i in 1..<max(1, count) where notes[i].1 < notes[first].1 { first = i }
                        measure(notes[first].0)
                        for i in 0..<count where i != first {
                            if let best = answer?.meters, Self.lowerBound(squaredChord: notes[i].1) > best { continue }
                            measure(notes[i].0)
                        }
                        return answer
                    }
                    return found.flatMap { $0.meters <= reach ? $0 : nil }
                }
            }
        }
    }

    /// The squared chord on the sphere beyond which no city can be within `meters` on the
    /// ellipsoid (the geodesic is at least b·σ); infinity for no limit.
    static func squaredChord(within meters: Double) -> Double {
        guard meters.isFinite else { return .infinity }
        let sigma = min(Double.pi, max(0, meters) / GeodesicDistanceBounds.b)
        let chord = 2 * sin(sigma / 2)
        return chord * chord * (1 + 1e-9) + 1e-18
    }

    /// A lower bound in metres on the geodesic between points whose images on the sphere are
    /// `squaredChord` apart: b·σ, σ = 2 asin(chord / 2), less a margin far above rounding.
    @inline(__always) static func lowerBound(squaredChord: Double) -> Double {
        let sigma = 2 * asin(min(1, squaredChord.squareRoot() / 2))
        return GeodesicDistanceBounds.b * sigma * (1 - 1e-9) - 1e-6
    }

    /// Ranges this short are leaves: read through, not split.
    static let leafSize = 16

    /// Room for the cities noted in one walk (a few at most in practice).
    static let noteCapacity = 64

    /// The squared chord within which a city may be nearer on the ellipsoid than one at
    /// squared chord `nearest` on the sphere: the chord of `ellipsoidSlack` times its angle is
    /// at most `ellipsoidSlack` times its chord (a chord is 2 sin(σ/2), and sin is concave
    /// from 0), and no chord is longer than 2. No trigonometry on the walk's hot path.
    @inline(__always) static func slackLimit(_ nearest: Double) -> Double {
        min(nearest * ellipsoidSlack * ellipsoidSlack, 4) * (1 + 1e-9) + 1e-18
    }

    /// How much farther than the sphere's nearest an ellipsoid's nearest can be, as a ratio of
    /// angles: b·σ ≤ geodesic ≤ a·σ, so a city at angle σ₂ can beat one at σ₁ only if b·σ₂ ≤ a·σ₁.
    static let ellipsoidSlack = GeodesicDistanceBounds.a / GeodesicDistanceBounds.b

    /// One query's walks over the tree, with an explicit stack of ranges (no recursion).
    private struct Walk {
        let points: UnsafeBufferPointer<Double>
        let axes: UnsafeBufferPointer<UInt8>
        let cities: UnsafeBufferPointer<Int32>
        let q: (Double, Double, Double)
        /// No city beyond this squared chord is wanted (infinity: any).
        var cap: Double = .infinity

        @inline(__always) func squaredDistance(_ slot: Int) -> Double {
            let dx = q.0 - points[slot * 3], dy = q.1 - points[slot * 3 + 1], dz = q.2 - points[slot * 3 + 2]
            return dx * dx + dy * dy + dz * dz
        }

        /// A subtree still to walk: its range and how far its box is from `q` on each axis
        /// (squared, summed in `bound`).
        typealias Pending = (lo: Int, hi: Int, bound: Double, off: (Double, Double, Double))

        /// Walks the tree for the nearest point on the sphere, noting in `notes` each slot
        /// within the slack of the nearest so far (`count` may exceed the room: then the
        /// notes are incomplete); the count and the nearest squared chord, nil for no cities.
        ///
        /// The near side of each split is walked at once, the far side kept with its box's
        /// distance from `q` (one axis's offset replaced: Arya and Mount's incremental
        /// distance), and skipped when that is beyond the limit when its turn comes.
        func nearest(notes: UnsafeMutableBufferPointer<(Int, Double)>) -> (count: Int, nearest: Double)? {
            withUnsafeTemporaryAllocation(of: Pending.self, capacity: 64) { stack -> (count: Int, nearest: Double)? in
                var best = Double.infinity, limit = cap
                var count = 0, top = 0
                var current: Pending = (0, cities.count, 0, (0, 0, 0))
                /// Measures one slot: a new nearest tightens the limit; within it, it is noted.
                @inline(__always) func visit(_ slot: Int) {
                    let d = squaredDistance(slot)
                    if d < best, d <= cap {
                        best = d
                        limit = min(cap, NearestCityTree.slackLimit(d))
                    }
                    if d <= limit {
                        if count < notes.count { notes[count] = (slot, d) }
                        count += 1
                    }
                }
                while true {
                    while current.lo < current.hi, current.bound <= limit {
                        let (lo, hi) = (current.lo, current.hi)
                        if hi - lo <= NearestCityTree.leafSize {
                            for slot in lo..<hi { visit(slot) }
                            break
                        }
                        let mid = (lo + hi) / 2
                        visit(mid)
                        let axis = axes[mid]
                        var off = current.off
                        let delta: Double
                        switch axis {
                        case 0: delta = q.0 - points[mid * 3]; off.0 = delta
                        case 1: delta = q.1 - points[mid * 3 + 1]; off.1 = delta
                        default: delta = q.2 - points[mid * 3 + 2]; off.2 = delta
                        }
                        let far = (delta < 0 ? (mid + 1, hi) : (lo, mid))
                        let farBound = off.0 * off.0 + off.1 * off.1 + off.2 * off.2
                        if far.0 < far.1, farBound <= limit {
                            // A balanced tree of n cities is log2(n) deep: one entry a level fits.
                            guard top < stack.count else { return (notes.count + 1, best) }
                            stack[top] = (far.0, far.1, farBound, off)
                            top += 1
                        }
                        current = delta < 0 ? (lo, mid, current.bound, current.off) : (mid + 1, hi, current.bound, current.off)
                    }
                    guard top > 0 else { break }
                    top -= 1
                    current = stack[top]
                }
                return best.isFinite ? (count, best) : nil
            }
        }

        /// Calls `body` with every slot within `limit` (a squared chord) of `q`.
        func within(squared limit: Double, _ body: (Int) -> Void) {
            var stack: [(Int, Int)] = [(0, cities.count)]
            stack.reserveCapacity(64)
            while let (lo, hi) = stack.popLast() {
                guard lo < hi else { continue }
                if hi - lo <= NearestCityTree.leafSize {
                    for slot in lo..<hi where squaredDistance(slot) <= limit { body(slot) }
                    continue
                }
                let mid = (lo + hi) / 2
                if squaredDistance(mid) <= limit { body(mid) }
                let axis = Int(axes[mid])
                let delta = (axis == 0 ? q.0 : axis == 1 ? q.1 : q.2) - points[mid * 3 + axis]
                if delta <= 0 || delta * delta <= limit { stack.append((lo, mid)) }
                if delta >= 0 || delta * delta <= limit { stack.append((mid + 1, hi)) }
            }
        }
    }

    /// The point on the unit sphere at reduced latitude β (tan β = (1 − f) tan φ) and the
    /// longitude: (cos β cos λ, cos β sin λ, sin β), without forming β.
    static func unitVector(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        let s = (1 - GeodesicDistanceBounds.f) * sin(phi), c = cos(phi)
        let norm = (s * s + c * c).squareRoot()
        let cosBeta = c / norm, sinBeta = s / norm
        return (cosBeta * cos(lambda), cosBeta * sin(lambda), sinBeta)
    }

    /// Orders `order[lo..<hi]` so the median on the axis of widest spread sits in the middle,
    /// smaller before, larger after; then the halves the same way.
    private static func build(_ order: inout [Int32], xyz: [Double], axes: inout [UInt8], lo: Int, hi: Int) {
        guard hi - lo > leafSize else { return }
        var low = (Double.infinity, Double.infinity, Double.infinity), high = (-Double.infinity, -Double.infinity, -Double.infinity)
        for i in lo..<hi {
            let c = Int(order[i]) * 3
            low = (min(low.0, xyz[c]), min(low.1, xyz[c + 1]), min(low.2, xyz[c + 2]))
            high = (max(high.0, xyz[c]), max(high.1, xyz[c + 1]), max(high.2, xyz[c + 2]))
        }
        let spread = (high.0 - low.0, high.1 - low.1, high.2 - low.2)
        let axis = spread.0 >= spread.1 && spread.0 >= spread.2 ? 0 : (spread.1 >= spread.2 ? 1 : 2)
        let mid = (lo + hi) / 2
        select(&order, xyz: xyz, axis: axis, lo: lo, hi: hi, k: mid)
        axes[mid] = UInt8(axis)
        build(&order, xyz: xyz, axes: &axes, lo: lo, hi: mid)
        build(&order, xyz: xyz, axes: &axes, lo: mid + 1, hi: hi)
    }

    /// Quickselect: `order[k]` becomes the k-th smallest on `axis` within `lo..<hi`.
    private static func select(_ order: inout [Int32], xyz: [Double], axis: Int, lo: Int, hi: Int, k: Int) {
        var lo = lo, hi = hi - 1
        func key(_ i: Int) -> Double { xyz[Int(order[i]) * 3 + axis] }
        while lo < hi {
            let pivot = key((lo + hi) / 2)
            var i = lo, j = hi
            while i <= j {
                while key(i) < pivot { i += 1 }
                while key(j) > pivot { j -= 1 }
                if i <= j {
                    order.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
    }
}
