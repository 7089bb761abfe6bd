/// One entry of `GET /places/{fsq_place_id}/photos`, whose answer is a bare JSON array of
/// them: the image is `prefix` + a size (`original`, or `WIDTHxHEIGHT`) + `suffix`, where
/// `prefix` ends with "/" and `suffix` starts with one. Decode with `FoursquarePlaceWire.decoder`.
struct FoursquarePhoto: Decodable, Sendable {
    var id: String?
    var createdAt: String?
    var prefix: String?
    var suffix: String?
    /// Pixels of the original, read as numbers so that a value out of range makes the size unknown.
    var width, height: Double?
}
