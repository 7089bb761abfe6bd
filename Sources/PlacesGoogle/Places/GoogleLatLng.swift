import PlacesGeodesy

/// `GoogleTypeLatLng` (`google.type.LatLng`), as Places, Geocoding v4 and Routes all send it.
/// Proto3 JSON leaves out a field whose value is 0, so a point on the equator comes without
/// `latitude` (on the prime meridian, without `longitude`): absent is 0.
struct GoogleLatLng: Decodable, Sendable {
    var latitude, longitude: Double

    enum CodingKeys: String, CodingKey { case latitude, longitude }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try container.decodeIfPresent(Double.self, forKey: .latitude) ?? 0
        longitude = try container.decodeIfPresent(Double.self, forKey: .longitude) ?? 0
    }

    /// The point, when it lies on the globe.
    var coordinate: Coordinate? { try? Coordinate(latitude: latitude, longitude: longitude) }
}
