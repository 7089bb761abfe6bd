import Foundation

/// A validated WGS84 position in decimal degrees.
///
/// Latitude is in [-90, 90] and longitude in [-180, 180]; NaN and infinity are
/// refused at the boundary (`init(latitude:longitude:)`, which PlacesModel declares with the
/// error it throws), so nothing downstream has to check again.
public struct Coordinate: Sendable, Hashable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// For values already known to be valid (constants, gazetteer rows); checked in debug builds.
    package init(uncheckedLatitude latitude: Double, longitude: Double) {
        // Not reachable by data: callers pass compiled-in tables or positions already range-checked (index entries, PositionBox, makesVenue).
        assert(latitude.isFinite && abs(latitude) <= 90 && longitude.isFinite && abs(longitude) <= 180)
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `LAT,LON` with the shortest text that round-trips.
    public var description: String { "\(latitude),\(longitude)" }
}
