import Foundation

/// A latitude/longitude rectangle: a map's viewport searched with `--bbox` (borders
/// included), or the box around a circle for APIs that can only restrict to rectangles
/// (Google Text Search; slightly generous, never too small, the exact circle applied
/// afterwards with geodesic distances). `west > east` is a box across the antimeridian.
public struct BoundingBox: Sendable, Hashable {
    public let south: Double
    public let west: Double
    public let north: Double
    public let east: Double

    /// `west > east` means the box crosses the antimeridian (as Google's Viewport allows).
    public var crossesAntimeridian: Bool { west > east }

    package init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The box around a circle of `radius` metres at `center`.
    package init(around center: Coordinate, radius: Double) {
        // Metres per degree of latitude are at least 110,574 (at the equator); per degree of
        // longitude at least 111,320·cos(lat) on the sphere and a little more on the ellipsoid.
        let margin = 1.01
        let dLat = radius / 110_574 * margin
        let south = max(-90, center.latitude - dLat)
        let north = min(90, center.latitude + dLat)
        let widest = max(abs(south), abs(north))
        let cosine = cos(widest * .pi / 180)
        if north >= 90 || south <= -90 || cosine <= 1e-9 || radius / (111_320 * cosine) * margin >= 180 {
            self.init(south: south, west: -180, north: north, east: 180)
            return
        }
        let dLon = radius / (111_320 * cosine) * margin
        self.init(south: south, west: Self.wrap(center.longitude - dLon), north: north, east: Self.wrap(center.longitude + dLon))
    }

    private static func wrap(_ lon: Double) -> Double {
        var l = lon
        if l > 180 { l -= 360 }
        if l < -180 { l += 360 }
        return l
    }

    /// Whether the point is inside, borders included.
    public func contains(_ c: Coordinate) -> Bool {
        guard (south...north).contains(c.latitude) else { return false }
        return crossesAntimeridian ? (c.longitude >= west || c.longitude <= east) : (west...east).contains(c.longitude)
    }
}

extension BoundingBox {
    /// A lower bound in metres on the distance from `point` to the nearest point of the box
    /// (0 inside it): far more than a search radius means no place of the box can be found.
    package func metersOutside(from point: Coordinate) -> Double {
        let bounds = GeodesicDistanceBounds(center: point)
        let east = crossesAntimeridian ? self.east + 360 : self.east
        return bounds.lower(south: south, north: north, west: west, east: east)
    }
}

extension BoundingBox {
    /// The middle of the box: halfway between its parallels, and halfway along its run of
    /// longitudes (across the antimeridian when it crosses it).
    public var centre: Coordinate {
        var longitude = crossesAntimeridian ? (west + east + 360) / 2 : (west + east) / 2
        if longitude > 180 { longitude -= 360 }
        return Coordinate(uncheckedLatitude: (south + north) / 2, longitude: longitude)
    }

    /// The radius in metres of a circle around `centre` that holds the whole box: the
    /// farthest of its corners and the middles of its edges, a little more for rounding. A
    /// provider that takes only circles is asked for this one, and its answer cut to the box.
    public var coveringRadius: Double {
        let centre = self.centre
        let middle = centre.longitude
        var farthest = 0.0
        for latitude in [south, (south + north) / 2, north] {
            for longitude in [west, middle, east] {
                let point = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
                farthest = max(farthest, GeodesicDistance.meters(from: centre, to: point))
            }
        }
        return (farthest * 1.0001 + 1).rounded(.up)
    }
}
