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
    /// The city the point is in or nearest to, from the bundled gazetteer, when one was
    /// asked for; its `district` is the section of it nearest the point.
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

    /// The city a point is in or nearest to (GeoNames, population ≥ 15,000): the
    /// municipality a person writes on an envelope (Helsinki, New York City, Paris), never a
    /// section of one; the section nearest the point is its `district`.
    public struct City: Sendable, Hashable {
        public var name: String
        /// The first-level division's name (`Uusimaa`, `New York`); nil when GeoNames gives
        /// its code no name.
        public var admin1: String?
        /// GeoNames first-level division code, e.g. `01`, `NY`; nil when the row has none.
        public var admin1Code: String?
        public var countryCode: String
        public var coordinate: Coordinate
        public var population: Int
        /// WGS84 geodesic distance from the point asked about.
        public var distanceMeters: Double
        /// The section of this city nearest the point (Kallio, Times Square, Mitte), when
        /// one is near enough to say the point is in it; the record's `district`.
        public var district: District?

        public init(
            name: String, admin1: String?, admin1Code: String? = nil, countryCode: String, coordinate: Coordinate, population: Int,
            distanceMeters: Double, district: District? = nil
        ) {
            self.name = name
            self.admin1 = admin1
            self.admin1Code = admin1Code
            self.countryCode = countryCode
            self.coordinate = coordinate
            self.population = population
            self.distanceMeters = distanceMeters
            self.district = district
        }
    }

    /// A section of a city (a neighbourhood, borough or district GeoNames lists with its
    /// people: Kallio, Times Square, Mitte) near the point asked about.
    public struct District: Sendable, Hashable {
        public var name: String
        /// WGS84 geodesic distance from the point asked about to the section's point.
        public var distanceMeters: Double

        public init(name: String, distanceMeters: Double) {
            self.name = name
            self.distanceMeters = distanceMeters
        }
    }
}

/// A reverse-geocoding question: a point, how many nearby named places, and where cities come from.
public struct ReverseRequest: Sendable {
    public var point: Coordinate
    /// Nearest named places to list (0 for none).
    public var limit: Int
    /// Finds the city a point is in or nearest to, with its distance and district
    /// (`Gazetteer.bundled.nearestCity(to:)` from PlacesGazetteer); nil for no city.
    public var cities: (@Sendable (Coordinate) -> ReverseGeocode.City?)?

    public init(point: Coordinate, limit: Int = 3, cities: (@Sendable (Coordinate) -> ReverseGeocode.City?)? = nil) {
        self.point = point
        self.limit = limit
        self.cities = cities
    }
}
