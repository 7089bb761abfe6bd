import Foundation

/// Judges places one at a time against a selection, as a scan reads them or an index walk
/// reaches them, and keeps those the answer can use (`RankedCollector`). The cheap tests come
/// first (box, category bits, favorites, the folded text, bounds on the distance); the exact
/// distance is computed only for a place that could still be kept; the venue is built only
/// when a test needs it (opening hours, a category mask or a text the bytes cannot decide).
struct PlaceJudge {
    let selection: OverpassSelection
    private let distances: GeodesicDistanceBounds?
    private var hours: OSMOpenNow
    private(set) var collector: RankedCollector

    /// What is known of a place before its venue is built.
    struct Candidate {
        var kind: UInt8
        var id: Int64
        var latitude: Double
        var longitude: Double
        /// `OSMCategoryMask` bits (`OSMCategoryMask.unknown` when they cannot be told).
        var mask: UInt64
        /// Whether the element has an `opening_hours` tag.
        var hasOpeningHours: Bool
        var offset: UInt64
        /// Placed from its members (it has no position of its own).
        var derived: Bool
    }

    init(_ selection: OverpassSelection, now: Date) {
        self.selection = selection
        distances = selection.center.map(GeodesicDistanceBounds.init(center:))
        hours = OSMOpenNow(now: now)
        collector = RankedCollector(limit: selection.limit, counting: selection.wantsTotal)
    }

    /// Whether the judge reads places' folded texts (`OSMSearchText`).
    var readsText: Bool { selection.text != nil || selection.nameFilter != nil }

    /// The least distance a place must have to be kept, once enough are kept: lets an index
    /// walk stop. Nil while any place could still be kept.
    var distanceToBeat: Double? {
        guard !collector.isCounting, let threshold = collector.threshold, threshold.tier == 0 else { return nil }
        return selection.ranksByDistance ? threshold.meters : 0
    }

    /// Offers one place; `record` is its folded text when `readsText`, `venue` builds its venue.
    mutating func offer(_ c: Candidate, record: OSMSearchText.Record?, venue makeVenue: () -> Venue?) {
        let s = selection
        if let id = s.elementID, c.kind != ScannedElement.Kind(id.type).rawValue || c.id != id.id { return }
        if let bounds = s.bounds, !bounds.contains(latitude: c.latitude, longitude: c.longitude) { return }
        var needsVenue = false
        if let wanted = s.categoryMask {
            if c.mask == OSMCategoryMask.unknown {
                needsVenue = true
            } else if c.mask & wanted == 0 {
                return
            }
        }
        if let only = s.onlyElements, !only.contains(OSMElementKey(kind: c.kind, id: c.id)) { return }
        if s.openNow {
            // No `opening_hours`, no openNow: the pipeline would drop it.
            guard c.hasOpeningHours else { return }
            needsVenue = true
        }
        // Only `relevance` ranks by the strength of the match.
        var tier: UInt8? = s.text == nil || s.order != .relevance ? 0 : nil
        if let text = s.text {
            if let record {
                guard text.matches(record) else { return }
            } else {
                needsVenue = true
            }
        }
        if let filter = s.nameFilter {
            if let record, let matches = filter.matches(record) {
                guard matches else { return }
            } else {
                needsVenue = true
            }
        }
        var counting = collector.isCounting
        if needsVenue && counting {
            collector.stopCounting()
            counting = false
        }
        var lower = 0.0, upper = Double.infinity
        if let distances, s.ranksByDistance || s.radius != nil {
            (lower, upper) = distances.bounds(latitude: c.latitude, longitude: c.longitude)
            if let radius = s.radius, lower > radius { return }
        }
        // Not kept even at the best it could be: skip the exact work (unless counting).
        if !counting, let threshold = collector.threshold,
           !(RankKey(tier: tier ?? 0, meters: s.ranksByDistance ? lower : 0, offset: c.offset) < threshold) { return }
        var meters = 0.0
        if let center = s.center, s.ranksByDistance || (s.radius.map { upper > $0 } ?? false) {
            meters = GeodesicDistance.meters(from: center, to: Coordinate(uncheckedLatitude: c.latitude, longitude: c.longitude))
            if let radius = s.radius, !(meters <= radius) { return }
        }
        if !s.ranksByDistance { meters = 0 }
        if tier == nil, let record, let text = s.text { tier = text.tier(record) }
        if needsVenue {
            if let threshold = collector.threshold, !(RankKey(tier: tier ?? 0, meters: meters, offset: c.offset) < threshold) { return }
            guard let venue = makeVenue() else { return }
            guard s.accepts(venue, openNow: s.openNow ? hours.openNow(venue) : nil) else { return }
            if tier == nil, let text = s.text {
                var bytes: [UInt8] = []
                OSMSearchText.append(name: venue.name, categories: venue.categories, cuisines: venue.cuisines, to: &bytes)
                tier = bytes.withUnsafeBytes { OSMSearchText.Record($0).map(text.tier) } ?? OSMTextQuery.tiers - 1
            }
        }
        let key = RankKey(tier: tier ?? 0, meters: meters, offset: c.offset)
        if let threshold = collector.threshold, !(key < threshold) {
            collector.countOnly()
            return
        }
        collector.add(RankedPlace(key: key, kind: c.kind, id: c.id, latitude: c.latitude, longitude: c.longitude, derived: c.derived))
    }

    mutating func merge(_ other: PlaceJudge) {
        collector.merge(other.collector)
    }
}
