import PlacesGeodesy

/// Circles that together cover a route's corridor, for providers that search only circles
/// (Overpass's `around` with one point, Foursquare's `ll` and `radius`): centres spaced evenly
/// along the line, each of radius √(r² + (s/2)²) for a straight corridor of radius r and
/// spacing s (r + s/2 for a bent one), so every point within r of the line (within s/2 along
/// it of a centre, so at most that far from it in a straight line) lies in one. At most `maxCircles`: a longer route gets wider
/// circles, never more requests; the corridor filter afterwards keeps only what is near.
package enum RouteSampling {
    package struct Circle: Sendable, Equatable {
        package let center: Coordinate
        package let radiusMeters: Double

        package init(center: Coordinate, radiusMeters: Double) {
            self.center = center
            self.radiusMeters = radiusMeters
        }
    }

    package static func circles(_ corridor: RouteCorridor, maxCircles: Int) -> [Circle] {
        let length = corridor.line.lengthMeters
        let r = corridor.radiusMeters
        let count = length > 0 ? max(2, min(maxCircles, Int((length / max(r, 1)).rounded(.up)) + 1)) : 1
        let spacing = count > 1 ? length / Double(count - 1) : 0
        // A straight line: the point is r off the line at most s/2 from a centre along it
        // (√(r² + (s/2)²) away, at most). A bent line: the triangle inequality's r + s/2.
        let radius = corridor.line.points.count <= 2 ? (r * r + spacing * spacing / 4).squareRoot() : r + spacing / 2
        return (0..<count).map { i in
            Circle(center: corridor.line.point(atAlong: spacing * Double(i)), radiusMeters: radius)
        }
    }
}
