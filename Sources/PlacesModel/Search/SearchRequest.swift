import Foundation
import PlacesGeodesy

/// One `nearby` or `search`, in provider-neutral terms: what every provider turns
/// into its own requests, and what the pipeline applies client-side. The parameters
/// (`request.limit`, `request.types`, ...) are its `SearchParameters`.
@dynamicMemberLookup
package struct SearchRequest: Sendable {
    package enum Kind: Sendable, Equatable {
        /// Places around a centre, by type.
        case nearby
        /// Free text (`places search QUERY`), optionally around a centre.
        case text(String)
    }

    package var kind: Kind
    /// The search centre; `nil` only for a text search without LOCATION.
    package var center: Coordinate?
    var parameters: SearchParameters
    package var fields: FieldSelection
    /// `--favorites-only`: only these places can be printed. A source that can select by id
    /// may use it; none may take a shortcut (like "the N nearest") that ignores it.
    package var onlyIDs: Set<PlaceID>?
    /// Whether the client should say how many places matched when `limit` cut the answer (a
    /// source that can count cheaply then does: `ExtractCoverage.totalMatching`).
    package var wantsTotalCount = false
    /// Whether the client notes a centre farther than the radius from every place of an
    /// extract (a likely mistake in a search). `reverse` asks for places as a side dish of an
    /// address and turns it off: a stream of points far from the extract would note each one.
    package var notesCenterFarFromExtract = true
    /// Whether a provider may apply `minRating`, `openNow` and `price` on its side (and
    /// return only what passes). False for a merged search: there each field of a record
    /// comes from the first provider that knows it, so the filters judge the merged record,
    /// and a provider must not drop a place another provider's value would let through.
    package var filtersAtProvider = true
    /// Along a route: the places within `radiusMeters` of it (then the radius is the distance
    /// from the route, not from `center`, and `center` is nil).
    package var route: SearchRoute?
    /// `--bbox`: only the places inside this box; `center` is then its centre (distances are
    /// measured from it) and `radiusMeters` the circle that covers it, for the providers that
    /// take only circles (`inBox`).
    package var box: BoundingBox?

    package init(kind: Kind, center: Coordinate?, parameters: SearchParameters, fields: FieldSelection = .default) {
        self.kind = kind
        self.center = center
        self.parameters = parameters
        self.fields = fields
    }

    /// A request built field by field (tests, and callers with loose values).
    package init(
        kind: Kind, center: Coordinate?, radiusMeters: Double?, types: [PlaceCategory] = [],
        sort: VenueSortOrder? = nil, limit: Int = SearchDefaults.limit, minRating: Double? = nil,
        openNow: Bool = false, price: PriceRange? = nil, filterText: String? = nil,
        groupByCuisine: Bool = false, fields: FieldSelection = .default
    ) {
        var parameters = SearchParameters()
        (parameters.radiusMeters, parameters.types, parameters.sort, parameters.limit) = (radiusMeters, types, sort, limit)
        (parameters.minRating, parameters.openNow, parameters.price) = (minRating, openNow, price)
        (parameters.filterText, parameters.groupByCuisine) = (filterText, groupByCuisine)
        self.init(kind: kind, center: center, parameters: parameters, fields: fields)
    }

    package subscript<T>(dynamicMember keyPath: WritableKeyPath<SearchParameters, T>) -> T {
        get { parameters[keyPath: keyPath] }
        set { parameters[keyPath: keyPath] = newValue }
    }

    /// The order asked for, else the kind's default.
    package var sort: VenueSortOrder {
        get { parameters.sort ?? (kind == .nearby ? SearchDefaults.nearbySort : SearchDefaults.textSort) }
        set { parameters.sort = newValue }
    }

    package var query: String? {
        if case .text(let q) = kind { return q }
        return nil
    }

    /// Every field a provider must fetch: the printed ones plus those a flag needs
    /// (`--sort rating|best`, `--min-rating`, `--open-now`, `--price`). This is what
    /// decides Google's field mask and Foursquare's `fields`, so cost follows the question.
    package var neededFields: Set<VenueField> {
        var needed = Set(fields.fields)
        if sort.needsRating || self.minRating != nil { needed.formUnion([.rating, .ratingCount]) }
        if self.openNow { needed.insert(.openNow) }
        if self.price != nil { needed.insert(.priceLevel) }
        if center != nil || route != nil || sort == .distance { needed.formUnion([.latitude, .longitude]) }
        // Names and ids are needed to print anything and to match favorites and --filter.
        needed.formUnion([.id, .name])
        if self.groupByCuisine { needed.formUnion([.cuisines, .categories]) }
        return needed
    }

    /// What each provider of a merged search is asked: the same search, fetching every field
    /// the output and the flags need plus the categories the matching compares (Pro at
    /// Google and free at Foursquare, like the names a search always fetches), with the
    /// value filters left to the pipeline after the merge, and at least `SearchDefaults.limit` places
    /// wanted: the limit applies to the merged records, and a provider asked for only its own
    /// N nearest would miss its view of a place the first provider ranks among the N (still
    /// one request at each provider: 20 is within every provider's first page).
    package var forEachMergedProvider: SearchRequest {
        var each = self
        each.fields = FieldSelection(neededFields.union([.categories]))
        each.filtersAtProvider = false
        each.limit = max(self.limit, SearchDefaults.limit)
        return each
    }

    /// Fields shown only because a flag needs them: the table may show them, JSON does not.
    package var flagOnlyFields: [VenueField] {
        var extra: [VenueField] = []
        if sort.needsRating || self.minRating != nil { extra.append(.rating) }
        if self.price != nil { extra.append(.priceLevel) }
        if self.openNow { extra.append(.openNow) }
        return extra.filter { !fields.fields.contains($0) }
    }

    /// The search of the places inside `box`: around its centre, within the circle that covers
    /// it; the pipeline cuts the answer to the box.
    package func inBox(_ box: BoundingBox) -> SearchRequest {
        var boxed = self
        boxed.box = box
        boxed.center = box.centre
        boxed.radiusMeters = box.coveringRadius
        return boxed
    }

    /// Checks the combinations the contract refuses; call before any request is made.
    package func validate(wording: Wording = .library) throws {
        if let query, query.trimmingCharacters(in: .whitespaces).isEmpty {
            throw PlacesError.invalidRequest(.query, message: wording(.searchNeedsQuery))
        }
        if kind == .nearby && center == nil && route == nil {
            throw PlacesError.invalidRequest(.center, message: wording(.nearbyNeedsCenter))
        }
        if route == nil, sort == .along || sort == .detour {
            throw PlacesError.invalidRequest(.sort, message: wording(.sortNeedsRoute(sort)))
        }
        if center == nil && route == nil {
            if sort == .distance || sort == .best {
                throw PlacesError.invalidRequest(.sort, message: wording(.sortNeedsCenter(sort)))
            }
            if self.radiusMeters != nil {
                throw PlacesError.invalidRequest(.center, message: wording(.radiusNeedsCenter))
            }
        }
        if let r = self.radiusMeters, !(r.isFinite && r > 0) {
            throw PlacesError.invalidRequest(.radius, message: wording(.radiusNotPositive))
        }
        if self.limit < 1 { throw PlacesError.invalidRequest(.limit, message: wording(.limitBelowOne)) }
        if let m = self.minRating, !(0...5).contains(m) {
            throw PlacesError.invalidRequest(.minRating, message: wording(.minRatingOutOfRange(m)))
        }
    }
}
