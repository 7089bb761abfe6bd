import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// What a search or a details lookup wants from an extract, worked out once from the request:
/// the cheap tests that let a scan or an index walk pass over most elements without building a
/// venue, the exact ones for the rest, the order the answer comes in, and how much of it.
///
/// With a `limit` the source keeps only the `limit` best places by `RankKey` that pass every
/// test the pipeline would apply after it (so the pipeline, run on them, prints what it would
/// have printed from every place); without one it returns every place that passes the tests
/// it applies, in rank order, and the pipeline does the rest.
struct OverpassSelection: Sendable {
    enum Order: Sendable, Equatable {
        /// File order.
        case file
        /// Nearest the centre first, then file order.
        case distance
        /// Strongest text match first (`OSMTextQuery` tiers), then nearest (with a centre),
        /// then file order.
        case relevance
        /// Along a route: in the order the route meets them, then file order.
        case along
        /// Along a route: nearest the route first, then file order.
        case offset
    }

    /// The centre distances are measured from; nil without one.
    var center: Coordinate?
    /// A box every wanted place lies in; nil for anywhere.
    var bounds: GeodesicBounds?
    /// The exact radius in metres; nil for no limit.
    var radius: Double?
    /// Along a route: only places within the corridor (then `center`, `bounds` and `radius`
    /// are nil, and `along` or `offset` order ranks by that measure).
    var corridor: RouteCorridor?
    /// `OSMCategoryMask` bits of the wanted types; nil for any type.
    var categoryMask: UInt64?
    /// The exact type and text test, on a venue.
    var matcher = OSMSearchMatcher(types: [], query: nil)
    /// For details: the one element wanted (the first in file order wins).
    var elementID: OSMElementRef?
    /// `search` text; nil for `nearby`.
    var text: OSMTextQuery?
    /// `--filter` on the name.
    var nameFilter: OSMNameFilter?
    /// `--favorites-only`: only these elements.
    var onlyElements: Set<OSMElementKey>?
    /// `--open-now`: the place's opening hours, evaluated at `now`, say it is open.
    var openNow = false
    var order = Order.file
    /// How many places the answer can use; nil for all of them.
    var limit: Int?
    /// Whether the number of places that pass (beyond `limit`) is wanted, when it is cheap.
    var wantsTotal = false

    /// Everything the request can select.
    init(request: SearchRequest) {
        if let center = request.center {
            self.center = center
            if let radius = request.radiusMeters {
                bounds = GeodesicBounds(center: center, radius: radius)
                self.radius = radius
            }
        }
        categoryMask = OSMCategoryMask.of(request.types)
        matcher = OSMSearchMatcher(request)
        text = request.query.map(OSMTextQuery.init)
        onlyElements = request.onlyIDs.map { Set($0.compactMap(OSMElementKey.init)) }
        if let route = request.route {
            corridor = route.corridor
            switch request.sort {
            case .along: order = .along
            case .detour: order = .offset
            default: order = .file
            }
        } else {
            order = Self.order(of: request)
        }
        wantsTotal = request.wantsTotalCount && corridor == nil
        if request.groupByCuisine {
            // Grouping counts what it leaves out, of every place: nothing can be cut here.
            return
        }
        // Along a route in another order than the route's: every place in the corridor.
        if corridor != nil && order == .file { return }

        if !request.filtersAtProvider {
            // A merged search judges the merged records (a field may come from another
            // provider): the value and name filters are the pipeline's, and a cut here could
            // drop a place they would let through, so only a search without them is cut.
            let filtered = request.minRating != nil || request.price != nil || request.openNow || request.filterText != nil
            limit = filtered ? nil : request.limit
            if filtered { wantsTotal = false }
            return
        }
        if request.minRating != nil || request.price != nil {
            // No OpenStreetMap place has a rating or a price, so the pipeline keeps nothing;
            // it says why when something passed the tests before those filters. One such
            // place is all it needs to see.
            limit = 1
            wantsTotal = false
            return
        }
        openNow = request.openNow
        nameFilter = request.filterText.map(OSMNameFilter.init)
        limit = request.limit
    }

    /// How places are ranked for a request without a route.
    private static func order(of request: SearchRequest) -> Order {
        switch request.sort {
        case .distance, .rating, .best:
            // OpenStreetMap has no ratings: the pipeline's rating and best orders fall back to
            // its distance order, and to the source's order without a centre.
            return request.center == nil ? .file : .distance
        case .relevance, .popularity:
            return .relevance
        case .along, .detour:
            // Refused without a route (`SearchRequest.validate`).
            return .file
        }
    }

    /// The element with this id.
    init(id: PlaceID) {
        elementID = OSMElementRef(rawID: id.rawID)
        limit = 1
    }

    /// Every place of the extract, in file order.
    static let everything = OverpassSelection()

    private init() {}

    /// Whether the order needs each place's distance (from the centre, or along or off the route).
    var ranksByDistance: Bool { (center != nil || corridor != nil) && order != .file }

    /// The tests on a venue: every test above, exactly, and the radius.
    func accepts(_ venue: Venue, openNow isOpen: Bool?) -> Bool {
        if let id = elementID, venue.id.rawID != id.rawID { return false }
        if !matcher.matches(venue) { return false }
        if let onlyElements, !(OSMElementKey(venue.id).map(onlyElements.contains) ?? false) { return false }
        if let center, let radius, !(GeodesicDistance.meters(from: center, to: venue.coordinate) <= radius) { return false }
        if let corridor, corridor.locate(venue.coordinate) == nil { return false }
        if openNow, isOpen != true { return false }
        if let nameFilter, !TextFolding.contains(venue.name, nameFilter.filter) { return false }
        return true
    }
}

/// An element's type and id, cheap to hash: how favorites are looked up during a scan.
struct OSMElementKey: Hashable, Sendable {
    let kind: UInt8
    let id: Int64

    init(kind: UInt8, id: Int64) {
        self.kind = kind
        self.id = id
    }

    init?(_ placeID: PlaceID) {
        guard placeID.provider == .osm, let ref = OSMElementRef(rawID: placeID.rawID) else { return nil }
        self.init(kind: ScannedElement.Kind(ref.type).rawValue, id: ref.id)
    }
}
