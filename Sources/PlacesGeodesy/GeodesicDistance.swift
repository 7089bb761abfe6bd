/// Distance and initial bearing between two points on the WGS84 ellipsoid.
///
/// Exact to well under a millimetre everywhere, nearly antipodal points included
/// (see `GeodesicSolver`); this is what `distanceMeters` and route straight lines use.
package enum GeodesicDistance {
    /// The longest geodesic between two points of the Earth, in metres (a little over half
    /// the equator): no distance a provider gives can be longer.
    package static let longestMeters = 20_040_000.0

    /// The geodesic from one point to another.
    package struct Result: Sendable, Hashable {
        /// Length of the shortest path on the ellipsoid, in metres.
        package let meters: Double
        /// Initial bearing at the start, degrees clockwise from north in (-180, 180].
        package let initialBearing: Double
        /// Bearing of travel on arrival, degrees clockwise from north.
        let finalBearing: Double
    }

    package static func inverse(from a: Coordinate, to b: Coordinate) -> Result {
        let s = GeodesicSolver.wgs84.inverse(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
        return Result(meters: s.distance, initialBearing: s.azimuth1, finalBearing: s.azimuth2)
    }

    /// Metres between two points along the ellipsoid.
    package static func meters(from a: Coordinate, to b: Coordinate) -> Double {
        GeodesicSolver.wgs84.inverse(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude, azimuths: false).distance
    }
}
