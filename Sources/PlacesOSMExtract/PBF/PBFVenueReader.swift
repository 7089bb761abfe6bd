import Foundation
import PlacesModel

/// Makes the venues of kept places: from the venue records beside the index when it has
/// them (`PBFVenueRecordFile`), else from the blocks that hold them: an index entry (or a
/// place kept by a scan) names its element's block by the block's offset, and its type
/// and id; the block is read again and the element found in it. Places of one block are
/// read with one inflate. An element that is not where its entry says, or not as it says
/// (a node elsewhere, a way with a position of its own), is an error: the file changed.
final class PBFVenueReader: @unchecked Sendable {
    private let readers: [PBFBlockReader]
    private let records: PBFVenueRecordFile?
    private let lock = NSLock()

    /// `records`: the index's records file, read first (a place found there needs no block).
    init(file: UnsafeRawBufferPointer, records: PBFVenueRecordFile? = nil) {
        self.records = records
        // Each element read is checked against its entry (type, id, position): the blobs'
        // sums need not be computed again after the first reading.
        readers = [PBFBlockReader(file: file, checksum: false), PBFBlockReader(file: file, checksum: false)]
    }

    /// Blocks inflated on two threads from this many (fewer are quicker on one).
    static let parallelBlocks = 4

    /// The venue of each place, in order.
    func venues(for places: [RankedPlace]) throws(PBFError) -> [Venue] {
        lock.lock()
        defer { lock.unlock() }
        var fromRecords = [Venue?](repeating: nil, count: places.count)
        if let records {
            for (index, place) in places.enumerated() {
                guard let kind = ScannedElement.Kind(rawValue: place.kind), let record = records.record(kind: kind, id: place.id) else {
                    continue
                }
                fromRecords[index] =
                    PBFVenueRecords.withElement(
                        record: record, kind: kind, id: place.id,
                        position: (place.latitude, place.longitude)
                    ) { Self.venue(of: $0, as: place) } ?? nil
            }
        }
        let byBlock = Dictionary(grouping: places.indices.filter { fromRecords[$0] == nil }, by: { places[$0].offset })
        // Every other block to each thread: node blocks (first in the file) cost less than
        // way blocks, and halves in file order would give one thread all the ways.
        let sorted = byBlock.keys.sorted()
        let offsets =
            sorted.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            + sorted.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        // Each thread fills its own array; the blocks, and so the places, are disjoint.
        var found = [[Venue?]](repeating: [Venue?](repeating: nil, count: places.count), count: 2)
        let split =
            offsets.count >= Self.parallelBlocks && ProcessInfo.processInfo.activeProcessorCount > 1
            ? (offsets.count + 1) / 2 : offsets.count
        try found.withUnsafeMutableBufferPointer { halves throws(PBFError) in
            try PBFTwoThreads.run(count: offsets.count, split: split) { thread, index throws(PBFError) in
                let offset = offsets[index]
                var wanted: [OSMElementKey: [Int]] = [:]
                for place in byBlock[offset] ?? [] { wanted[places[place].element, default: []].append(place) }
                try read(block: offset, with: readers[thread], places: places, wanted: wanted, into: &halves[thread])
            }
        }
        var venues: [Venue] = []
        venues.reserveCapacity(places.count)
        for index in places.indices {
            guard let venue = fromRecords[index] ?? found[0][index] ?? found[1][index] else { throw mismatch(places[index]) }
            venues.append(venue)
        }
        return venues
    }

    /// The venue of one place (for a test that needs it while places are judged).
    func venue(for place: RankedPlace) throws(PBFError) -> Venue {
        guard let venue = try venues(for: [place]).first else { throw mismatch(place) }
        return venue
    }

    private func read(
        block offset: UInt64, with reader: PBFBlockReader, places: [RankedPlace], wanted: [OSMElementKey: [Int]],
        into venues: inout [Venue?]
    ) throws(PBFError) {
        guard offset < UInt64(reader.file.count) else { throw .damaged("no block starts at byte \(offset)") }
        let kinds = Set(wanted.keys.map(\.kind))
        // A block holds thousands of elements: only the wanted ids are decoded, and the walk
        // stops once all of them were found. Ways and relations need nothing after them in
        // their block, so their block is inflated only as far as they lie.
        var want = PBFGroupDecoder.Wanted(
            nodes: kinds.contains(ScannedElement.Kind.node.rawValue),
            ways: kinds.contains(ScannedElement.Kind.way.rawValue),
            relations: kinds.contains(ScannedElement.Kind.relation.rawValue), nodeTags: true,
            onlyIDs: Array(Set(wanted.keys.map(\.id))))
        var found = Set<OSMElementKey>()
        func visit(from: Int) throws(PBFError) -> Bool {
            want.from = from
            try reader.forEachElement(want) { element throws(PBFError) in
                let key = OSMElementKey(kind: element.kind.rawValue, id: element.id)
                guard let indices = wanted[key], !found.contains(key) else { return true }
                for index in indices where venues[index] == nil {
                    let place = places[index]
                    venues[index] = try reader.withScanned(element) { Self.venue(of: $0, as: place) }
                    if venues[index] != nil { found.insert(key) }
                }
                return found.count < wanted.count
            }
            return found.count == wanted.count
        }
        if reader.loaded == Int(offset) && reader.loadedWhole {
            _ = try visit(from: 0)
            return
        }
        let block = try PBFFileBlock.read(at: Int(offset), in: reader.file)
        guard block.kind == .data else { throw .damaged("no data block starts at byte \(offset)") }
        if want.nodes {
            try reader.load(block)
            _ = try visit(from: 0)
        } else {
            try reader.loadProgressively(block, visit)
        }
    }

    /// The venue of `element` if it is the place as kept: a node where it was, a way or
    /// relation (placed from its members) with no position of its own.
    private static func venue(of element: borrowing ScannedElement, as place: RankedPlace) -> Venue? {
        if place.derived {
            guard element.kind != .node, element.isNamedPlace else { return nil }
            return element.venue(placedAt: (place.latitude, place.longitude))
        }
        guard let p = element.position, p.lat == place.latitude, p.lon == place.longitude else { return nil }
        return element.venue()
    }

    private func mismatch(_ place: RankedPlace) -> PBFError {
        let kind = ScannedElement.Kind(rawValue: place.kind)?.elementType?.rawValue ?? "element"
        return .damaged("the block at byte \(place.offset) does not hold \(kind) \(place.id) as it did when it was read")
    }
}
