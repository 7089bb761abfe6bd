import PlacesGeodesy

/// A street address found for a text (forward geocoding): where it is and what it is.
public struct AddressMatch: Sendable, Hashable {
    public var coordinate: Coordinate
    public var address: StreetAddress
    /// The element or place the address belongs to (`osm:node/123`, `google:ChIJ...`).
    public var id: String?
    /// How the source placed it, when it says (Google's `ROOFTOP`, an OSM element type).
    public var precision: String?

    public init(coordinate: Coordinate, address: StreetAddress, id: String? = nil, precision: String? = nil) {
        self.coordinate = coordinate
        self.address = address
        self.id = id
        self.precision = precision
    }
}
