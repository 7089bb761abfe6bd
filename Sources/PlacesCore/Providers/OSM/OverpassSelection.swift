/// What a search or a details lookup wants from an extract: cheap tests that let a scan
/// or an index query pass over most elements without building a venue, and the exact
/// test on the venues that remain.
struct OverpassSelection: Sendable {
    /// A box every wanted venue lies in; nil for anywhere.
    var bounds: GeodesicBounds?
    /// The radius the box was drawn for.
    var radius: Double?
    /// `OSMCategoryMask` bits of the wanted types; nil for any type.
    var categoryMask: UInt64?
    /// For details: the one element wanted (the first in file order wins).
    var elementID: OSMElementRef?
    /// The exact test.
    let accepts: @Sendable (Venue) -> Bool
    /// When only the `count` accepted venues nearest `center` can reach the output (a
    /// distance sort with no filter after the provider's), a source that can rank before
    /// building venues may return just those (still in file order).
    var nearest: (center: Coordinate, count: Int)?

    /// Everything the request can select. The box is the circle's when there is a radius;
    /// venues outside the circle would be dropped by the pipeline anyway.
    init(request: SearchRequest) {
        if let center = request.center, let radius = request.radiusMeters {
            bounds = GeodesicBounds(center: center, radius: radius)
            self.radius = radius
        }
        categoryMask = OSMCategoryMask.of(request.types)
        let matcher = OSMSearchMatcher(request)
        if let only = request.onlyIDs {
            accepts = { only.contains($0.id) && matcher.matches($0) }
        } else {
            accepts = { matcher.matches($0) }
        }
        if let center = request.center, request.sort == .distance, request.filterText == nil, !request.groupByCuisine,
           request.minRating == nil, !request.openNow, request.price == nil, request.onlyIDs == nil {
            nearest = (center, request.limit)
        }
    }

    /// The element with this id.
    init(id: PlaceID) {
        elementID = OSMElementRef(rawID: id.rawID)
        accepts = { $0.id == id }
    }

    /// Every venue of the extract.
    static let everything = OverpassSelection(accepting: { _ in true })

    private init(accepting: @escaping @Sendable (Venue) -> Bool) {
        accepts = accepting
    }

    /// Whether a scanned element that makes a venue passes the cheap tests.
    @inline(__always)
    func mayAccept(_ element: borrowing ScannedElement, mask: UInt64) -> Bool {
        if let id = elementID, element.kind != ScannedElement.Kind(id.type) || element.id != id.id { return false }
        if let bounds, let p = element.position, !bounds.contains(latitude: p.lat, longitude: p.lon) { return false }
        if let categoryMask, mask & categoryMask == 0 { return false }
        return true
    }
}
