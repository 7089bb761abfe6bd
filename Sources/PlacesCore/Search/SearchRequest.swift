/// One `nearby` or `search`, in provider-neutral terms: what every provider turns
/// into its own requests, and what the pipeline applies client-side.
public struct SearchRequest: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Places around a centre, by type.
        case nearby
        /// Free text (`places search QUERY`), optionally around a centre.
        case text(String)
    }

    public var kind: Kind
    /// The search centre; `nil` only for a text search without LOCATION.
    public var center: Coordinate?
    /// Metres. For `nearby` always set (default 1000). For `search`, a hard limit when set.
    public var radiusMeters: Double?
    public var types: [PlaceCategory]
    public var sort: SortOrder
    public var limit: Int
    public var minRating: Double?
    public var openNow: Bool
    public var price: PriceRange?
    /// `--filter`: client-side, case- and accent-insensitive.
    public var filterText: String?
    public var groupByCuisine: Bool
    public var fields: FieldSelection
    /// `--favorites-only`: only these places can be printed. A source that can select by id
    /// may use it; none may take a shortcut (like "the N nearest") that ignores it.
    public var onlyIDs: Set<PlaceID>?
    /// Whether the caller will say how many places matched when `limit` cut the answer (a
    /// source that can count cheaply then does; see `OverpassFileProvider.answer`).
    public var wantsTotalCount = false

    public static let defaultNearbyRadius = 1000.0
    public static let defaultLimit = 20

    public init(kind: Kind, center: Coordinate?, radiusMeters: Double?, types: [PlaceCategory] = [],
                sort: SortOrder? = nil, limit: Int = SearchRequest.defaultLimit, minRating: Double? = nil,
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

    public var query: String? {
        if case .text(let q) = kind { return q }
        return nil
    }

    /// Every field a provider must fetch: the printed ones plus those a flag needs
    /// (`--sort rating|best`, `--min-rating`, `--open-now`, `--price`). This is what
    /// decides Google's field mask and Foursquare's `fields`, so cost follows the question.
    public var neededFields: Set<VenueField> {
        var needed = Set(fields.fields)
        if sort.needsRating || minRating != nil { needed.formUnion([.rating, .ratingCount]) }
        if openNow { needed.insert(.openNow) }
        if price != nil { needed.insert(.priceLevel) }
        if center != nil || sort == .distance { needed.formUnion([.latitude, .longitude]) }
        // Names and ids are needed to print anything and to match favorites and --filter.
        needed.formUnion([.id, .name])
        if groupByCuisine { needed.formUnion([.cuisines, .categories]) }
        return needed
    }

    /// Fields shown only because a flag needs them: the table may show them, JSON does not.
    public var flagOnlyFields: [VenueField] {
        var extra: [VenueField] = []
        if sort.needsRating || minRating != nil { extra.append(.rating) }
        if price != nil { extra.append(.priceLevel) }
        if openNow { extra.append(.openNow) }
        return extra.filter { !fields.fields.contains($0) }
    }

    /// Checks the combinations the contract refuses; call before any request is made.
    public func validate() throws {
        if center == nil {
            if sort == .distance || sort == .best {
                throw PlacesError.usage("--sort \(sort.rawValue) needs a location: give --at LAT,LON or --near NAME")
            }
            if radiusMeters != nil {
                throw PlacesError.usage("--radius needs a location: give --at LAT,LON or --near NAME")
            }
        }
        if let r = radiusMeters, !(r.isFinite && r > 0) {
            throw PlacesError.usage("--radius must be a positive number of metres")
        }
        if limit < 1 { throw PlacesError.usage("--limit must be at least 1") }
        if let m = minRating, !(0...5).contains(m) {
            throw PlacesError.usage("--min-rating \(m) is out of range: ratings go from 0 to 5")
        }
    }
}
