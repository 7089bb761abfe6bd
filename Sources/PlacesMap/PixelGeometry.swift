/// Lines and areas made ready to draw: cut to the view (what lies outside costs bytes and
/// draws nothing) and simplified to the pixel (points a pixel apart or less add nothing a
/// screen can show).
enum PixelGeometry {
    /// The pieces of a line inside `rect`: each segment clipped (Liang–Barsky), runs of
    /// segments that stay inside joined again.
    static func clip(line points: [PixelPoint], to rect: PixelRect) -> [[PixelPoint]] {
        var pieces: [[PixelPoint]] = []
        var current: [PixelPoint] = []
        for (a, b) in zip(points, points.dropFirst()) {
            guard let (start, end) = clip(segment: a, b, to: rect) else {
                if current.count > 1 { pieces.append(current) }
                current = []
                continue
            }
            if current.isEmpty || current[current.count - 1] != start {
                if current.count > 1 { pieces.append(current) }
                current = [start]
            }
            current.append(end)
            // A segment cut at its end leaves the rectangle: the next one starts a new piece.
            if end != b {
                pieces.append(current)
                current = []
            }
        }
        if current.count > 1 { pieces.append(current) }
        return pieces
    }

    /// The part of segment `a`–`b` inside `rect`, nil when none is.
    static func clip(segment a: PixelPoint, _ b: PixelPoint, to rect: PixelRect) -> (PixelPoint, PixelPoint)? {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x - rect.x), (dx, rect.maxX - a.x), (-dy, a.y - rect.y), (dy, rect.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 {
                if r > t1 { return nil }
                t0 = max(t0, r)
            } else {
                if r < t0 { return nil }
                t1 = min(t1, r)
            }
        }
        let start = t0 == 0 ? a : PixelPoint(x: a.x + t0 * dx, y: a.y + t0 * dy)
        let end = t1 == 1 ? b : PixelPoint(x: a.x + t1 * dx, y: a.y + t1 * dy)
        return (start, end)
    }

    /// An area's ring cut to `rect` (Sutherland–Hodgman): the part of the area inside it,
    /// empty when none is.
    static func clip(ring points: [PixelPoint], to rect: PixelRect) -> [PixelPoint] {
        var ring = points
        let edges: [(PixelPoint) -> Bool] = [{ $0.x >= rect.x }, { $0.x <= rect.maxX }, { $0.y >= rect.y }, { $0.y <= rect.maxY }]
        let crossings: [(PixelPoint, PixelPoint) -> PixelPoint] = [
            { a, b in Self.atX(rect.x, a, b) }, { a, b in Self.atX(rect.maxX, a, b) },
            { a, b in Self.atY(rect.y, a, b) }, { a, b in Self.atY(rect.maxY, a, b) },
        ]
        for (inside, crossing) in zip(edges, crossings) {
            guard let last = ring.last else { return [] }
            var kept: [PixelPoint] = []
            var previous = last
            for point in ring {
                switch (inside(previous), inside(point)) {
                case (true, true): kept.append(point)
                case (true, false): kept.append(crossing(previous, point))
                case (false, true):
                    kept.append(crossing(previous, point))
                    kept.append(point)
                case (false, false): break
                }
                previous = point
            }
            ring = kept
        }
        return ring.count >= 3 ? ring : []
    }

    private static func atX(_ x: Double, _ a: PixelPoint, _ b: PixelPoint) -> PixelPoint {
        let t = (x - a.x) / (b.x - a.x)
        return PixelPoint(x: x, y: a.y + t * (b.y - a.y))
    }

    private static func atY(_ y: Double, _ a: PixelPoint, _ b: PixelPoint) -> PixelPoint {
        let t = (y - a.y) / (b.y - a.y)
        return PixelPoint(x: a.x + t * (b.x - a.x), y: y)
    }

    /// The line with the points that change it by less than `tolerance` pixels left out
    /// (Douglas–Peucker, after dropping points within `tolerance` of the one before): its
    /// ends are kept, and no point left out lies farther than `tolerance` from the result.
    static func simplify(_ points: [PixelPoint], tolerance: Double = 0.5) -> [PixelPoint] {
        guard points.count > 2 else { return points }
        var near: [PixelPoint] = [points[0]]
        for point in points.dropFirst().dropLast() where distance(point, near[near.count - 1]) > tolerance {
            near.append(point)
        }
        if let last = points.last { near.append(last) }
        guard near.count > 2 else { return near }
        var keep = [Bool](repeating: false, count: near.count)
        keep[0] = true
        keep[near.count - 1] = true
        var spans = [(0, near.count - 1)]
        while let (first, last) = spans.popLast() {
            guard last - first > 1 else { continue }
            var farthest = first, farthestDistance = 0.0
            for i in (first + 1)..<last {
                let d = distance(near[i], fromSegment: near[first], near[last])
                if d > farthestDistance {
                    farthest = i
                    farthestDistance = d
                }
            }
            if farthestDistance > tolerance {
                keep[farthest] = true
                spans.append((first, farthest))
                spans.append((farthest, last))
            }
        }
        return zip(near, keep).compactMap { $1 ? $0 : nil }
    }

    static func distance(_ a: PixelPoint, _ b: PixelPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The distance from `p` to the nearest point of segment `a`–`b`.
    static func distance(_ p: PixelPoint, fromSegment a: PixelPoint, _ b: PixelPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        guard length > 0 else { return distance(p, a) }
        let t = min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1)
        return distance(p, PixelPoint(x: a.x + t * dx, y: a.y + t * dy))
    }
}
