/// Where a place stands in an answer (`OverpassSelection.Order`), lowest first: the text
/// match's tier, then the distance from the centre, then the place's offset in the file (so
/// ties keep file order, as the pipeline's stable sort keeps the source's order), then its
/// type and id: the elements of one PBF block share the block's offset, and a block lists
/// them by type and id (an Overpass JSON element has an offset of its own).
struct RankKey: Comparable, Sendable {
    var tier: UInt8
    var meters: Double
    var offset: UInt64
    var element: OSMElementKey
    /// What breaks a tie in `meters` before file order: along a route, the distance from it
    /// (places met at the same point, the nearest first, as the pipeline sorts them).
    var tie: Double = 0

    static func < (a: RankKey, b: RankKey) -> Bool {
        if a.tier != b.tier { return a.tier < b.tier }
        if a.meters != b.meters { return a.meters < b.meters }
        if a.tie != b.tie { return a.tie < b.tie }
        if a.offset != b.offset { return a.offset < b.offset }
        if a.element.kind != b.element.kind { return a.element.kind < b.element.kind }
        return a.element.id < b.element.id
    }
}

/// A place a scan or an index walk kept, with what building its venue afterwards needs: the
/// element's offset, type, id and position (its venue is read again from the file, and must
/// be that element), and whether the position was worked out from its members.
struct RankedPlace: Sendable {
    /// Its rank, which carries the element's offset, type and id.
    var key: RankKey
    var latitude, longitude: Double
    /// The element has no position of its own: it is placed from its member nodes.
    var derived: Bool

    var offset: UInt64 { key.offset }
    var kind: UInt8 { key.element.kind }
    var id: Int64 { key.element.id }
    var element: OSMElementKey { key.element }
}

/// The places an answer can use. With a limit, the best `limit` places by rank, each
/// element once at its best-ranked occurrence (an extract that lists an element twice
/// answers as the pipeline's first-occurrence rule would from every place): a max-heap that
/// knows where each element sits in it, so memory follows the answer. Without a limit,
/// every place offered, in rank order (the pipeline removes repeats). Each scanning thread
/// has its own; `merge` joins them.
struct RankedCollector: Sendable {
    private let limit: Int?
    private var items: [RankedPlace] = []
    /// Heap position of each element kept (with a limit).
    private var positions: [OSMElementKey: Int] = [:]
    /// How many places passed every test, when every one was counted; nil once one could not be.
    private(set) var total: Int?

    init(limit: Int?, counting: Bool) {
        self.limit = limit
        total = counting ? 0 : nil
        if let limit { items.reserveCapacity(min(limit, 4096)) }
    }

    /// The key a newcomer must beat to be kept; nil while there is room.
    var threshold: RankKey? {
        guard let limit, items.count >= limit else { return nil }
        return items[0].key
    }

    /// Whether the places are being counted.
    var isCounting: Bool { total != nil }

    /// Stops counting: a place could not be judged without work counting should not cost.
    mutating func stopCounting() { total = nil }

    /// Adds a place that passed every test.
    mutating func add(_ place: RankedPlace) {
        if let count = total { total = count + 1 }
        keep(place)
    }

    /// Counts a place that passed every test but ranks below the threshold.
    mutating func countOnly() {
        if let count = total { total = count + 1 }
    }

    mutating func merge(_ other: RankedCollector) {
        let combined = total.flatMap { mine in other.total.map { mine + $0 } }
        for place in other.items { keep(place) }
        total = combined
    }

    /// The places kept, best first.
    func ranked() -> [RankedPlace] {
        items.sorted { $0.key < $1.key }
    }

    private mutating func keep(_ place: RankedPlace) {
        guard let limit else {
            items.append(place)
            return
        }
        if let at = positions[place.element] {
            // The element again: keep its better occurrence.
            guard place.key < items[at].key else { return }
            items[at] = place
            siftDown(at)
            return
        }
        if items.count < limit {
            items.append(place)
            positions[place.element] = items.count - 1
            siftUp(items.count - 1)
            return
        }
        guard place.key < items[0].key else { return }
        positions[items[0].element] = nil
        items[0] = place
        positions[place.element] = 0
        siftDown(0)
    }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        items.swapAt(i, j)
        positions[items[i].element] = i
        positions[items[j].element] = j
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[parent].key < items[child].key else { return }
            swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var largest = parent
            if left < items.count, items[largest].key < items[left].key { largest = left }
            if right < items.count, items[largest].key < items[right].key { largest = right }
            guard largest != parent else { return }
            swapAt(parent, largest)
            parent = largest
        }
    }
}
