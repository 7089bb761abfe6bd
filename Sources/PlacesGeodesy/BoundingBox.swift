import Foundation

/// A latitude/longitude rectangle that contains a circle on the ellipsoid, for APIs that
/// can only restrict to rectangles (Google Text Search). Slightly generous, never too small;
/// the exact circle is applied afterwards with geodesic distances.
package struct BoundingBox: Sendable, Equatable {
    package let south: Double
    package let west: Double
    package let north: Double
    package let east: Double

    /// `west > east` means the box crosses the antimeridian (as Google's Viewport allows).
    var crossesAntimeridian: Bool { west > east }

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

    func contains(_ c: Coordinate) -> Bool {
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
