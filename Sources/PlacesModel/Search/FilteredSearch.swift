import PlacesGeodesy

/// The filters and the shape of the answer that `NearbyRequest` and `TextSearchRequest`
/// share, turned into the provider-neutral `SearchRequest` in one place.
protocol FilteredSearch {
    var categories: [PlaceCategory] { get }
    var fields: Set<VenueField> { get }
    var sort: VenueSortOrder { get }
    var limit: Int { get }
    var minRating: Double? { get }
    var openNow: Bool { get }
    var price: PriceRange? { get }
    var nameFilter: String? { get }
    var favoritesOnly: Bool { get }
    var includeClosed: Bool { get }
}

extension FilteredSearch {
    /// The request providers get: this search's filters around `center` (nil: none) and within
    /// `radiusMeters` (nil: no circle).
    func searchRequest(kind: SearchRequest.Kind, center: Coordinate?, radiusMeters: Double?) -> SearchRequest {
        var parameters = SearchParameters()
        (parameters.types, parameters.radiusMeters, parameters.sort, parameters.limit) = (categories, radiusMeters, sort, limit)
        (parameters.minRating, parameters.openNow, parameters.price) = (minRating, openNow, price)
        (parameters.filterText, parameters.favoritesOnly, parameters.includeClosed) = (nameFilter, favoritesOnly, includeClosed)
        return SearchRequest(kind: kind, center: center, parameters: parameters, fields: FieldSelection(fields))
    }
}
