import PlacesGeodesy

/// A source of addresses: the address at a point (reverse geocoding) and the points of a
/// typed address (forward). One per source: the extract's addresses offline
/// (`OSMExtractGeocoder`), Nominatim for OpenStreetMap online, Google's Geocoding API.
package protocol AddressGeocoder: Sendable {
    var name: ProviderName { get }

    /// The address at or nearest to `point`; nil when the source knows none there.
    func reverse(_ point: Coordinate, diagnostics: Diagnostics) async throws -> FoundAddress?

    /// Addresses matching `text`, best first (near `near` first, when given); empty when none.
    func lookUp(_ text: String, near: Coordinate?, diagnostics: Diagnostics) async throws -> [AddressMatch]

    /// A few street names the source knows, nearest in spelling to the street of `text`: what
    /// a "no such address" error offers. By default none (a web service suggests nothing).
    func closestStreetNames(to text: String, diagnostics: Diagnostics) throws -> [String]
}

extension AddressGeocoder {
    package func closestStreetNames(to text: String, diagnostics: Diagnostics) throws -> [String] { [] }
}

/// An address a reverse geocoder found for a point.
package struct FoundAddress: Sendable, Equatable {
    package var address: StreetAddress
    /// `osm:way/185401488`, `google:ChIJ...`.
    package var id: String?
    /// Where the address is, when the source says.
    package var coordinate: Coordinate?

    package init(address: StreetAddress, id: String?, coordinate: Coordinate?) {
        self.address = address
        self.id = id
        self.coordinate = coordinate
    }
}
