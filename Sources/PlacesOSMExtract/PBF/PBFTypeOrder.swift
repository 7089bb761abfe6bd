/// Where the ways and the relations of a file sorted by type begin (nodes, then ways, then
/// relations, by id: how osmium, osmosis and Geofabrik write extracts; the optional feature
/// `Sort.Type_then_ID` says so when a writer declares it). Found by bisection, inflating a
/// dozen blocks of a country: which kinds a block holds is read from its groups' fields.
/// Only a guess for a file in any other order: the readings check every block they read.
struct PBFTypeOrder {
    /// The first data block that holds a way or a relation (`blocks.count` if none).
    var firstWayBlock: Int
    /// The first data block that holds a relation (`blocks.count` if none).
    var firstRelationBlock: Int

    init(_ blocks: [PBFFileBlock], reader: PBFBlockReader) throws(PBFError) {
        func holds(_ index: Int, relationsOnly: Bool) throws(PBFError) -> Bool {
            try reader.load(blocks[index])
            let kinds = try reader.kinds()
            return kinds.relations || (!relationsOnly && kinds.ways)
        }
        func first(from start: Int, relationsOnly: Bool) throws(PBFError) -> Int {
            var low = start, high = blocks.count
            while low < high {
                let mid = (low + high) / 2
                if try holds(mid, relationsOnly: relationsOnly) { high = mid } else { low = mid + 1 }
            }
            return low
        }
        firstWayBlock = try first(from: 0, relationsOnly: false)
        firstRelationBlock = try first(from: firstWayBlock, relationsOnly: true)
    }
}
