import PlacesGeodesy
import PlacesModel

/// Reads the streets, railways, water and parks of a `.osm.pbf` extract (`OSMStreetClass`)
/// in two readings of its blocks, as addresses are read: the ways and their node ids, then
/// the locations of those nodes (a way that carries its own locations, `LocationsOnWays`,
/// needs no second reading). What it keeps is bounded by the file's size
/// (`PBFMemoryBudget`). Multipolygon relations are left out: their outer ways are drawn
/// when they carry the tags themselves (lakes and parks mostly do), and the sea is drawn by
/// its coastline.
enum OSMStreetCollector {
    static func features(pbf file: UnsafeRawBufferPointer) throws(PBFError) -> [MapFeature] {
        let blocks = try PBFFileBlock.blocks(in: file).filter { $0.kind == .data }
        let reader = PBFBlockReader(file: file)
        var meter = PBFMemoryBudget.Meter(PBFMemoryBudget(fileBytes: file.count))
        var found: [MapFeature] = []
        var ways: [(kind: MapFeature.Kind, nodes: Range<Int>)] = []
        var wayNodes: [Int64] = []
        let waysOnly = PBFGroupDecoder.Wanted(nodes: false, ways: true, relations: false, nodeTags: false)
        for block in blocks {
            try reader.load(block)
            try reader.forEachElement(waysOnly) { (element: inout PBFElement) throws(PBFError) -> Bool in
                guard !element.tags.isEmpty, element.kind == .way, let kind = try kind(of: element, in: reader.block) else { return true }
                let count = PBFPrimitiveBlock.varintCount(in: element.refs, base: reader.block.base)
                guard count >= 2 else { return true }
                if !element.refLatitudes.isEmpty {
                    try meter.keep(count * 16)
                    found.append(MapFeature(kind: kind, points: try reader.block.locations(of: element)))
                } else {
                    try meter.keepIDs(count)
                    let start = wayNodes.count
                    try reader.block.forEachRef(of: element) { wayNodes.append($0) }
                    ways.append((kind, start..<wayNodes.count))
                }
                return true
            }
        }
        guard !ways.isEmpty else { return found }
        let locations = try PBFNodeLocations(of: wayNodes, blocks: blocks, reader: reader)
        try meter.keep(locations.count * 24)
        for (kind, nodes) in ways {
            var points: [Coordinate] = []
            points.reserveCapacity(nodes.count)
            for node in wayNodes[nodes] {
                guard let at = locations.location(of: node) else { continue }
                points.append(Coordinate(uncheckedLatitude: at.latitude, longitude: at.longitude))
            }
            if points.count >= 2 { found.append(MapFeature(kind: kind, points: points)) }
        }
        return found
    }

    /// The street class of a way, from its tags (only the values of the keys that matter are read).
    private static func kind(of element: PBFElement, in block: PBFPrimitiveBlock) throws(PBFError) -> MapFeature.Kind? {
        var tags: [(key: String, value: String)] = []
        try block.forEachTag(element.tags) { key, value in
            let keyBytes = block.string(key)
            guard keyBytes.count <= 8 else { return true }
            let name = String(decoding: keyBytes, as: UTF8.self)
            if OSMStreetClass.keys.contains(name) { tags.append((name, String(decoding: block.string(value), as: UTF8.self))) }
            return true
        }
        return tags.isEmpty ? nil : OSMStreetClass.kind(tags)
    }
}

extension PBFPrimitiveBlock {
    /// A way's own node locations (`LocationsOnWays`), in order; those out of range left out.
    func locations(of element: PBFElement) throws(PBFError) -> [Coordinate] {
        var lats = ProtobufCursor(base, element.refLatitudes), lons = ProtobufCursor(base, element.refLongitudes)
        var lat: Int64 = 0, lon: Int64 = 0
        var points: [Coordinate] = []
        while !lats.isAtEnd {
            guard !lons.isAtEnd else { throw .damaged("a way has more latitudes than longitudes") }
            lat = lat &+ (try lats.signedVarint())
            lon = lon &+ (try lons.signedVarint())
            let latitude = latitude(lat), longitude = longitude(lon)
            if abs(latitude) <= 90, abs(longitude) <= 180 { points.append(Coordinate(uncheckedLatitude: latitude, longitude: longitude)) }
        }
        guard lons.isAtEnd else { throw .damaged("a way has more longitudes than latitudes") }
        return points
    }
}
