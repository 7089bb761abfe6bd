#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Places the ways and relations that are places from their members, after the first
/// reading found them: a way at the centre of the box of its nodes' locations, a relation
/// at the centre of the box of its member nodes and member ways (nested relations passed
/// over), as Overpass places them for `out center` and `OverpassMemberPlacement` does for
/// JSON. The centre is rounded to the 7 decimals Overpass prints, so a PBF and its
/// Overpass export give the same distances.
///
/// Memory stays bounded by what places need, not by the file: it reads the way blocks
/// again only for relations' member ways that are not places themselves, then the node
/// blocks for the locations of just the nodes those ways and relations name (none at all
/// when every way carries its locations). Blocks whose id range holds none are passed over.
struct PBFMemberPlacement {
    let file: UnsafeRawBufferPointer
    let summaries: [PBFBlockSummary]
    let release: ((Range<Int>) -> Void)?
    let progress: ScanProgress?

    /// The positions of `pending`'s ways and relations, by index; nil where no member has
    /// a location (the place is then counted as one that could not be placed).
    func place(_ pending: PBFPendingPlaces) throws(PBFError) -> (ways: [(lat: Double, lon: Double)?], relations: [(lat: Double, lon: Double)?]) {
        let placeWays = PBFSortedIDs.sortedUnique(pending.ways.map(\.place.id))
        let memberWays = PBFSortedIDs.sortedUnique(pending.memberWays).filter { PBFSortedIDs.index(of: $0, in: placeWays) == nil }
        let members = try readWays(memberWays)
        var wanted: [Int64] = pending.memberNodes
        for way in pending.ways where way.box == nil { wanted += pending.wayRefs[way.refs] }
        for case let way? in members.byWanted where way.box == nil { wanted += members.refs[way.refs] }
        let locations = try readNodes(PBFSortedIDs.sortedUnique(wanted))

        var wayBoxes: [PositionBox] = []
        wayBoxes.reserveCapacity(pending.ways.count)
        for way in pending.ways {
            wayBoxes.append(way.box ?? locations.box(of: pending.wayRefs[way.refs]))
        }
        // Each place way's box by id, for the relations that have it as a member.
        var placeWayBoxes = [PositionBox](repeating: PositionBox(), count: placeWays.count)
        for (index, way) in pending.ways.enumerated() {
            if let at = PBFSortedIDs.index(of: way.place.id, in: placeWays), placeWayBoxes[at].isEmpty { placeWayBoxes[at] = wayBoxes[index] }
        }
        var relationPositions: [(lat: Double, lon: Double)?] = []
        for relation in pending.relations {
            var box = locations.box(of: pending.memberNodes[relation.nodes])
            for id in pending.memberWays[relation.ways] {
                if let at = PBFSortedIDs.index(of: id, in: placeWays) {
                    box.add(placeWayBoxes[at])
                } else if let at = PBFSortedIDs.index(of: id, in: memberWays), let way = members.byWanted[at] {
                    box.add(way.box ?? locations.box(of: members.refs[way.refs]))
                }
            }
            relationPositions.append(Self.overpassCentre(box))
        }
        return (wayBoxes.map(Self.overpassCentre), relationPositions)
    }

    /// The centre of `box` as Overpass prints it: each coordinate to 7 decimals.
    static func overpassCentre(_ box: PositionBox) -> (lat: Double, lon: Double)? {
        guard let centre = box.center else { return nil }
        return (roundedTo7Decimals(centre.lat), roundedTo7Decimals(centre.lon))
    }

    /// `value` printed with `%.7f` and read back: the decimal rounding of the exact binary
    /// value, as printf (and Python's `%` formatting) does it.
    static func roundedTo7Decimals(_ value: Double) -> Double {
        var buffer = [CChar](repeating: 0, count: 48)
        let written = withVaList([value]) { arguments in vsnprintf(&buffer, buffer.count, "%.7f", arguments) }
        guard written > 0, written < buffer.count else { return value }
        return strtod(buffer, nil)
    }

    // MARK: Reading members

    /// A member way found in the way blocks: its node ids (in `refs`) or its own box.
    struct MemberWay {
        var refs: Range<Int>
        var box: PositionBox?
    }

    /// The member ways found, by their index in the wanted ids.
    struct MemberWays {
        var byWanted: [MemberWay?]
        var refs: [Int64] = []
    }

    /// The node ids (or boxes) of the ways `wanted` (sorted), from the way blocks that can
    /// hold them, on two threads.
    private func readWays(_ wanted: [Int64]) throws(PBFError) -> MemberWays {
        var found = MemberWays(byWanted: Array(repeating: nil, count: wanted.count))
        guard !wanted.isEmpty else { return found }
        let blocks = summaries.filter { PBFBlockSummary.holds($0.wayIDs, anyOf: wanted) }.map(\.block)
        final class Share {
            let reader: PBFBlockReader
            var hits: [(index: Int, way: MemberWay)] = []
            var refs: [Int64] = []
            init(_ file: UnsafeRawBufferPointer) { reader = PBFBlockReader(file: file) }
        }
        let shares = [Share(file), Share(file)]
        try PBFTwoThreads.run(count: blocks.count, split: PBFTwoThreads.split(blocks)) { thread, index throws(PBFError) in
            let share = shares[thread], block = blocks[index]
            try share.reader.load(block)
            let tables = share.reader.block
            try share.reader.forEachElement(PBFGroupDecoder.Wanted(nodes: false, ways: true, relations: false, nodeTags: false)) { element throws(PBFError) in
                guard let at = PBFSortedIDs.index(of: element.id, in: wanted) else { return }
                if let box = try tables.locationBox(of: element) {
                    share.hits.append((at, MemberWay(refs: 0..<0, box: box)))
                } else {
                    let start = share.refs.count
                    try tables.forEachRef(of: element) { share.refs.append($0) }
                    share.hits.append((at, MemberWay(refs: start..<share.refs.count, box: nil)))
                }
            }
            done(block)
        }
        for share in shares {
            let base = found.refs.count
            found.refs += share.refs
            for hit in share.hits where found.byWanted[hit.index] == nil {
                var way = hit.way
                way.refs = (way.refs.lowerBound + base)..<(way.refs.upperBound + base)
                found.byWanted[hit.index] = way
            }
        }
        return found
    }

    /// The locations of the nodes `wanted` (sorted, unique), from the node blocks that can
    /// hold them, on two threads. The first location of a node listed twice wins.
    private func readNodes(_ wanted: [Int64]) throws(PBFError) -> NodeLocations {
        var locations = NodeLocations(ids: wanted)
        guard !wanted.isEmpty else { return locations }
        let summaries = self.summaries.filter { PBFBlockSummary.holds($0.nodeIDs, anyOf: wanted) }
        final class Share {
            let reader: PBFBlockReader
            var hits: [(index: Int, lat: Double, lon: Double)] = []
            init(_ file: UnsafeRawBufferPointer) { reader = PBFBlockReader(file: file) }
        }
        let shares = [Share(file), Share(file)]
        let blocks = summaries.map(\.block)
        try PBFTwoThreads.run(count: blocks.count, split: PBFTwoThreads.split(blocks)) { thread, index throws(PBFError) in
            let share = shares[thread], summary = summaries[index]
            try share.reader.load(summary.block)
            // Ids rise through a sorted block: walk the wanted ids along with them.
            var next = PBFSortedIDs.firstIndex(in: wanted, atLeast: summary.nodeIDs?.lowerBound ?? .min)
            var last = Int64.min
            try share.reader.forEachElement(PBFGroupDecoder.Wanted(nodes: true, ways: false, relations: false, nodeTags: false)) { element throws(PBFError) in
                let id = element.id
                if id < last {
                    next = PBFSortedIDs.firstIndex(in: wanted, atLeast: id)
                } else {
                    while next < wanted.count, wanted[next] < id { next += 1 }
                }
                last = id
                if next < wanted.count, wanted[next] == id { share.hits.append((next, element.latitude, element.longitude)) }
            }
            done(summary.block)
        }
        for share in shares {
            for hit in share.hits where locations.latitudes[hit.index].isNaN && locations.longitudes[hit.index].isNaN {
                locations.latitudes[hit.index] = hit.lat
                locations.longitudes[hit.index] = hit.lon
            }
        }
        return locations
    }

    private func done(_ block: PBFFileBlock) {
        release?(block.offset..<block.blob.upperBound)
        progress?.advance(block.blob.upperBound - block.offset)
    }

    /// The locations found for sorted node ids (NaN where none was).
    struct NodeLocations {
        let ids: [Int64]
        var latitudes: [Double]
        var longitudes: [Double]

        init(ids: [Int64]) {
            self.ids = ids
            latitudes = Array(repeating: .nan, count: ids.count)
            longitudes = Array(repeating: .nan, count: ids.count)
        }

        /// The box of the located nodes among `nodes`.
        func box(of nodes: ArraySlice<Int64>) -> PositionBox {
            var box = PositionBox()
            for node in nodes {
                if let at = PBFSortedIDs.index(of: node, in: ids) { box.add(latitude: latitudes[at], longitude: longitudes[at]) }
            }
            return box
        }
    }
}
