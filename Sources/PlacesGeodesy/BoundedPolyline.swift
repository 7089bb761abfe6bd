import Foundation

/// An encoded line from a server read into at most `maxPoints` points, so that what a line
/// costs (its coordinates, the geodesic segments of a search along it, a drawing of it) stays
/// bounded however many points the text holds: 64 MiB of text is 33 million points.
///
/// The points are counted before any is kept (`EncodedPolyline.pointCount`, no allocation).
/// A line within the bound is kept whole. A longer one is read twice more without keeping
/// anything but its length, then kept thinned by distance: the first point, the last, and
/// between them each point at least `spacingMeters` along the line from the point kept
/// before it, the spacing being the line's length shared among the points allowed. Dense
/// stretches (a city's streets) lose points and sparse ones (a motorway) keep theirs, unlike
/// keeping every k-th point. Every point is checked as `EncodedPolyline.decode` checks it,
/// kept or not. Either way a repeat of the point before is left out (the last point excepted):
/// it adds no length, nothing is nearer to it than to that point, and a search along a line of
/// thousands of repeats measured every place against each of them.
package struct BoundedPolyline: Sendable {
    /// The points kept, in travel order: the first and the last always, never a point twice in
    /// a row but for the last.
    package let points: [Coordinate]
    /// How many points the text holds.
    package let writtenCount: Int
    /// The least distance along the line between two points kept, metres; nil when every
    /// point was kept.
    package let spacingMeters: Double?
    /// The length of the whole line as written (every point, kept or not) by the quick
    /// measure `approximateMeters`, metres.
    package let lengthMeters: Double

    /// Whether the line was thinned to the bound (repeats left out alone are not thinning).
    var isThinned: Bool { spacingMeters != nil }

    /// `maxPoints` is at least 2 (the ends).
    package init(
        decoding text: String, precision: EncodedPolyline.Precision = .five,
        maxPoints: Int
    ) throws(EncodedPolyline.DecodingError) {
        let limit = max(2, maxPoints)
        guard EncodedPolyline.pointCount(text) > limit else {
            let whole = try EncodedPolyline.decode(text, precision: precision)
            var kept: [Coordinate] = []
            kept.reserveCapacity(whole.count)
            for (index, point) in whole.enumerated() where point != kept.last || index == whole.count - 1 {
                kept.append(point)
            }
            points = kept
            writtenCount = whole.count
            spacingMeters = nil
            lengthMeters = zip(whole, whole.dropFirst()).reduce(0) { $0 + Self.approximateMeters($1.0, $1.1) }
            return
        }
        var length = 0.0
        var previous: Coordinate?
        let count = try EncodedPolyline.forEachPoint(of: text, precision: precision) { point in
            if let previous { length += Self.approximateMeters(previous, point) }
            previous = point
        }
        // Each point kept between the ends has at least `spacing` of the line behind it.
        let spacing = length / Double(limit - 2)
        var kept: [Coordinate] = []
        kept.reserveCapacity(limit)
        var sinceKept = 0.0
        var index = 0
        var last: Coordinate?
        _ = try EncodedPolyline.forEachPoint(of: text, precision: precision) { point in
            defer {
                last = point
                index += 1
            }
            guard let before = last else {
                kept.append(point)
                return
            }
            sinceKept += Self.approximateMeters(before, point)
            // The last point is added at the end; rounding can never push the count past the limit.
            if index < count - 1, sinceKept > 0, sinceKept >= spacing, kept.count < limit - 1 {
                kept.append(point)
                sinceKept = 0
            }
        }
        if let last, count > 1 { kept.append(last) }
        points = kept
        writtenCount = count
        spacingMeters = spacing
        lengthMeters = length
    }

    /// Metres between two points on the mean sphere, by the equirectangular approximation
    /// (the shorter way round in longitude): only a measure to space the points kept, a
    /// few operations a point where the exact geodesic costs a microsecond.
    static func approximateMeters(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radians = Double.pi / 180
        var dLon = abs(b.longitude - a.longitude)
        if dLon > 180 { dLon = 360 - dLon }
        let x = dLon * radians * cos((a.latitude + b.latitude) / 2 * radians)
        let y = (b.latitude - a.latitude) * radians
        return 6_371_008.8 * (x * x + y * y).squareRoot()
    }
}
