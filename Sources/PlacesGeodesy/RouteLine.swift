/// A route as a line: its points in travel order, joined by geodesics on the WGS84
/// ellipsoid (the straight line of the `estimate` router is one geodesic; a router's geometry
/// is many short ones). Measures where a place lies against it: how far from the line, and how
/// far along it to the point nearest the place.
///
/// Both are exact on the ellipsoid (to 0.1 mm; `GeodesicSegment`), not a planar or spherical
/// approximation: RouteLineAccuracyTests checks them against GeographicLib.
package struct RouteLine: Sendable {
    /// The points, as given (repeated points are kept and make zero-length segments).
    package let points: [Coordinate]
    /// Metres along the line at each point: 0 at the first, `length` at the last.
    let cumulativeMeters: [Double]
    let segments: [GeodesicSegment]

    /// Where a place is, measured against the line.
    package struct Location: Sendable, Equatable {
        /// Metres along the line to the point nearest the place.
        package var alongMeters: Double
        /// Metres from the place to that point: its distance from the line.
        package var offsetMeters: Double
        /// The segment that point is on (from `points[segment]` to `points[segment + 1]`).
        var segment: Int
    }

    /// A line through `points`: at least one (one point is a line of length 0: every place is
    /// measured from it, 0 along).
    init?(_ points: [Coordinate]) {
        guard let first = points.first else { return nil }
        self.points = points
        var segments: [GeodesicSegment] = []
        var cumulative = [0.0]
        segments.reserveCapacity(max(0, points.count - 1))
        for (a, b) in zip(points, points.dropFirst()) {
            let segment = GeodesicSegment(from: a, to: b)
            segments.append(segment)
            cumulative.append((cumulative.last ?? 0) + segment.length)
        }
        if segments.isEmpty { segments.append(GeodesicSegment(from: first, to: first)) }
        self.segments = segments
        cumulativeMeters = cumulative
    }

    /// The line's length in metres.
    package var lengthMeters: Double { cumulativeMeters.last ?? 0 }

    /// The point `meters` along the line (clamped to its ends).
    package func point(atAlong meters: Double) -> Coordinate {
        guard meters > 0 else { return segments[0].start }
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if cumulativeMeters[mid] <= meters { low = mid } else { high = mid - 1 }
        }
        return segments[low].point(at: meters - cumulativeMeters[low])
    }

    /// Where `place` is against the line, by an exact measure on every segment: the nearest
    /// point, and of equally near points the first met. Costs a few microseconds a segment;
    /// `RouteCorridor` measures only the segments near a place.
    func locate(_ place: Coordinate) -> Location {
        var best: Location?
        for index in segments.indices {
            let candidate = locate(place, onSegment: index, within: nil, guess: nil)
            if best.map({ Self.isBetter(candidate, than: $0) }) ?? true { best = candidate }
        }
        // `segments` is never empty (init).
        return best ?? Location(alongMeters: 0, offsetMeters: .infinity, segment: 0)
    }

    /// The nearest point of one segment (or of the part `within` metres of its start).
    func locate(_ place: Coordinate, onSegment index: Int, within range: ClosedRange<Double>?, guess: Double?) -> Location {
        let found = segments[index].nearest(to: place, within: range, guess: guess)
        return Location(alongMeters: cumulativeMeters[index] + found.along, offsetMeters: found.distance, segment: index)
    }

    /// Nearer wins; of two as near (to 1 µm), the one met first.
    static func isBetter(_ a: Location, than b: Location) -> Bool {
        if abs(a.offsetMeters - b.offsetMeters) > 1e-6 { return a.offsetMeters < b.offsetMeters }
        return a.alongMeters < b.alongMeters
    }
}
