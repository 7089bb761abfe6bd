/// One thread's share of a reading of a file's blocks: each block inflated and walked once;
/// the nodes that are places handed to `take` (judged and indexed at once), the ways and
/// relations that are places kept with their members for placing later, each block's id
/// ranges noted. Given the ids of nodes and ways wanted (sorted), it also keeps those nodes'
/// locations and those ways' node ids (or boxes) as it passes them, each once however often
/// the file repeats it. What it keeps is counted against the reading's `PBFMemoryBudget`.
final class PBFFirstReading {
    let reader: PBFBlockReader
    private let wantedNodes: [Int64]
    private let wantedWays: [Int64]
    /// Where the venue records of the nodes that are places go, when an index is written.
    private let records: PBFVenueRecordsBuilder.Part?
    private(set) var pending = PBFPendingPlaces()
    private(set) var summaries: [PBFBlockSummary] = []
    /// Places seen (nodes handed over, ways and relations kept).
    private(set) var placeCount = 0
    /// Which kinds of element the blocks read held.
    private(set) var sawNodes = false, sawWays = false, sawRelations = false
    /// The wanted nodes found: their index in `wantedNodes` and location.
    private(set) var nodeHits: [(index: Int, lat: Double, lon: Double)] = []
    /// The wanted ways found: their index in `wantedWays`, node ids (in `wayRefs`) or box.
    private(set) var wayHits: [(index: Int, way: PBFMemberPlacement.MemberWay)] = []
    private(set) var wayRefs: [Int64] = []
    /// Which wanted nodes and ways were found already (a file may repeat an id: the first wins).
    private var nodesFound: PBFFoundSet
    private var waysFound: PBFFoundSet
    private var meter: PBFMemoryBudget.Meter

    init(
        file: UnsafeRawBufferPointer, wantedNodes: [Int64] = [], wantedWays: [Int64] = [], records: PBFVenueRecordsBuilder.Part? = nil,
        budget: PBFMemoryBudget? = nil
    ) {
        reader = PBFBlockReader(file: file)
        self.records = records
        self.wantedNodes = wantedNodes
        self.wantedWays = wantedWays
        nodesFound = PBFFoundSet(count: wantedNodes.count)
        waysFound = PBFFoundSet(count: wantedWays.count)
        meter = PBFMemoryBudget.Meter(budget)
    }

    /// Hands over the ways and relations kept, keeping none: the caller's copy is then the
    /// only one, so appending to it does not copy it first.
    func takePending() -> PBFPendingPlaces {
        defer { pending = PBFPendingPlaces() }
        return pending
    }

    /// Reads a block for its places (and the wanted nodes and ways).
    func read(_ block: PBFFileBlock, take: (borrowing ScannedElement) -> Void) throws(PBFError) {
        try read(block, places: true, take: take)
    }

    /// Reads a block for the wanted nodes and ways alone.
    func read(_ block: PBFFileBlock, locationsOnly: Bool) throws(PBFError) {
        try read(block, places: !locationsOnly) { _ in }
    }

    private func read(_ block: PBFFileBlock, places: Bool, take: (borrowing ScannedElement) -> Void) throws(PBFError) {
        try reader.load(block)
        var nodeIDs: ClosedRange<Int64>?, wayIDs: ClosedRange<Int64>?
        let tables = reader.block
        // Ids rise through a sorted block: the wanted ids are walked along with them.
        var nextWanted = 0, lastNode = Int64.min
        let wanted =
            places
            ? PBFGroupDecoder.Wanted()
            : PBFGroupDecoder.Wanted(nodes: !wantedNodes.isEmpty, ways: !wantedWays.isEmpty, relations: false, nodeTags: false)
        try reader.forEachElement(wanted) { element throws(PBFError) in
            switch element.kind {
            case .node:
                sawNodes = true
                nodeIDs = Self.widen(nodeIDs, element.id)
                if !wantedNodes.isEmpty { try capture(element, next: &nextWanted, last: &lastNode) }
                guard places, !element.tags.isEmpty, try tables.tagsMakePlace(element.tags) else { return true }
                placeCount += 1
                try meter.keep(try reader.withScanned(element) { PBFMemoryBudget.bytes(of: $0) })
                try reader.withScanned(element) { node in
                    records?.add(node)
                    take(node)
                }
            case .way:
                sawWays = true
                wayIDs = Self.widen(wayIDs, element.id)
                if !wantedWays.isEmpty, let at = PBFSortedIDs.index(of: element.id, in: wantedWays), waysFound.insert(at) {
                    wayHits.append((at, try memberWay(element, refs: &wayRefs)))
                    try meter.keep(MemoryLayout<(Int, PBFMemberPlacement.MemberWay)>.stride)
                }
                guard places, !element.tags.isEmpty, try tables.tagsMakePlace(element.tags), let place = try detach(element) else {
                    return true
                }
                let way = try memberWay(element, refs: &pending.wayRefs)
                pending.ways.append(.init(place: place, refs: way.refs, box: way.box))
            case .relation:
                sawRelations = true
                guard places, !element.tags.isEmpty, try tables.tagsMakePlace(element.tags), let place = try detach(element) else {
                    return true
                }
                try meter.keepIDs(PBFPrimitiveBlock.varintCount(in: element.memberIDs, base: tables.base))
                let nodeStart = pending.memberNodes.count, wayStart = pending.memberWays.count
                try tables.forEachMember(of: element) { isWay, id in
                    if isWay { pending.memberWays.append(id) } else { pending.memberNodes.append(id) }
                }
                pending.relations.append(
                    .init(
                        place: place, nodes: nodeStart..<pending.memberNodes.count,
                        ways: wayStart..<pending.memberWays.count))
            case .other:
                break
            }
            return true
        }
        summaries.append(PBFBlockSummary(block: block, nodeIDs: nodeIDs, wayIDs: wayIDs))
    }

    @inline(__always)
    private func capture(_ element: PBFElement, next: inout Int, last: inout Int64) throws(PBFError) {
        let id = element.id
        if id < last || last == .min {
            next = PBFSortedIDs.firstIndex(in: wantedNodes, atLeast: id)
        } else {
            while next < wantedNodes.count, wantedNodes[next] < id { next += 1 }
        }
        last = id
        if next < wantedNodes.count, wantedNodes[next] == id, nodesFound.insert(next) {
            nodeHits.append((next, element.latitude, element.longitude))
            try meter.keep(MemoryLayout<(Int, Double, Double)>.stride)
        }
    }

    /// A way's own box (`LocationsOnWays`), else its node ids appended to `refs`.
    private func memberWay(_ element: PBFElement, refs: inout [Int64]) throws(PBFError) -> PBFMemberPlacement.MemberWay {
        if let box = try reader.block.locationBox(of: element) { return .init(refs: 0..<0, box: box) }
        try meter.keepIDs(PBFPrimitiveBlock.varintCount(in: element.refs, base: reader.block.base))
        let start = refs.count
        try reader.block.forEachRef(of: element) { refs.append($0) }
        return .init(refs: start..<refs.count, box: nil)
    }

    /// The element's venue tags, copied; nil when its name is blank (not a place after all),
    /// or its id below 1 (counted as dropped).
    private func detach(_ element: PBFElement) throws(PBFError) -> PBFDetachedPlace? {
        let (named, dropped) = try reader.withScanned(element) { scanned in
            (scanned.isNamedPlace ? PBFMemoryBudget.bytes(of: scanned) : nil, scanned.isDroppedPlace)
        }
        if dropped { pending.droppedCount += 1 }
        guard let kept = named else { return nil }
        try meter.keep(kept)
        placeCount += 1
        return try reader.withScanned(element) { PBFDetachedPlace($0) }
    }

    @inline(__always)
    private static func widen(_ range: ClosedRange<Int64>?, _ id: Int64) -> ClosedRange<Int64> {
        guard let range else { return id...id }
        return min(range.lowerBound, id)...max(range.upperBound, id)
    }
}
