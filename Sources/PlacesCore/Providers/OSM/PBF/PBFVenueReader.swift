import Foundation

/// Makes the venues of kept places from the blocks that hold them: an index entry (or a
/// place kept by a scan) names its element's block by the block's offset, and its type
/// and id; the block is read again and the element found in it. Places of one block are
/// read with one inflate. An element that is not where its entry says, or not as it says
/// (a node elsewhere, a way with a position of its own), is an error: the file changed.
final class PBFVenueReader: @unchecked Sendable {
    private let reader: PBFBlockReader
    private let lock = NSLock()

    init(file: UnsafeRawBufferPointer) {
        reader = PBFBlockReader(file: file)
    }

    /// The venue of each place, in order.
    func venues(for places: [RankedPlace]) throws(PBFError) -> [Venue] {
        lock.lock()
        defer { lock.unlock() }
        var venues = [Venue?](repeating: nil, count: places.count)
        let byBlock = Dictionary(grouping: places.indices, by: { places[$0].offset })
        for offset in byBlock.keys.sorted() {
            let indices = byBlock[offset] ?? []
            var wanted: [OSMElementKey: [Int]] = [:]
            for index in indices { wanted[places[index].element, default: []].append(index) }
            try read(block: offset, places: places, wanted: wanted, into: &venues)
        }
        var found: [Venue] = []
        found.reserveCapacity(places.count)
        for (index, venue) in venues.enumerated() {
            guard let venue else { throw mismatch(places[index]) }
            found.append(venue)
        }
        return found
    }

    /// The venue of one place (for a test that needs it while places are judged).
    func venue(for place: RankedPlace) throws(PBFError) -> Venue {
        guard let venue = try venues(for: [place]).first else { throw mismatch(place) }
        return venue
    }

    private func read(block offset: UInt64, places: [RankedPlace], wanted: [OSMElementKey: [Int]], into venues: inout [Venue?]) throws(PBFError) {
        guard offset < UInt64(reader.file.count) else { throw .damaged("no block starts at byte \(offset)") }
        if reader.loaded != Int(offset) {
            let block = try PBFFileBlock.read(at: Int(offset), in: reader.file)
            guard block.kind == .data else { throw .damaged("no data block starts at byte \(offset)") }
            try reader.load(block)
        }
        let kinds = Set(wanted.keys.map(\.kind))
        let want = PBFGroupDecoder.Wanted(nodes: kinds.contains(ScannedElement.Kind.node.rawValue),
                                          ways: kinds.contains(ScannedElement.Kind.way.rawValue),
                                          relations: kinds.contains(ScannedElement.Kind.relation.rawValue), nodeTags: true)
        try reader.forEachElement(want) { element throws(PBFError) in
            guard let indices = wanted[OSMElementKey(kind: element.kind.rawValue, id: element.id)] else { return }
            for index in indices where venues[index] == nil {
                let place = places[index]
                venues[index] = try reader.withScanned(element) { scanned -> Venue? in
                    if place.derived {
                        guard scanned.kind != .node, scanned.isNamedPlace else { return nil }
                        return scanned.venue(placedAt: (place.latitude, place.longitude))
                    }
                    guard let p = scanned.position, p.lat == place.latitude, p.lon == place.longitude else { return nil }
                    return scanned.venue()
                }
            }
        }
    }

    private func mismatch(_ place: RankedPlace) -> PBFError {
        let kind = ScannedElement.Kind(rawValue: place.kind)?.elementType?.rawValue ?? "element"
        return .damaged("the block at byte \(place.offset) does not hold \(kind) \(place.id) as it did when it was read")
    }
}
