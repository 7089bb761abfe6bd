/// The second reading of a PBF file that places ways: the locations of the nodes whose ids
/// a first reading collected (the addresses' ways, the street map's), found in one pass over
/// the file's node blocks and looked up by id. A node the file lacks, or places out of
/// range, has no location.
struct PBFNodeLocations {
    private let ids: [Int64]
    private var latitudes: [Double]
    private var longitudes: [Double]

    /// Reads the locations of `nodes` (any order, repeats allowed) from `blocks`.
    init(of nodes: [Int64], blocks: [PBFFileBlock], reader: PBFBlockReader) throws(PBFError) {
        ids = PBFSortedIDs.sortedUnique(nodes)
        latitudes = [Double](repeating: .nan, count: ids.count)
        longitudes = [Double](repeating: .nan, count: ids.count)
        let nodesOnly = PBFGroupDecoder.Wanted(nodes: true, ways: false, relations: false, nodeTags: false)
        for block in blocks {
            try reader.load(block)
            try reader.forEachElement(nodesOnly) { [ids] (element: inout PBFElement) throws(PBFError) -> Bool in
                if let slot = PBFSortedIDs.index(of: element.id, in: ids), element.latitude.isFinite, element.longitude.isFinite {
                    latitudes[slot] = element.latitude
                    longitudes[slot] = element.longitude
                }
                return true
            }
        }
    }

    /// How many distinct nodes were asked for (what the reading keeps: 24 bytes each).
    var count: Int { ids.count }

    /// Where node `id` is, if the file placed it.
    func location(of id: Int64) -> (latitude: Double, longitude: Double)? {
        guard let slot = PBFSortedIDs.index(of: id, in: ids), latitudes[slot].isFinite else { return nil }
        return (latitudes[slot], longitudes[slot])
    }
}
