import PlacesGeodesy

/// Places along a route an app already has: what `PlacesClient.alongRoute` answers.
public struct RouteSearchRequest: Sendable, Hashable {
    /// The route's points in travel order (a router's line, or just the two ends for the
    /// straight line between them); at least one.
    public var route: [Coordinate]
    /// The greatest distance from the route, metres.
    public var radiusMeters: Double
    /// Free text ("pharmacy", "sushi"); nil to search by `categories` alone.
    public var query: String?
    /// Any of these; empty for every kind of place.
    public var categories: [PlaceCategory]
    /// What each venue carries; `alongMeters` and `routeOffsetMeters` are always filled.
    public var fields: Set<VenueField>
    /// `.along` (the order the route meets them, the default) or `.detour`; or any other order.
    public var sort: VenueSortOrder
    public var limit: Int
    /// The route's own length and time, when known: a provider that routes through each place
    /// (Google) gives the detour as the extra over these.
    public var routeDistanceMeters: Double?
    public var routeDurationSeconds: Double?
    /// How the route is travelled (Google's detours are for driving only).
    public var mode: TravelMode

    public init(
        route: [Coordinate], radiusMeters: Double = 1000, query: String? = nil, categories: [PlaceCategory] = [],
        fields: Set<VenueField> = Set(VenueField.defaultSet + VenueField.routeFields), sort: VenueSortOrder = .along,
        limit: Int = 20, routeDistanceMeters: Double? = nil, routeDurationSeconds: Double? = nil, mode: TravelMode = .drive
    ) {
        self.route = route
        self.radiusMeters = radiusMeters
        self.query = query
        self.categories = categories
        self.fields = fields
        self.sort = sort
        self.limit = limit
        self.routeDistanceMeters = routeDistanceMeters
        self.routeDurationSeconds = routeDurationSeconds
        self.mode = mode
    }

    /// The provider-neutral request; nil for an empty route.
    package var searchRequest: SearchRequest? {
        guard radiusMeters.isFinite, radiusMeters > 0, let corridor = RouteCorridor(route, radiusMeters: radiusMeters) else { return nil }
        var measure: RouteMeasure?
        if let distance = routeDistanceMeters, let duration = routeDurationSeconds {
            measure = RouteMeasure(distanceMeters: distance, durationSeconds: duration)
        }
        var request = SearchRequest(
            kind: query.map(SearchRequest.Kind.text) ?? .nearby, center: nil, radiusMeters: radiusMeters,
            types: categories, sort: sort, limit: limit, fields: FieldSelection(fields))
        request.route = SearchRoute(corridor: corridor, measure: measure, mode: mode)
        return request
    }
}
