/// One thread's share of the first reading of a file: each block inflated and walked once;
/// the nodes that are places handed to `take` (judged and indexed at once), the ways and
/// relations that are places kept with their members for placing later, and each block's
/// id ranges noted.
final class PBFFirstReading {
    let reader: PBFBlockReader
    private(set) var pending = PBFPendingPlaces()
    private(set) var summaries: [PBFBlockSummary] = []
    /// Places seen (nodes handed over, ways and relations kept).
    private(set) var placeCount = 0

    init(file: UnsafeRawBufferPointer) {
        reader = PBFBlockReader(file: file)
    }

    func read(_ block: PBFFileBlock, take: (borrowing ScannedElement) -> Void) throws(PBFError) {
        try reader.load(block)
        var nodeIDs: ClosedRange<Int64>?, wayIDs: ClosedRange<Int64>?
        let tables = reader.block
        try reader.forEachElement(PBFGroupDecoder.Wanted()) { element throws(PBFError) in
            switch element.kind {
            case .node:
                nodeIDs = Self.widen(nodeIDs, element.id)
                guard !element.tags.isEmpty, try tables.tagsMakePlace(element.tags) else { return }
                placeCount += 1
                try reader.withScanned(element) { take($0) }
            case .way:
                wayIDs = Self.widen(wayIDs, element.id)
                guard !element.tags.isEmpty, try tables.tagsMakePlace(element.tags), let place = try detach(element) else { return }
                if let box = try tables.locationBox(of: element) {
                    pending.ways.append(.init(place: place, refs: 0..<0, box: box))
                } else {
                    let start = pending.wayRefs.count
                    try tables.forEachRef(of: element) { pending.wayRefs.append($0) }
                    pending.ways.append(.init(place: place, refs: start..<pending.wayRefs.count, box: nil))
                }
            case .relation:
                guard !element.tags.isEmpty, try tables.tagsMakePlace(element.tags), let place = try detach(element) else { return }
                let nodeStart = pending.memberNodes.count, wayStart = pending.memberWays.count
                try tables.forEachMember(of: element) { isWay, id in
                    if isWay { pending.memberWays.append(id) } else { pending.memberNodes.append(id) }
                }
                pending.relations.append(.init(place: place, nodes: nodeStart..<pending.memberNodes.count,
                                               ways: wayStart..<pending.memberWays.count))
            case .other:
                break
            }
        }
        summaries.append(PBFBlockSummary(block: block, nodeIDs: nodeIDs, wayIDs: wayIDs))
    }

    /// The element's venue tags, copied; nil when its name is blank (not a place after all).
    private func detach(_ element: PBFElement) throws(PBFError) -> PBFDetachedPlace? {
        let place = try reader.withScanned(element) { $0.isNamedPlace ? PBFDetachedPlace($0) : nil }
        if place != nil { placeCount += 1 }
        return place
    }

    @inline(__always)
    private static func widen(_ range: ClosedRange<Int64>?, _ id: Int64) -> ClosedRange<Int64> {
        guard let range else { return id...id }
        return min(range.lowerBound, id)...max(range.upperBound, id)
    }
}
