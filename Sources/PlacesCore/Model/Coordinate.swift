import Foundation

/// A validated WGS84 position in decimal degrees.
///
/// Latitude is in [-90, 90] and longitude in [-180, 180]; NaN and infinity are
/// refused here, at the boundary, so nothing downstream has to check again.
package struct Coordinate: Sendable, Hashable, CustomStringConvertible {
    package let latitude: Double
    package let longitude: Double

    /// Validates the range; throws a usage error naming the bad value.
    package init(latitude: Double, longitude: Double) throws {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw PlacesError.usage("latitude \(latitude) is out of range: it must be between -90 and 90")
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw PlacesError.usage("longitude \(longitude) is out of range: it must be between -180 and 180")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// For values already known to be valid (constants, gazetteer rows); checked in debug builds.
    init(uncheckedLatitude latitude: Double, longitude: Double) {
        assert(latitude.isFinite && abs(latitude) <= 90 && longitude.isFinite && abs(longitude) <= 180)
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `LAT,LON` (spaces allowed around the comma), e.g. `-33.8688,151.2093`.
    package static func parse(_ text: String) throws -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw PlacesError.usage("'\(text)' is not a coordinate: expected LAT,LON in decimal degrees, e.g. 60.1699,24.9384")
        }
        let latText = parts[0].trimmingCharacters(in: .whitespaces)
        let lonText = parts[1].trimmingCharacters(in: .whitespaces)
        guard let lat = Double(latText), let lon = Double(lonText), Self.isPlainDecimal(latText), Self.isPlainDecimal(lonText) else {
            throw PlacesError.usage("'\(text)' is not a coordinate: expected LAT,LON in decimal degrees, e.g. 60.1699,24.9384")
        }
        return try Coordinate(latitude: lat, longitude: lon)
    }

    /// Refuses `nan`, `inf`, hex floats and the like that `Double(_:)` would accept.
    private static func isPlainDecimal(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E") }
    }

    /// `LAT,LON` with the shortest text that round-trips.
    package var description: String { "\(latitude),\(longitude)" }
}
