import Foundation

/// The places within a distance of a route: a `RouteLine` and a radius, cut into pieces an
/// index walk can visit cell by cell, and a quick way to find the few segments near a place.
///
/// The line is cut into `pieces` of equal length along it; every point within `radiusMeters`
/// of a piece lies in its `box` (a `GeodesicBounds` around the piece's middle point of radius
/// half its length plus the radius: along the line, no point of the piece is farther from
/// its middle than half its length). Pieces are filed by box in coarse buckets, so `locate`
/// looks only at the pieces whose box holds the place, and of their segments (cut into
/// parts no longer than a piece) measures exactly only those a cheap lower bound on the
/// distance (`GeodesicDistanceBounds`) cannot rule out. The measure is `RouteLine`'s: exact
/// on the ellipsoid.
package struct RouteCorridor: Sendable {
    package let line: RouteLine
    /// The greatest distance from the line, metres.
    package let radiusMeters: Double
    package let pieces: [Piece]
    private let parts: [Part]
    private let bucketDegrees: Double
    private let buckets: [Int64: [Int32]]
    /// Pieces whose box reaches a pole (it has no longitude span): checked for every place.
    private let everywhere: [Int32]

    /// A stretch of the line and the box that holds every point near it.
    package struct Piece: Sendable {
        package let startAlong: Double
        let endAlong: Double
        package let box: GeodesicBounds
        /// The parts (of segments) the stretch runs along.
        let parts: Range<Int>
        /// Cheap bounds on the distance from the stretch's middle point.
        let middle: GeodesicDistanceBounds
    }

    /// A piece of one segment, with a centre and how far its points can be from it.
    private struct Part: Sendable {
        let segment: Int
        /// Metres from the segment's start.
        let range: ClosedRange<Double>
        let startAlong: Double
        let center: GeodesicDistanceBounds
        let reach: Double
    }

    /// Places at most `radiusMeters` from `line`.
    init(line: RouteLine, radiusMeters: Double) {
        self.line = line
        self.radiusMeters = radiusMeters
        let length = line.lengthMeters
        // Short pieces keep the cells visited close to the corridor's band; a bound on their
        // number keeps a long route with a small radius cheap to set up.
        let pieceTarget = max(radiusMeters / 4, 50, length / 20_000)
        let pieceCount = max(1, Int((length / pieceTarget).rounded(.up)))
        let pieceLength = length / Double(pieceCount)

        var parts: [Part] = []
        for (index, segment) in line.segments.enumerated() {
            let count = max(1, Int((segment.length / max(pieceLength, 1)).rounded(.up)))
            for i in 0..<count {
                let a = segment.length * Double(i) / Double(count), b = segment.length * Double(i + 1) / Double(count)
                let single = count == 1
                let center = single ? segment.start : segment.point(at: (a + b) / 2)
                parts.append(
                    Part(
                        segment: index, range: a...b, startAlong: line.cumulativeMeters[index] + a,
                        center: GeodesicDistanceBounds(center: center), reach: single ? segment.length : (b - a) / 2))
            }
        }
        self.parts = parts

        var pieces: [Piece] = []
        pieces.reserveCapacity(pieceCount)
        var firstPart = 0
        for k in 0..<pieceCount {
            let start = pieceLength * Double(k), end = k == pieceCount - 1 ? length : pieceLength * Double(k + 1)
            // Parts that begin before the piece ends and end after it begins (in along order).
            while firstPart + 1 < parts.count, Self.endAlong(of: parts[firstPart], line: line) < start { firstPart += 1 }
            var lastPart = firstPart
            while lastPart + 1 < parts.count, parts[lastPart + 1].startAlong <= end { lastPart += 1 }
            let middle = line.point(atAlong: (start + end) / 2)
            pieces.append(
                Piece(
                    startAlong: start, endAlong: end, box: GeodesicBounds(center: middle, radius: (end - start) / 2 + radiusMeters),
                    parts: firstPart..<(lastPart + 1), middle: GeodesicDistanceBounds(center: middle)))
        }
        self.pieces = pieces

        let reachDegrees = (pieceLength / 2 + radiusMeters) / 111_000
        let degrees = min(max(2 * reachDegrees, 0.01), 5)
        bucketDegrees = degrees
        var buckets: [Int64: [Int32]] = [:]
        var everywhere: [Int32] = []
        for (index, piece) in pieces.enumerated() {
            let keys = Self.bucketKeys(covering: piece.box, degrees: degrees)
            guard let keys, keys.count <= 4096 else {
                everywhere.append(Int32(index))
                continue
            }
            for key in keys { buckets[key, default: []].append(Int32(index)) }
        }
        self.buckets = buckets
        self.everywhere = everywhere
    }

    /// A corridor around the points of a route.
    package init?(_ points: [Coordinate], radiusMeters: Double) {
        guard let line = RouteLine(points) else { return nil }
        self.init(line: line, radiusMeters: radiusMeters)
    }

    private static func endAlong(of part: Part, line: RouteLine) -> Double {
        line.cumulativeMeters[part.segment] + part.range.upperBound
    }

    private static func bucketColumns(_ degrees: Double) -> Int64 { Int64((360 / degrees).rounded(.up)) + 1 }

    private static func bucketKey(latitude: Double, longitude: Double, degrees: Double) -> Int64 {
        let row = Int64(((latitude + 90) / degrees).rounded(.down)), column = Int64(((longitude + 180) / degrees).rounded(.down))
        return row * bucketColumns(degrees) + column
    }

    /// The buckets a box covers; nil when it has no longitude span (it reaches a pole).
    private static func bucketKeys(covering box: GeodesicBounds, degrees: Double) -> [Int64]? {
        guard box.longitudeSpan != nil else { return nil }
        let columns = bucketColumns(degrees)
        let lowRow = Int64(((box.minLatitude + 90) / degrees).rounded(.down)),
            highRow = Int64(((box.maxLatitude + 90) / degrees).rounded(.down))
        var keys: [Int64] = []
        for range in box.longitudeRanges {
            let west = Int64(((range.lowerBound + 180) / degrees).rounded(.down)),
                east = Int64(((range.upperBound + 180) / degrees).rounded(.down))
            guard (highRow - lowRow + 1) * (east - west + 1) <= 4096 else { return [Int64](repeating: 0, count: 4097) }
            for row in lowRow...highRow {
                for column in west...east { keys.append(row * columns + column) }
            }
        }
        return keys
    }

    /// The pieces whose box holds the point, in along order.
    private func pieces(near latitude: Double, _ longitude: Double) -> [Int32] {
        let filed = buckets[Self.bucketKey(latitude: latitude, longitude: longitude, degrees: bucketDegrees)] ?? []
        var found = (everywhere.isEmpty ? filed : (filed + everywhere).sorted())
        found.removeAll { !pieces[Int($0)].box.contains(latitude: latitude, longitude: longitude) }
        return found
    }

    /// The least along distance and the least distance from the route a place there can
    /// have, if it can be within the radius (nil: it is surely farther): cheap, for an index
    /// walk that keeps only the best N. (The nearest point lies in a piece whose box holds the
    /// place, and no point of a piece is farther from its middle than half its length.)
    package func lowerBounds(latitude: Double, longitude: Double) -> (along: Double, offset: Double)? {
        // Called for every entry of every cell walked: no array is built.
        var along = Double.infinity, offset = Double.infinity
        func consider(_ index: Int32) {
            let piece = pieces[Int(index)]
            guard piece.box.contains(latitude: latitude, longitude: longitude) else { return }
            along = min(along, piece.startAlong)
            offset = min(offset, piece.middle.lower(latitude: latitude, longitude: longitude) - (piece.endAlong - piece.startAlong) / 2)
        }
        buckets[Self.bucketKey(latitude: latitude, longitude: longitude, degrees: bucketDegrees)]?.forEach(consider)
        everywhere.forEach(consider)
        return along.isFinite ? (along, max(0, offset)) : nil
    }

    /// Where `place` is against the line, if it is within the radius; nil otherwise.
    package func locate(_ place: Coordinate) -> RouteLine.Location? {
        let near = pieces(near: place.latitude, place.longitude)
        guard !near.isEmpty else { return nil }
        var candidates: [(lower: Double, part: Int)] = []
        var seenUpTo = -1
        for index in near {
            for p in pieces[Int(index)].parts where p > seenUpTo {
                let part = parts[p]
                let lower = part.center.lower(latitude: place.latitude, longitude: place.longitude) - part.reach
                if lower <= radiusMeters { candidates.append((lower, p)) }
            }
            seenUpTo = max(seenUpTo, pieces[Int(index)].parts.upperBound - 1)
        }
        // The parts of one segment are measured as one stretch: measured apart, a foot on
        // the boundary of two parts would be found twice, as near to a micrometre, and the
        // tie go to the first by a few millimetres along.
        var stretches: [(lower: Double, segment: Int, range: ClosedRange<Double>)] = []
        for candidate in candidates.sorted(by: { $0.part < $1.part }) {
            let part = parts[candidate.part]
            if let last = stretches.last, last.segment == part.segment {
                stretches[stretches.count - 1] = (
                    min(last.lower, candidate.lower), part.segment,
                    min(last.range.lowerBound, part.range.lowerBound)...max(last.range.upperBound, part.range.upperBound)
                )
            } else {
                stretches.append((candidate.lower, part.segment, part.range))
            }
        }
        stretches.sort { $0.lower < $1.lower || ($0.lower == $1.lower && $0.segment < $1.segment) }
        var best: RouteLine.Location?
        for stretch in stretches {
            if let best, stretch.lower > best.offsetMeters + 1e-6 { break }
            let found = line.locate(place, onSegment: stretch.segment, within: stretch.range, guess: nil)
            if best.map({ RouteLine.isBetter(found, than: $0) }) ?? true { best = found }
        }
        guard let best, best.offsetMeters <= radiusMeters else { return nil }
        return best
    }
}
