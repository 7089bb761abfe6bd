/// The defaults of every place search, in one place: the library's requests, the CLI's
/// flags and its help all read these.
public enum SearchDefaults {
    /// The radius of a nearby search when none is given, in metres.
    public static let nearbyRadiusMeters = 1000.0
    /// How many places a search returns when not told.
    public static let limit = 20
    /// The order of a nearby search when none is given: nearest first.
    public static let nearbySort = VenueSortOrder.distance
    /// The order of a text search when none is given: the provider's relevance.
    public static let textSort = VenueSortOrder.relevance
}

/// What narrows and orders a search, nearby or text, declared once: `SearchRequest` (what
/// providers answer) and the CLI's `SearchOptions` hold one and read its fields through
/// dynamic member lookup; the public `NearbyRequest` and `TextSearchRequest` make one.
package struct SearchParameters: Sendable, Hashable {
    package var types: [PlaceCategory] = []
    /// Metres. For a nearby search the caller sets it (`SearchDefaults.nearbyRadiusMeters`
    /// when not told); for a text search nil means no circle, only a bias.
    package var radiusMeters: Double?
    /// Nil: the kind's default (`SearchDefaults.nearbySort`, `.textSort`).
    package var sort: VenueSortOrder?
    package var limit = SearchDefaults.limit
    /// 0–5; a venue without a rating does not pass.
    package var minRating: Double?
    package var openNow = false
    package var price: PriceRange?
    /// Client-side, case- and accent-insensitive.
    package var filterText: String?
    package var groupByCuisine = false
    /// Only the caller's favorites (the request carries their ids, `SearchRequest.onlyIDs`).
    package var favoritesOnly = false
    /// Also places their provider says are closed for good (left out, and counted in a note, without it).
    package var includeClosed = false

    package init() {}
}
