/// A resolved route end: where it is, and what it is when it came from a name or an id.
public struct RoutePoint: Sendable, Equatable {
    public let coordinate: Coordinate
    /// The place's name (a PLACE_ID's venue name, a gazetteer city); nil for a bare coordinate.
    public let name: String?
    /// The PLACE_ID it was given as; nil for a coordinate or a gazetteer name.
    public let id: PlaceID?

    public init(coordinate: Coordinate, name: String? = nil, id: PlaceID? = nil) {
        self.coordinate = coordinate
        self.name = name
        self.id = id
    }
}
