import PlacesGeodesy

/// A resolved route end: where it is, and what it is when it came from a name or an id.
package struct RoutePoint: Sendable, Equatable {
    package let coordinate: Coordinate
    /// The place's name (a PLACE_ID's venue name, a gazetteer city); nil for a bare coordinate.
    package let name: String?
    /// The PLACE_ID it was given as; nil for a coordinate or a gazetteer name.
    package let id: PlaceID?

    package init(coordinate: Coordinate, name: String? = nil, id: PlaceID? = nil) {
        self.coordinate = coordinate
        self.name = name
        self.id = id
    }
}
