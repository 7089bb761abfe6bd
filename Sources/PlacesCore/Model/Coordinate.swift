import Foundation

/// A validated WGS84 position in decimal degrees.
///
/// Latitude is in [-90, 90] and longitude in [-180, 180]; NaN and infinity are
/// refused here, at the boundary, so nothing downstream has to check again.
public struct Coordinate: Sendable, Hashable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// Validates the range; throws `PlacesError.invalidRequest` naming the bad value.
    public init(latitude: Double, longitude: Double) throws {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw PlacesError.invalidRequest(.coordinate, message: "latitude \(latitude) is out of range: it must be between -90 and 90")
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw PlacesError.invalidRequest(.coordinate, message: "longitude \(longitude) is out of range: it must be between -180 and 180")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

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
