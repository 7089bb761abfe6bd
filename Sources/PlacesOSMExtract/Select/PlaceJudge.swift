import Foundation
import PlacesGeodesy
import PlacesModel

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
    /// A floor on the distance from the centre, for the distance of the place to beat: what
    /// rules most places of a nearest walk out in a few multiplications, before the bounds'
    /// trigonometry (made again when that distance shrinks).
    private var floor: (meters: Double, floor: GeodesicDistanceFloor)?

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

        var element: OSMElementKey { OSMElementKey(kind: kind, id: id) }
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

    /// A place that passed every test that could be made without its venue, and needs it.
    struct Pending {
        var candidate: Candidate
        var tier: UInt8?
        var meters: Double
        var tie: Double
    }

    /// Offers one place; `record` is its folded text when `readsText`. Returns what is left
    /// to decide when the venue is needed: then build it and call `decide`.
    mutating func offer(_ c: Candidate, record: OSMSearchText.Record?) -> Pending? {
        let s = selection
        if let id = s.elementID, c.kind != ScannedElement.Kind(id.type).rawValue || c.id != id.id { return nil }
        if let bounds = s.bounds, !bounds.contains(latitude: c.latitude, longitude: c.longitude) { return nil }
        var needsVenue = false
        if let wanted = s.categoryMask {
            if c.mask == OSMCategoryMask.unknown {
                needsVenue = true
            } else if c.mask & wanted == 0 {
                return nil
            }
        }
        if let only = s.onlyElements, !only.contains(c.element) { return nil }
        if s.openNow {
            // No `opening_hours`, no openNow: the pipeline would drop it.
            guard c.hasOpeningHours else { return nil }
            needsVenue = true
        }
        // Only `relevance` ranks by the strength of the match.
        var tier: UInt8? = s.text == nil || s.order != .relevance ? 0 : nil
        // Not kept even with the strongest match: the text need not be read (unless counting).
        if !s.ranksByDistance, !collector.isCounting, let threshold = collector.threshold,
            !(RankKey(tier: tier ?? 0, meters: 0, offset: c.offset, element: c.element) < threshold)
        {
            return nil
        }
        if let text = s.text {
            if let record {
                guard text.matches(record) else { return nil }
            } else {
                needsVenue = true
            }
        }
        if let filter = s.nameFilter {
            if let record, let matches = filter.matches(record) {
                guard matches else { return nil }
            } else {
                needsVenue = true
            }
        }
        var counting = collector.isCounting
        if needsVenue && counting {
            collector.stopCounting()
            counting = false
        }
        // Certainly farther than the place to beat, which ranks by distance alone: not kept.
        if !counting, tier == 0, s.ranksByDistance, s.corridor == nil, let center = s.center, let threshold = collector.threshold,
            threshold.tier == 0
        {
            if floor?.meters != threshold.meters {
                floor = (threshold.meters, GeodesicDistanceFloor(center: center, within: threshold.meters))
            }
            if floor?.floor.rulesOut(latitude: c.latitude, longitude: c.longitude) == true { return nil }
        }
        var lower = 0.0, upper = Double.infinity
        if let distances, s.ranksByDistance || s.radius != nil {
            (lower, upper) = distances.bounds(latitude: c.latitude, longitude: c.longitude)
            if let radius = s.radius, lower > radius { return nil }
        }
        // Not kept even at the best it could be: skip the exact work (unless counting).
        if !counting, let threshold = collector.threshold,
            !(RankKey(tier: tier ?? 0, meters: s.ranksByDistance ? lower : 0, offset: c.offset, element: c.element) < threshold)
        {
            return nil
        }
        var meters = 0.0, tie = 0.0
        if let corridor = s.corridor {
            // Cheap first: no piece of the route near enough, or not before the last place
            // kept even at the least along distance and offset it can have.
            guard let lowest = corridor.lowerBounds(latitude: c.latitude, longitude: c.longitude) else { return nil }
            if !counting, s.order != .file, let threshold = collector.threshold {
                let best =
                    s.order == .offset
                    ? RankKey(tier: tier ?? 0, meters: lowest.offset, offset: c.offset, element: c.element)
                    : RankKey(tier: tier ?? 0, meters: lowest.along, offset: c.offset, element: c.element, tie: lowest.offset)
                if !(best < threshold) { return nil }
            }
            guard let found = corridor.locate(Coordinate(uncheckedLatitude: c.latitude, longitude: c.longitude)) else { return nil }
            meters = s.order == .offset ? found.offsetMeters : found.alongMeters
            tie = s.order == .offset ? 0 : found.offsetMeters
        } else if let center = s.center, s.ranksByDistance || (s.radius.map { upper > $0 } ?? false) {
            meters = GeodesicDistance.meters(from: center, to: Coordinate(uncheckedLatitude: c.latitude, longitude: c.longitude))
            if let radius = s.radius, !(meters <= radius) { return nil }
        }
        if !s.ranksByDistance { meters = 0 }
        if tier == nil, let record, let text = s.text { tier = text.tier(record) }
        if needsVenue {
            if let threshold = collector.threshold,
                !(RankKey(tier: tier ?? 0, meters: meters, offset: c.offset, element: c.element, tie: tie) < threshold)
            {
                return nil
            }
            return Pending(candidate: c, tier: tier, meters: meters, tie: tie)
        }
        keep(c, tier: tier ?? 0, meters: meters, tie: tie)
        return nil
    }

    /// Decides a place `offer` left pending, with its venue (nil: it has none).
    mutating func decide(_ pending: Pending, venue: Venue?) {
        let s = selection
        guard let venue, s.accepts(venue, openNow: s.openNow ? hours.openNow(venue) : nil) else { return }
        var tier = pending.tier
        if tier == nil, let text = s.text {
            var bytes: [UInt8] = []
            OSMSearchText.append(name: venue.name, categories: venue.categories, cuisines: venue.cuisines, to: &bytes)
            tier = bytes.withUnsafeBytes { OSMSearchText.Record($0).map(text.tier) } ?? OSMTextQuery.tiers - 1
        }
        keep(pending.candidate, tier: tier ?? 0, meters: pending.meters, tie: pending.tie)
    }

    private mutating func keep(_ c: Candidate, tier: UInt8, meters: Double, tie: Double = 0) {
        let key = RankKey(tier: tier, meters: meters, offset: c.offset, element: c.element, tie: tie)
        if let threshold = collector.threshold, !(key < threshold) {
            collector.countOnly()
            return
        }
        collector.add(RankedPlace(key: key, latitude: c.latitude, longitude: c.longitude, derived: c.derived))
    }

    mutating func merge(_ other: PlaceJudge) {
        collector.merge(other.collector)
    }
}
