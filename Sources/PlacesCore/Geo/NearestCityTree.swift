import Foundation

/// The bundled cities (`CityPositions`) in a k-d tree over their points on the unit sphere:
/// "which city is nearest" for a stream of points, a few microseconds each (`reverse
/// --city-only`, `Gazetteer.nearestCity`).
///
/// "Nearest" is the smallest WGS84 geodesic distance, a tie going to the city listed first
/// (the more populous), as `CityTimeZones.nearest` decides it. The tree finds the nearest
/// city on the sphere; the ellipsoid's distances differ from the sphere's by less than 1 %
/// (its radii of curvature lie within 0.6 % of the mean radius), so every city that could be
/// nearer on the ellipsoid lies within 1.01 / 0.99 times that spherical distance: those few
/// are measured with `GeodesicDistance` and the nearest of them is the answer.
package struct NearestCityTree: Sendable {
    /// Points in tree order: node `mid` of the range `lo..<hi` is its median, split on `axes[mid]`.
    private let points: [Double]
    private let axes: [UInt8]
    /// Tree order → city number.
    private let cities: [Int32]
    package let positions: CityPositions

    /// The bundled cities' tree, built on first use (a few milliseconds).
    package static let bundled = NearestCityTree(.bundled)

    package init(_ positions: CityPositions) {
        let count = positions.count
        var order = Array(0..<count).map { Int32($0) }
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

    package var count: Int { cities.count }

    /// The nearest city to `point` and its geodesic distance in metres; nil only for no cities.
    ///
    /// One walk: each city met within the slack of the nearest on the sphere so far is noted
    /// (that bound only shrinks, so the answer is among them), then those within the slack of
    /// the final one are measured on the ellipsoid. The walk's stack and notes live on the
    /// stack frame: no allocation per point.
    package func nearest(to point: Coordinate) -> (city: Int, meters: Double)? {
        guard !cities.isEmpty else { return nil }
        let q = Self.unitVector(latitude: point.latitude, longitude: point.longitude)
        return points.withUnsafeBufferPointer { points in
            axes.withUnsafeBufferPointer { axes in
                cities.withUnsafeBufferPointer { cities in
                    let walk = Walk(points: points, axes: axes, cities: cities, q: q)
                    return withUnsafeTemporaryAllocation(of: (Int, Double).self, capacity: Self.noteCapacity) { notes in
                        guard let (count, nearest) = walk.nearest(notes: notes) else { return nil }
                        let limit = Self.slackLimit(nearest)
                        var answer: (city: Int, meters: Double)?
                        func measure(_ slot: Int) {
                            let city = Int(cities[slot])
                            let meters = GeodesicDistance.meters(from: point, to: positions.coordinate(city))
                            if answer.map({ (meters, city) < ($0.meters, $0.city) }) ?? true { answer = (city, meters) }
                        }
                        if count <= Self.noteCapacity {
                            for i in 0..<count where notes[i].1 <= limit { measure(notes[i].0) }
                        } else {
                            // More notes than room (never seen): walk again for those within the limit.
                            walk.within(squared: limit, measure)
                        }
                        return answer
                    }
                }
            }
        }
    }

    /// Room for the cities noted in one walk (a few dozen at most in practice).
    static let noteCapacity = 256

    /// The squared chord within which a city may be nearer on the ellipsoid than one at
    /// squared chord `nearest` on the sphere: the chord of `ellipsoidSlack` times its angle is
    /// at most `ellipsoidSlack` times its chord (a chord is 2 sin(θ/2), and sin is concave
    /// from 0), and no chord is longer than 2. No trigonometry on the walk's hot path.
    @inline(__always) static func slackLimit(_ nearest: Double) -> Double {
        min(nearest * ellipsoidSlack * ellipsoidSlack, 4) * (1 + 1e-12) + 1e-18
    }

    /// How much farther than the sphere's nearest an ellipsoid's nearest can be, as a ratio of angles.
    static let ellipsoidSlack = 1.01 / 0.99

    /// One query's walks over the tree, with an explicit stack of ranges (no recursion).
    private struct Walk {
        let points: UnsafeBufferPointer<Double>
        let axes: UnsafeBufferPointer<UInt8>
        let cities: UnsafeBufferPointer<Int32>
        let q: (Double, Double, Double)

        @inline(__always) func squaredDistance(_ slot: Int) -> Double {
            let dx = q.0 - points[slot * 3], dy = q.1 - points[slot * 3 + 1], dz = q.2 - points[slot * 3 + 2]
            return dx * dx + dy * dy + dz * dz
        }

        @inline(__always) func delta(_ slot: Int) -> Double {
            let axis = Int(axes[slot])
            let c = axis == 0 ? q.0 : axis == 1 ? q.1 : q.2
            return c - points[slot * 3 + axis]
        }

        /// Walks the tree for the nearest point on the sphere, noting in `notes` each slot
        /// within the slack of the nearest so far (`count` may exceed the room: then the
        /// notes are incomplete); the count and the nearest squared chord, nil for no cities.
        func nearest(notes: UnsafeMutableBufferPointer<(Int, Double)>) -> (count: Int, nearest: Double)? {
            withUnsafeTemporaryAllocation(of: (Int, Int, Double).self, capacity: 128) { stack -> (count: Int, nearest: Double)? in
                var best = Double.infinity, limit = Double.infinity
                var count = 0, top = 0
                stack[0] = (0, cities.count, 0)
                top = 1
                while top > 0 {
                    top -= 1
                    let (lo, hi, bound) = stack[top]
                    guard lo < hi, bound <= limit else { continue }
                    let mid = (lo + hi) / 2
                    let d = squaredDistance(mid)
                    if d < best {
                        best = d
                        limit = NearestCityTree.slackLimit(d)
                    }
                    if d <= limit {
                        if count < notes.count { notes[count] = (mid, d) }
                        count += 1
                    }
                    let delta = delta(mid)
                    let (near, far) = delta < 0 ? ((lo, mid), (mid + 1, hi)) : ((mid + 1, hi), (lo, mid))
                    // The far side first onto the stack, so the near side is walked first. A
                    // balanced tree of n cities is log2(n) deep: two entries a level fit.
                    guard top + 2 <= stack.count else { return (notes.count + 1, best) }
                    stack[top] = (far.0, far.1, delta * delta)
                    stack[top + 1] = (near.0, near.1, 0)
                    top += 2
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
                let mid = (lo + hi) / 2
                if squaredDistance(mid) <= limit { body(mid) }
                let delta = delta(mid)
                if delta <= 0 || delta * delta <= limit { stack.append((lo, mid)) }
                if delta >= 0 || delta * delta <= limit { stack.append((mid + 1, hi)) }
            }
        }
    }

    static func unitVector(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        let c = cos(phi)
        return (c * cos(lambda), c * sin(lambda), sin(phi))
    }

    /// Orders `order[lo..<hi]` so the median on the axis of widest spread sits in the middle,
    /// smaller before, larger after; then the halves the same way.
    private static func build(_ order: inout [Int32], xyz: [Double], axes: inout [UInt8], lo: Int, hi: Int) {
        guard hi - lo > 1 else { return }
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
