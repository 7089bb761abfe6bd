import PlacesGeodesy

/// One place from any provider, in the provider-neutral shape every command prints.
///
/// A value the provider did not give is `nil` and is printed as `null`: never a
/// made-up 0 or "". Providers fill the wire-derived values; the search pipeline
/// fills `distanceMeters`, `bearingDegrees` and `isFavorite`; a merge of several
/// providers fills `sameAs`.
public struct Venue: Sendable, Hashable {
    public var id: PlaceID
    public var name: String
    public var coordinate: Coordinate
    public var address: String?
    /// Provider-neutral category names (the `--type` vocabulary where one applies).
    public var categories: [String]
    /// Canonical snake_case cuisine names, e.g. `sushi`, `middle_eastern`.
    public var cuisines: [String]
    /// On a 0–5 scale whatever the provider's own scale.
    public var rating: Double?
    public var ratingCount: Int?
    /// 0 (free) to 4 (very expensive).
    public var priceLevel: Int?
    public var openNow: Bool?
    public var phone: String?
    public var website: String?
    /// The provider's own link to the place, if it gives one (see `resolvedMapsURL`).
    public var providerMapsURL: String?
    /// Opening hours as the provider describes them, one line per day or rule (details only).
    public var openingHours: [String]?
    /// Photo URLs that need no key to build (details only).
    public var photoURLs: [String]?
    /// In business, closed for a while, or closed for good; nil when the provider does not say.
    public var businessStatus: BusinessStatus?
    /// What people wrote about it (`details --reviews`); nil when not asked for.
    public var reviews: [Review]?

    /// Ellipsoidal distance from the search centre; `nil` when there is no centre.
    public var distanceMeters: Double?
    /// Initial bearing from the search centre, degrees clockwise from north.
    public var bearingDegrees: Double?
    public var isFavorite: Bool
    /// The same place at the other providers a merged search asked (`PlacesClient(sources:)`),
    /// in the order they were given; empty when only this venue's provider has it, or only
    /// one provider was asked.
    public var sameAs: [PlaceID]
    /// Along a route: metres along it to the point nearest the place; nil off a route search.
    public var alongMeters: Double?
    /// Along a route: metres from the route (to that nearest point).
    public var routeOffsetMeters: Double?
    /// Along a route: the extra time stopping here costs over the direct route, where the
    /// provider knows it (Google's routing summaries); may be negative when the provider's
    /// own routing finds a quicker way through the place than the route given.
    public var detourSeconds: Double?
    /// Along a route: the extra distance stopping here costs, where the provider knows it.
    public var detourMeters: Double?

    public init(
        id: PlaceID, name: String, coordinate: Coordinate, address: String? = nil,
        categories: [String] = [], cuisines: [String] = [], rating: Double? = nil,
        ratingCount: Int? = nil, priceLevel: Int? = nil, openNow: Bool? = nil,
        phone: String? = nil, website: String? = nil, providerMapsURL: String? = nil,
        openingHours: [String]? = nil, photoURLs: [String]? = nil, businessStatus: BusinessStatus? = nil, reviews: [Review]? = nil,
        distanceMeters: Double? = nil, bearingDegrees: Double? = nil, isFavorite: Bool = false, sameAs: [PlaceID] = [],
        alongMeters: Double? = nil, routeOffsetMeters: Double? = nil, detourSeconds: Double? = nil, detourMeters: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.address = address
        self.categories = categories
        self.cuisines = cuisines
        self.rating = rating
        self.ratingCount = ratingCount
        self.priceLevel = priceLevel
        self.openNow = openNow
        self.phone = phone
        self.website = website
        self.providerMapsURL = providerMapsURL
        self.openingHours = openingHours
        self.photoURLs = photoURLs
        self.businessStatus = businessStatus
        self.reviews = reviews
        self.distanceMeters = distanceMeters
        self.bearingDegrees = bearingDegrees
        self.isFavorite = isFavorite
        self.sameAs = sameAs
        self.alongMeters = alongMeters
        self.routeOffsetMeters = routeOffsetMeters
        self.detourSeconds = detourSeconds
        self.detourMeters = detourMeters
    }

    public var provider: ProviderName { id.provider }

    /// Every id of the place: its own, then `sameAs`.
    package var allIDs: [PlaceID] { [id] + sameAs }

    /// Never nil: the provider's link, else the OpenStreetMap page for osm ids,
    /// else a Google Maps search URL on the coordinates.
    public var mapsURL: String {
        if let url = providerMapsURL, !url.isEmpty { return url }
        if let page = id.provider.profile.placePage(id.rawID) { return page }
        return "https://www.google.com/maps/search/?api=1&query=\(coordinate.latitude),\(coordinate.longitude)"
    }
}
