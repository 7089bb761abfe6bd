import PlacesGeodesy

extension Coordinate {
    /// Validates the range; throws `PlacesError.invalidRequest` naming the bad value.
    public init(latitude: Double, longitude: Double) throws {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw PlacesError.invalidRequest(.coordinate, message: "latitude \(latitude) is out of range: it must be between -90 and 90")
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw PlacesError.invalidRequest(
                .coordinate, message: "longitude \(longitude) is out of range: it must be between -180 and 180")
        }
        self.init(uncheckedLatitude: latitude, longitude: longitude)
    }
}
