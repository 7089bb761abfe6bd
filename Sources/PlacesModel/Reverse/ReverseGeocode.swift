import PlacesGeodesy

/// What is at a point: the address at or nearest to it, the nearest named places, and the
/// city it lies in or nearest to (`PlacesClient.reverse`).
public struct ReverseGeocode: Sendable {
    /// The point asked about.
    public var coordinate: Coordinate
    /// The address at or nearest to the point; nil when the source knows none.
    public var address: StreetAddress?
    /// The element or place the address belongs to (`osm:way/185401488`, `google:ChIJ...`).
    public var addressID: String?
    /// From the point to where the address is, when the source says where that is.
    public var addressDistanceMeters: Double?
    /// The nearest city of the bundled gazetteer, when one was asked for.
    public var city: City?
    /// The nearest named places, nearest first.
    public var places: [Venue]
    /// The source of the address and places; nil for a city-only answer.
    public var provider: ProviderName?

    public init(
        coordinate: Coordinate, address: StreetAddress? = nil, addressID: String? = nil,
        addressDistanceMeters: Double? = nil, city: City? = nil, places: [Venue] = [], provider: ProviderName? = nil
    ) {
        self.coordinate = coordinate
        self.address = address
        self.addressID = addressID
        self.addressDistanceMeters = addressDistanceMeters
        self.city = city
        self.places = places
        self.provider = provider
    }

    /// A city near the point (GeoNames, population ≥ 15,000).
    public struct City: Sendable, Hashable {
        public var name: String
        /// GeoNames first-level division code, e.g. `01`, `NY`.
        public var admin1: String
        public var countryCode: String
        public var coordinate: Coordinate
        public var population: Int
        /// WGS84 geodesic distance from the point asked about.
        public var distanceMeters: Double

        public init(name: String, admin1: String, countryCode: String, coordinate: Coordinate, population: Int, distanceMeters: Double) {
            self.name = name
            self.admin1 = admin1
            self.countryCode = countryCode
            self.coordinate = coordinate
            self.population = population
            self.distanceMeters = distanceMeters
        }
    }
}

/// A reverse-geocoding question: a point, how many nearby named places, and where cities come from.
public struct ReverseRequest: Sendable {
    public var point: Coordinate
    /// Nearest named places to list (0 for none).
    public var limit: Int
    /// Finds the city nearest a point, with its distance (`Gazetteer.bundled.nearestCity(to:)`
    /// from PlacesGazetteer); nil for no city.
    public var cities: (@Sendable (Coordinate) -> ReverseGeocode.City?)?

    public init(point: Coordinate, limit: Int = 3, cities: (@Sendable (Coordinate) -> ReverseGeocode.City?)? = nil) {
        self.point = point
        self.limit = limit
        self.cities = cities
    }
}
