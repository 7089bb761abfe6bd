import PlacesGeodesy

/// Places matching free text ("sushi", "pharmacy near the station"): what
/// `PlacesClient.search` answers.
public struct TextSearchRequest: Sendable, Hashable, FilteredSearch {
    public var query: String
    /// Without a centre there are no distances, and sorting by distance is refused.
    public var center: Coordinate?
    /// With a centre: only venues inside this circle. Nil: the centre only biases the ranking.
    public var radiusMeters: Double?
    public var categories: [PlaceCategory]
    /// What each venue carries (see `NearbyRequest.fields`).
    public var fields: Set<VenueField>
    public var sort: VenueSortOrder
    public var limit: Int
    public var minRating: Double?
    public var openNow: Bool
    public var price: PriceRange?
    public var nameFilter: String?
    public var favoritesOnly: Bool
    /// Also places their provider says are closed for good (`Venue.businessStatus`); without
    /// it they are left out, with a note counting them.
    public var includeClosed: Bool
    /// Only the places inside this box (a map's viewport), distances from its centre; the
    /// centre and radius are then the box's (see `BoundingBox.centre`, `coveringRadius`).
    public var box: BoundingBox?

    public init(
        query: String, center: Coordinate? = nil, radiusMeters: Double? = nil, categories: [PlaceCategory] = [],
        fields: Set<VenueField> = Set(VenueField.defaultSet), sort: VenueSortOrder = SearchDefaults.textSort,
        limit: Int = SearchDefaults.limit,
        minRating: Double? = nil, openNow: Bool = false, price: PriceRange? = nil, nameFilter: String? = nil,
        favoritesOnly: Bool = false, includeClosed: Bool = false
    ) {
        self.query = query
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
        let request = searchRequest(kind: .text(query), center: center, radiusMeters: radiusMeters)
        return box.map(request.inBox) ?? request
    }
}
