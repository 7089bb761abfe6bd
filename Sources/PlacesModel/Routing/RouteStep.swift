import PlacesGeodesy

/// One turn-by-turn instruction of a route: what to do, where, and how far and long the
/// stretch after it is.
public struct RouteStep: Sendable, Hashable {
    /// "Turn left onto Mannerheimintie", as the router gives it or as composed from its
    /// maneuver (OSRM gives no text).
    public let instruction: String
    /// Metres of the step; nil where the router does not say.
    public let distanceMeters: Double?
    /// Seconds of the step; nil where the router does not say.
    public let durationSeconds: Double?
    /// Where the maneuver is.
    public let coordinate: Coordinate

    public init(instruction: String, distanceMeters: Double?, durationSeconds: Double?, coordinate: Coordinate) {
        self.instruction = instruction
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.coordinate = coordinate
    }
}
