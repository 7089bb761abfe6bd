import PlacesGeodesy

/// Places around a centre: what `PlacesClient.nearby` answers.
public struct NearbyRequest: Sendable, Hashable, FilteredSearch {
    public var center: Coordinate
    /// Metres; at most the provider's limit (Google 50 km, Foursquare 100 km).
    public var radiusMeters: Double
    /// Any of these (each provider's nearest equivalent); empty for every kind of place.
    public var categories: [PlaceCategory]
    /// What each venue carries. Ratings, prices, opening hours, phone and website cost
    /// more with the web providers, so they are fetched only when asked for (or when a
    /// filter or sort below needs them).
    public var fields: Set<VenueField>
    public var sort: VenueSortOrder
    /// At most this many venues.
    public var limit: Int
    /// 0–5; a venue without a rating does not pass.
    public var minRating: Double?
    /// Only venues known to be open now.
    public var openNow: Bool
    /// Only venues whose price level is known and in the range.
    public var price: PriceRange?
    /// Only venues whose name contains this, ignoring case and accents.
    public var nameFilter: String?
    /// Only your favorites (needs `PlacesClient.Configuration.favorites`).
    public var favoritesOnly: Bool
    /// Also places their provider says are closed for good (`Venue.businessStatus`); without
    /// it they are left out, with a note counting them.
    public var includeClosed: Bool
    /// Only the places inside this box (a map's viewport), distances from its centre; the
    /// centre and radius are then the box's (see `BoundingBox.centre`, `coveringRadius`).
    public var box: BoundingBox?

    public init(
        center: Coordinate, radiusMeters: Double = SearchDefaults.nearbyRadiusMeters, categories: [PlaceCategory] = [],
        fields: Set<VenueField> = Set(VenueField.defaultSet), sort: VenueSortOrder = SearchDefaults.nearbySort,
        limit: Int = SearchDefaults.limit,
        minRating: Double? = nil, openNow: Bool = false, price: PriceRange? = nil, nameFilter: String? = nil,
        favoritesOnly: Bool = false, includeClosed: Bool = false
    ) {
        self.center = center
        self.radiusMeters = radiusMeters
        self.categories = categories
        self.fields = fields
        self.sort = sort
        self.limit = limit
        self.minRating = minRating
        self.openNow = openNow
        self.price = price
        self.nameFilter = nameFilter
        self.favoritesOnly = favoritesOnly
        self.includeClosed = includeClosed
    }

    package var searchRequest: SearchRequest {
        let request = searchRequest(kind: .nearby, center: center, radiusMeters: radiusMeters)
        return box.map(request.inBox) ?? request
    }

    /// The places inside `box` (a map's viewport), distances from its centre.
    public init(
        box: BoundingBox, categories: [PlaceCategory] = [], fields: Set<VenueField> = Set(VenueField.defaultSet),
        sort: VenueSortOrder = SearchDefaults.nearbySort, limit: Int = SearchDefaults.limit
    ) {
        self.init(center: box.centre, radiusMeters: box.coveringRadius, categories: categories, fields: fields, sort: sort, limit: limit)
        self.box = box
    }
}
