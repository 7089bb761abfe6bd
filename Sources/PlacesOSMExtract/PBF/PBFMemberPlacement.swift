#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Places the ways and relations that are places from their members: a way at the centre
/// of the box of its nodes' locations, a relation at the centre of the box of its member
/// nodes and member ways (nested relations passed over), as Overpass places them for `out
/// center` and `OverpassMemberPlacement` does for JSON. The centre is rounded to the 7
/// decimals Overpass prints, so a PBF and its Overpass export give the same distances.
///
/// Memory stays bounded by what places need, not by the file: only the locations of the
/// nodes those ways and relations name are kept (none at all when every way carries its
/// locations). A file sorted by type has them gathered as its nodes are read, once
/// (`PBFExtractScan`); for any other, `place` reads again the way blocks that hold
/// relations' member ways, then the node blocks that hold wanted nodes (blocks whose id
/// range holds none are passed over).
struct PBFMemberPlacement {
    let file: UnsafeRawBufferPointer
    let summaries: [PBFBlockSummary]
    let release: ((Range<Int>) -> Void)?
    let progress: ScanProgress?
    /// What the readings again may keep (the first reading's budget, shared).
    let budget: PBFMemoryBudget?

    /// Each pending way's and relation's position, by index; nil where no member has a
    /// location (the place is then counted as one that could not be placed).
    struct Positions {
        var ways: [(lat: Double, lon: Double)?]
        var relations: [(lat: Double, lon: Double)?]
    }

    /// Places `pending`, reading the blocks it needs again.
    func place(_ pending: PBFPendingPlaces) throws(PBFError) -> Positions {
        let placeWays = PBFSortedIDs.sortedUnique(pending.ways.map(\.place.id))
        let memberWays = PBFSortedIDs.sortedUnique(pending.memberWays).filter { PBFSortedIDs.index(of: $0, in: placeWays) == nil }
        let members = try readWays(memberWays)
        let locations = try readNodes(Self.wantedNodes(pending, members: members))
        return Self.positions(pending, memberWays: memberWays, members: members, locations: locations)
    }

    /// The ids of the nodes placing `pending` needs (sorted, unique): its ways' nodes, its
    /// relations' member nodes, and the nodes of their member ways.
    static func wantedNodes(_ pending: PBFPendingPlaces, members: MemberWays) -> [Int64] {
        // One array of the exact size, sorted where it lies: the ids are the most a reading
        // keeps, and a copy more of them would double it.
        var count = pending.memberNodes.count
        for way in pending.ways where way.box == nil { count += way.refs.count }
        for case let way? in members.byWanted where way.box == nil { count += way.refs.count }
        var wanted: [Int64] = []
        wanted.reserveCapacity(count)
        wanted += pending.memberNodes
        for way in pending.ways where way.box == nil { wanted += pending.wayRefs[way.refs] }
        for case let way? in members.byWanted where way.box == nil { wanted += members.refs[way.refs] }
        return PBFSortedIDs.sortedUnique(wanted)
    }

    /// The positions, from the nodes' locations and the member ways found (`members`, by
    /// their index in `memberWays`; a place way is placed from its own nodes).
    static func positions(_ pending: PBFPendingPlaces, memberWays: [Int64], members: MemberWays, locations: NodeLocations) -> Positions {
        var wayBoxes: [PositionBox] = []
        wayBoxes.reserveCapacity(pending.ways.count)
        for way in pending.ways {
            wayBoxes.append(way.box ?? locations.box(of: pending.wayRefs[way.refs]))
        }
        // Each place way's box by id, for the relations that have it as a member.
        let placeWays = PBFSortedIDs.sortedUnique(pending.ways.map(\.place.id))
        var placeWayBoxes = [PositionBox?](repeating: nil, count: placeWays.count)
        for (index, way) in pending.ways.enumerated() {
            if let at = PBFSortedIDs.index(of: way.place.id, in: placeWays), placeWayBoxes[at] == nil {
                placeWayBoxes[at] = wayBoxes[index]
            }
        }
        var relations: [(lat: Double, lon: Double)?] = []
        relations.reserveCapacity(pending.relations.count)
        for relation in pending.relations {
            var box = locations.box(of: pending.memberNodes[relation.nodes])
            for id in pending.memberWays[relation.ways] {
                if let at = PBFSortedIDs.index(of: id, in: placeWays), let wayBox = placeWayBoxes[at] {
                    box.add(wayBox)
                } else if let at = PBFSortedIDs.index(of: id, in: memberWays), let way = members.byWanted[at] {
                    box.add(way.box ?? locations.box(of: members.refs[way.refs]))
                }
            }
            relations.append(overpassCentre(box))
        }
        return Positions(ways: wayBoxes.map(overpassCentre), relations: relations)
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

    // MARK: Members

    /// A member way as read: its node ids (in its reading's refs) or its own box.
    struct MemberWay {
        var refs: Range<Int>
        var box: PositionBox?
    }

    /// The member ways found, by their index in the wanted ids.
    struct MemberWays {
        var byWanted: [MemberWay?]
        var refs: [Int64] = []

        /// Gathers what readings found (`hits` with their `refs`), the first of a way listed twice winning.
        init(count: Int, readings: [(hits: [(index: Int, way: MemberWay)], refs: [Int64])]) {
            byWanted = Array(repeating: nil, count: count)
            for reading in readings {
                let base = refs.count
                refs += reading.refs
                for hit in reading.hits where byWanted[hit.index] == nil {
                    var way = hit.way
                    way.refs = (way.refs.lowerBound + base)..<(way.refs.upperBound + base)
                    byWanted[hit.index] = way
                }
            }
        }
    }

    /// The locations found for sorted node ids (NaN where none was).
    struct NodeLocations {
        let ids: [Int64]
        var latitudes: [Double]
        var longitudes: [Double]

        /// Gathers what readings found; the first location of a node listed twice wins.
        init(ids: [Int64], hits: [[(index: Int, lat: Double, lon: Double)]]) {
            self.ids = ids
            latitudes = Array(repeating: .nan, count: ids.count)
            longitudes = Array(repeating: .nan, count: ids.count)
            for reading in hits {
                for hit in reading where latitudes[hit.index].isNaN && longitudes[hit.index].isNaN {
                    latitudes[hit.index] = hit.lat
                    longitudes[hit.index] = hit.lon
                }
            }
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

    // MARK: Reading again

    /// The node ids (or boxes) of the ways `wanted` (sorted), from the way blocks that can
    /// hold them, on two threads.
    private func readWays(_ wanted: [Int64]) throws(PBFError) -> MemberWays {
        guard !wanted.isEmpty else { return MemberWays(count: 0, readings: []) }
        let blocks = summaries.filter { PBFBlockSummary.holds($0.wayIDs, anyOf: wanted) }.map(\.block)
        let readings = try read(blocks, wantedNodes: [], wantedWays: wanted)
        return MemberWays(count: wanted.count, readings: readings.map { ($0.wayHits, $0.wayRefs) })
    }

    /// The locations of the nodes `wanted` (sorted, unique), from the node blocks that can
    /// hold them, on two threads.
    private func readNodes(_ wanted: [Int64]) throws(PBFError) -> NodeLocations {
        guard !wanted.isEmpty else { return NodeLocations(ids: [], hits: []) }
        let blocks = summaries.filter { PBFBlockSummary.holds($0.nodeIDs, anyOf: wanted) }.map(\.block)
        let readings = try read(blocks, wantedNodes: wanted, wantedWays: [])
        return NodeLocations(ids: wanted, hits: readings.map(\.nodeHits))
    }

    private func read(_ blocks: [PBFFileBlock], wantedNodes: [Int64], wantedWays: [Int64]) throws(PBFError) -> [PBFFirstReading] {
        let readings = (0..<2).map { _ in PBFFirstReading(file: file, wantedNodes: wantedNodes, wantedWays: wantedWays, budget: budget) }
        try PBFTwoThreads.run(count: blocks.count, split: PBFTwoThreads.split(blocks)) { thread, index throws(PBFError) in
            try readings[thread].read(blocks[index], locationsOnly: true)
            release?(blocks[index].offset..<blocks[index].blob.upperBound)
            progress?.advance(blocks[index].blob.upperBound - blocks[index].offset)
        }
        return readings
    }
}
