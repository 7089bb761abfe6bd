import Foundation

/// One `nearby` or `search`, in provider-neutral terms: what every provider turns
/// into its own requests, and what the pipeline applies client-side.
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
    /// Metres. For `nearby` always set (default 1000). For `search`, a hard limit when set.
    package var radiusMeters: Double?
    package var types: [PlaceCategory]
    package var sort: VenueSortOrder
    package var limit: Int
    package var minRating: Double?
    package var openNow: Bool
    package var price: PriceRange?
    /// `--filter`: client-side, case- and accent-insensitive.
    package var filterText: String?
    package var groupByCuisine: Bool
    package var fields: FieldSelection
    /// `--favorites-only`: only these places can be printed. A source that can select by id
    /// may use it; none may take a shortcut (like "the N nearest") that ignores it.
    package var onlyIDs: Set<PlaceID>?
    /// Whether the caller will say how many places matched when `limit` cut the answer (a
    /// source that can count cheaply then does; see `OverpassFileProvider.answer`).
    package var wantsTotalCount = false
    /// Whether a provider may apply `minRating`, `openNow` and `price` on its side (and
    /// return only what passes). False for a merged search: there each field of a record
    /// comes from the first provider that knows it, so the filters judge the merged record,
    /// and a provider must not drop a place another provider's value would let through.
    package var filtersAtProvider = true
    /// Along a route: the places within `radiusMeters` of it (then the radius is the distance
    /// from the route, not from `center`, and `center` is nil).
    package var route: SearchRoute?

    package static let defaultNearbyRadius = 1000.0
    package static let defaultLimit = 20

    package init(kind: Kind, center: Coordinate?, radiusMeters: Double?, types: [PlaceCategory] = [],
                sort: VenueSortOrder? = nil, limit: Int = SearchRequest.defaultLimit, minRating: Double? = nil,
                openNow: Bool = false, price: PriceRange? = nil, filterText: String? = nil,
                groupByCuisine: Bool = false, fields: FieldSelection = .default) {
        self.kind = kind
        self.center = center
        self.radiusMeters = radiusMeters
        self.types = types
        self.sort = sort ?? (kind == .nearby ? .distance : .relevance)
        self.limit = limit
        self.minRating = minRating
        self.openNow = openNow
        self.price = price
        self.filterText = filterText
        self.groupByCuisine = groupByCuisine
        self.fields = fields
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
        if sort.needsRating || minRating != nil { needed.formUnion([.rating, .ratingCount]) }
        if openNow { needed.insert(.openNow) }
        if price != nil { needed.insert(.priceLevel) }
        if center != nil || route != nil || sort == .distance { needed.formUnion([.latitude, .longitude]) }
        // Names and ids are needed to print anything and to match favorites and --filter.
        needed.formUnion([.id, .name])
        if groupByCuisine { needed.formUnion([.cuisines, .categories]) }
        return needed
    }

    /// What each provider of a merged search is asked: the same search, fetching every field
    /// the output and the flags need plus the categories the matching compares (Pro at
    /// Google and free at Foursquare, like the names a search always fetches), with the
    /// value filters left to the pipeline after the merge, and at least `defaultLimit` places
    /// wanted: the limit applies to the merged records, and a provider asked for only its own
    /// N nearest would miss its view of a place the first provider ranks among the N (still
    /// one request at each provider: 20 is within every provider's first page).
    package var forEachMergedProvider: SearchRequest {
        var each = self
        each.fields = FieldSelection(neededFields.union([.categories]))
        each.filtersAtProvider = false
        each.limit = max(limit, Self.defaultLimit)
        return each
    }

    /// Fields shown only because a flag needs them: the table may show them, JSON does not.
    package var flagOnlyFields: [VenueField] {
        var extra: [VenueField] = []
        if sort.needsRating || minRating != nil { extra.append(.rating) }
        if price != nil { extra.append(.priceLevel) }
        if openNow { extra.append(.openNow) }
        return extra.filter { !fields.fields.contains($0) }
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
            if radiusMeters != nil {
                throw PlacesError.invalidRequest(.center, message: wording(.radiusNeedsCenter))
            }
        }
        if let r = radiusMeters, !(r.isFinite && r > 0) {
            throw PlacesError.invalidRequest(.radius, message: wording(.radiusNotPositive))
        }
        if limit < 1 { throw PlacesError.invalidRequest(.limit, message: wording(.limitBelowOne)) }
        if let m = minRating, !(0...5).contains(m) {
            throw PlacesError.invalidRequest(.minRating, message: wording(.minRatingOutOfRange(m)))
        }
    }
}
