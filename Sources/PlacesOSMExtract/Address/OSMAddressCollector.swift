/// Reads every address element of an extract (`OSMAddressRecord`): from Overpass JSON in one
/// scan (a way at its `center`, bounds or geometry, as venues are placed); from a PBF file in
/// two readings of its blocks, the second for the locations of the nodes of the ways that
/// carry an address (a way at the centre of its nodes' box, as Overpass's `out center` and
/// `PBFMemberPlacement` place it). Relations that carry an address are left out of a PBF
/// file's records (a few; their places are their members'). What a PBF reading keeps is
/// bounded by the file's size (`PBFMemoryBudget`).
enum OSMAddressCollector {
    static func records(json text: UnsafeRawBufferPointer) throws(JSONScanError) -> [OSMAddressRecord] {
        var found: [OSMAddressRecord] = []
        _ = try OverpassScanner.scan(text) { element in
            guard element.hasTags, hasAddressKey(element), let position = element.position,
                let record = OSMAddressRecord(element, at: position)
            else { return }
            found.append(record)
        }
        return found
    }

    static func records(pbf file: UnsafeRawBufferPointer) throws(PBFError) -> [OSMAddressRecord] {
        let blocks = try PBFFileBlock.blocks(in: file).filter { $0.kind == .data }
        let reader = PBFBlockReader(file: file)
        var meter = PBFMemoryBudget.Meter(PBFMemoryBudget(fileBytes: file.count))
        var found: [OSMAddressRecord] = []
        /// Ways with an address and no locations of their own: their record (placed later) and node ids.
        var ways: [(record: OSMAddressRecord, nodes: Range<Int>)] = []
        var wayNodes: [Int64] = []
        for block in blocks {
            try reader.load(block)
            try reader.forEachElement(PBFGroupDecoder.Wanted()) { (element: inout PBFElement) throws(PBFError) -> Bool in
                guard !element.tags.isEmpty, element.kind != .relation else { return true }
                let kind = element.kind
                var box: PositionBox?
                if kind == .way { box = try reader.block.locationBox(of: element) }
                let kept = try reader.withScanned(element) { hasAddressKey($0) ? PBFMemoryBudget.bytes(of: $0) : nil }
                guard let kept else { return true }
                try meter.keep(kept)
                let record = try reader.withScanned(element) { scanned -> OSMAddressRecord? in
                    if kind == .node {
                        guard let position = scanned.position else { return nil }
                        return OSMAddressRecord(scanned, at: position)
                    }
                    // Placed once its nodes are known: (0, 0) holds the place.
                    return OSMAddressRecord(scanned, at: box.flatMap(PBFMemberPlacement.overpassCentre) ?? (0, 0))
                }
                guard let record else { return true }
                if kind == .node || box != nil {
                    found.append(record)
                } else {
                    try meter.keepIDs(PBFPrimitiveBlock.varintCount(in: element.refs, base: reader.block.base))
                    let start = wayNodes.count
                    try reader.block.forEachRef(of: element) { wayNodes.append($0) }
                    ways.append((record, start..<wayNodes.count))
                }
                return true
            }
        }
        guard !ways.isEmpty else { return found }
        let locations = try PBFNodeLocations(of: wayNodes, blocks: blocks, reader: reader)
        for (record, nodes) in ways {
            var box = PositionBox()
            for node in wayNodes[nodes] {
                guard let at = locations.location(of: node) else { continue }
                box.add(latitude: at.latitude, longitude: at.longitude)
            }
            guard !box.isEmpty, let centre = PBFMemberPlacement.overpassCentre(box) else { continue }
            var placed = record
            placed.latitude = centre.lat
            placed.longitude = centre.lon
            found.append(placed)
        }
        return found
    }

    @inline(__always) private static func hasAddressKey(_ element: borrowing ScannedElement) -> Bool {
        for key in OSMAddressRecord.keys where element.token(key) != nil { return true }
        return false
    }
}
