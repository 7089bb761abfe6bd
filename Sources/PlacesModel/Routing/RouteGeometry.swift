import PlacesGeodesy

/// A route as a router drew it: its figures, its line (the straight line for the estimate),
/// and its turn-by-turn steps when asked for and the router has them.
public struct RouteGeometry: Sendable, Hashable {
    public let distanceMeters: Double
    public let durationSeconds: Double
    /// The line in travel order, at least the two ends; a router's line of more than 250,000
    /// points is thinned as it is read (ends kept, a note to the configuration's `notes`), and a
    /// point repeating the one before is left out.
    public let coordinates: [Coordinate]
    /// The steps; nil when not asked for, or when the router has none (the estimate).
    public let steps: [RouteStep]?
    /// Whether the line is only the straight line between the ends (the estimate).
    public let isStraightLine: Bool

    public init(distanceMeters: Double, durationSeconds: Double, coordinates: [Coordinate], steps: [RouteStep]?, isStraightLine: Bool) {
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.coordinates = coordinates
        self.steps = steps
        self.isStraightLine = isStraightLine
    }

    package var measure: RouteMeasure { RouteMeasure(distanceMeters: distanceMeters, durationSeconds: durationSeconds) }
}
