/// Writes a synthetic country as an OpenStreetMap PBF file, shaped like a Geofabrik extract
/// (most nodes are the untagged points of ways; a few in a hundred are places), for the
/// PBF benchmarks of Scripts/bench.sh. Seeded: the same seed and size give the same bytes.
///
/// Nodes come first (DenseNodes, 8,000 a block, zlib as osmium writes them), then ways,
/// then relations, each by rising id, as in a sorted extract; every element has a version
/// and a timestamp, as Geofabrik's public extracts do. Around the cities of
/// `OverpassSynthesizer`: 2% of features are places as nodes (its tags: names, main tags,
/// cuisines, addresses, hours); 2% tagged nodes that are not places (crossings, trees);
/// the rest ways of 2–12 nodes about 20 m apart: streets, buildings, and 3% of them places
/// (closed, like a shop's building). One relation per 400 ways: multipolygon places (a park
/// or a school of one to three member ways) and bus routes (which are not places).
/// Given a place share, that share of all nodes are named places besides (a dense country:
/// issue 37's file had one in 8), interleaved with the rest so each block holds its share.
struct PBFCountrySynthesizer {
    static let blockEntities = 8_000
    private static let options: PBFWriter.BlockOptions = {
        var options = PBFWriter.BlockOptions()
        options.metadata = true
        return options
    }()

    private var random: SplitMix64
    private var places: OverpassSynthesizer
    /// The share of nodes that are places as nodes, when set (else 1 feature in 50).
    private let placeShare: Double?

    init(seed: UInt64, placeShare: Double? = nil) {
        random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 7)
        places = OverpassSynthesizer(seed: seed, style: .overpass)
        self.placeShare = placeShare
    }

    /// A way as pass 1 laid out its nodes: consecutive ids from `firstNode`.
    private struct WaySketch {
        var firstNode: Int64
        var count: UInt8
        var kind: UInt8
    }

    private static let street: UInt8 = 0, building: UInt8 = 1, place: UInt8 = 2

    /// Writes a file of about `nodes` nodes, handing it over a block at a time.
    mutating func write(nodes total: Int, chunk: ([UInt8]) -> Void) {
        var writer = PBFWriter()
        writer.header(optional: ["Sort.Type_then_ID"])
        chunk(writer.bytes)
        var sketches: [WaySketch] = []
        sketches.reserveCapacity(total / 7 + 16)
        var batch: [PBFWriter.Node] = []
        batch.reserveCapacity(Self.blockEntities)
        func flushNodes() {
            guard !batch.isEmpty else { return }
            var block = PBFWriter()
            block.nodes(batch, Self.options)
            chunk(block.bytes)
            batch.removeAll(keepingCapacity: true)
        }
        var nodeID: Int64 = 0, written = 0, placeNodes = 0
        while written < total {
            nodeID += Int64(1 + random.below(3))
            let city = places.pickCity()
            let (lat, lon) = places.position(around: city)
            if let placeShare, Double(placeNodes) < placeShare * Double(written + 1) {
                batch.append(PBFWriter.Node(id: nodeID, lat: lat, lon: lon, tags: places.tags(city: city)))
                written += 1
                placeNodes += 1
                if batch.count == Self.blockEntities { flushNodes() }
                continue
            }
            let dice = random.unit()
            if dice < 0.04 {
                let tags = dice < 0.02 ? places.tags(city: city) : [random.chance(0.5) ? ("highway", "crossing") : ("natural", "tree")]
                batch.append(PBFWriter.Node(id: nodeID, lat: lat, lon: lon, tags: tags))
                written += 1
                if batch.count == Self.blockEntities { flushNodes() }
                continue
            }
            let count = min(2 + random.below(11), total - written + 1)
            let kind = random.chance(0.03) ? Self.place : random.chance(0.4) ? Self.street : Self.building
            sketches.append(WaySketch(firstNode: nodeID, count: UInt8(count), kind: kind))
            var (pointLat, pointLon) = (lat, lon)
            for k in 0..<count {
                if k > 0 {
                    nodeID += 1
                    pointLat = max(-89.9, min(89.9, pointLat + (random.unit() - 0.5) * 0.0004))
                    pointLon = max(-179.9, min(179.9, pointLon + (random.unit() - 0.5) * 0.0008))
                }
                batch.append(PBFWriter.Node(id: nodeID, lat: pointLat, lon: pointLon))
                written += 1
                if batch.count == Self.blockEntities { flushNodes() }
            }
        }
        flushNodes()
        writeWays(sketches, chunk: chunk)
        writeRelations(sketches, chunk: chunk)
    }

    private mutating func writeWays(_ sketches: [WaySketch], chunk: ([UInt8]) -> Void) {
        var batch: [PBFWriter.Way] = []
        for (index, sketch) in sketches.enumerated() {
            var refs = (0..<Int64(sketch.count)).map { sketch.firstNode + $0 }
            let tags: [(String, String)]
            switch sketch.kind {
            case Self.place:
                refs.append(sketch.firstNode)
                tags = places.tags(city: places.pickCity()) + [("building", "yes")]
            case Self.street:
                tags = [
                    ("highway", random.pick(["residential", "service", "tertiary", "footway"])), ("name", "Katu \(random.below(5000))"),
                ]
            default:
                refs.append(sketch.firstNode)
                tags = [("building", random.pick(["yes", "house", "apartments", "garage"]))]
            }
            batch.append(PBFWriter.Way(id: Int64(index + 1), refs: refs, tags: tags))
            if batch.count == Self.blockEntities {
                var block = PBFWriter()
                block.ways(batch, Self.options)
                chunk(block.bytes)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty {
            var block = PBFWriter()
            block.ways(batch, Self.options)
            chunk(block.bytes)
        }
    }

    private mutating func writeRelations(_ sketches: [WaySketch], chunk: ([UInt8]) -> Void) {
        guard !sketches.isEmpty else { return }
        var batch: [PBFWriter.Relation] = []
        for index in 0..<(sketches.count / 400) {
            var members: [(type: PBFWriter.Relation.MemberType, ref: Int64, role: String)] = []
            let tags: [(String, String)]
            if random.chance(0.4) {
                for _ in 0..<(1 + random.below(3)) { members.append((.way, Int64(random.below(sketches.count) + 1), "outer")) }
                tags = [
                    ("type", "multipolygon"), random.chance(0.5) ? ("leisure", "park") : ("amenity", "school"),
                    ("name", "Alue \(random.below(10_000))"),
                ]
            } else {
                for _ in 0..<(5 + random.below(16)) { members.append((.way, Int64(random.below(sketches.count) + 1), "")) }
                let stop = sketches[random.below(sketches.count)].firstNode
                members.append((.node, stop, "stop"))
                tags = [("type", "route"), ("route", "bus"), ("name", "Linja \(random.below(900))")]
            }
            batch.append(PBFWriter.Relation(id: Int64(index + 1), members: members, tags: tags))
        }
        for start in stride(from: 0, to: batch.count, by: Self.blockEntities) {
            var block = PBFWriter()
            block.relations(Array(batch[start..<min(start + Self.blockEntities, batch.count)]), Self.options)
            chunk(block.bytes)
        }
    }
}
