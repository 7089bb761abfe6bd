/// The ways and relations that are places, found in the first reading of a file, with
/// what placing them needs: a way's node ids (or the box of its own locations, with
/// `LocationsOnWays`), a relation's member nodes and ways. Ids are kept in flat arrays, a
/// range of them per place, so a country's worth costs a few bytes per reference.
struct PBFPendingPlaces {
    struct Way {
        var place: PBFDetachedPlace
        /// Its node ids in `wayRefs`.
        var refs: Range<Int>
        /// The box of its own node locations, when the file carries them.
        var box: PositionBox?
    }

    struct Relation {
        var place: PBFDetachedPlace
        /// Its member nodes in `memberNodes`, member ways in `memberWays`.
        var nodes: Range<Int>
        var ways: Range<Int>
    }

    var ways: [Way] = []
    var wayRefs: [Int64] = []
    var relations: [Relation] = []
    var memberNodes: [Int64] = []
    var memberWays: [Int64] = []
    /// Ways and relations that would be places but for an id below 1 (`isDroppedPlace`).
    var droppedCount = 0

    /// Adds `other`'s places after these (its share of the file comes after).
    mutating func append(_ other: PBFPendingPlaces) {
        let refBase = wayRefs.count, nodeBase = memberNodes.count, wayBase = memberWays.count
        ways.reserveCapacity(ways.count + other.ways.count)
        relations.reserveCapacity(relations.count + other.relations.count)
        for var way in other.ways {
            way.refs = (way.refs.lowerBound + refBase)..<(way.refs.upperBound + refBase)
            ways.append(way)
        }
        wayRefs += other.wayRefs
        for var relation in other.relations {
            relation.nodes = (relation.nodes.lowerBound + nodeBase)..<(relation.nodes.upperBound + nodeBase)
            relation.ways = (relation.ways.lowerBound + wayBase)..<(relation.ways.upperBound + wayBase)
            relations.append(relation)
        }
        memberNodes += other.memberNodes
        memberWays += other.memberWays
        droppedCount += other.droppedCount
    }

    /// Whether way ids, and relation ids, rise through the file (as in a sorted file): then
    /// no place is listed twice.
    var idsIncrease: Bool {
        zip(ways, ways.dropFirst()).allSatisfy { $0.place.id < $1.place.id }
            && zip(relations, relations.dropFirst()).allSatisfy { $0.place.id < $1.place.id }
    }
}

/// What a block holds, learnt in the first reading: which node and way ids (so a later
/// reading for the nodes or ways it wants can pass over blocks that cannot hold any).
struct PBFBlockSummary {
    var block: PBFFileBlock
    var nodeIDs: ClosedRange<Int64>?
    var wayIDs: ClosedRange<Int64>?

    /// Whether any of `sorted` (ascending ids) lies in `range`.
    static func holds(_ range: ClosedRange<Int64>?, anyOf sorted: [Int64]) -> Bool {
        guard let range else { return false }
        let index = PBFSortedIDs.firstIndex(in: sorted, atLeast: range.lowerBound)
        return index < sorted.count && sorted[index] <= range.upperBound
    }
}

/// Sorted, unique ids and lookups in them.
enum PBFSortedIDs {
    /// `ids` sorted, each once (sorted in place when the caller gives up its array).
    static func sortedUnique(_ ids: consuming [Int64]) -> [Int64] {
        var sorted = ids
        sorted.sort()
        var write = 0
        for read in sorted.indices where write == 0 || sorted[read] != sorted[write - 1] {
            sorted[write] = sorted[read]
            write += 1
        }
        sorted.removeLast(sorted.count - write)
        return sorted
    }

    /// The index of the first id not below `id` (`sorted.count` if none).
    @inline(__always)
    static func firstIndex(in sorted: [Int64], atLeast id: Int64) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The index of `id`, if present.
    @inline(__always)
    static func index(of id: Int64, in sorted: [Int64]) -> Int? {
        let index = firstIndex(in: sorted, atLeast: id)
        return index < sorted.count && sorted[index] == id ? index : nil
    }
}
