/// A named way or relation with no position of its own (no `center`, `bounds` or geometry),
/// found by a scan: it may still be placed from its member nodes listed in the same file.
struct PendingPlace: Sendable {
    var offset: Int
    var kind: ScannedElement.Kind
    var id: Int64
    /// Where its `nodes` and `members` arrays begin in the text (-1: none).
    var nodesStart: Int
    var membersStart: Int

    init(_ element: borrowing ScannedElement) {
        offset = element.offset
        kind = element.kind
        id = element.id
        nodesStart = element.nodesStart
        membersStart = element.membersStart
    }
}

/// Places the ways and relations of an export made with `out body; >; out skel qt;` (or
/// any export that lists members by reference and their nodes separately): a way at the
/// middle of the box of its nodes, a relation at the middle of the box of its member nodes
/// and member ways, as Overpass places them for `out center`. It reads the file again, once
/// (twice when a relation's ways are listed after the nodes they need), keeping only the
/// members wanted. Nested relations are not followed.
enum OverpassMemberPlacement {
    /// The position of each pending place with at least one member placed, by its index in `pending`.
    static func place(
        _ pending: [PendingPlace], in text: UnsafeRawBufferPointer,
        progress: ScanProgress? = nil
    ) throws(JSONScanError) -> [Int: (lat: Double, lon: Double)] {
        guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return [:] }
        var nodesOf: [Int: [Int64]] = [:]
        var membersOf: [Int: (nodes: [Int64], ways: [Int64])] = [:]
        var wantedNodes = Set<Int64>(), wantedWays = Set<Int64>()
        for (index, place) in pending.enumerated() {
            if place.nodesStart >= 0 {
                let nodes = references(in: base, count: text.count, at: place.nodesStart)
                nodesOf[index] = nodes
                wantedNodes.formUnion(nodes)
            }
            if place.membersStart >= 0 {
                let members = memberReferences(in: base, count: text.count, at: place.membersStart)
                membersOf[index] = members
                wantedNodes.formUnion(members.nodes)
                wantedWays.formUnion(members.ways)
            }
        }
        var nodePositions: [Int64: (lat: Double, lon: Double)] = [:]
        var wayBoxes: [Int64: PositionBox] = [:]
        var wayNodes: [Int64: [Int64]] = [:]
        _ = try OverpassScanner.scan(text, progress: progress) { element in
            switch element.kind {
            case .node where wantedNodes.contains(element.id):
                if let lat = element.lat, let lon = element.lon, nodePositions[element.id] == nil { nodePositions[element.id] = (lat, lon) }
            case .way where wantedWays.contains(element.id) && wayBoxes[element.id] == nil && wayNodes[element.id] == nil:
                if let p = element.position {
                    var box = element.geometry ?? PositionBox()
                    if element.geometry == nil { box.add(latitude: p.lat, longitude: p.lon) }
                    wayBoxes[element.id] = box
                } else if element.nodesStart >= 0 {
                    wayNodes[element.id] = references(in: base, count: text.count, at: element.nodesStart)
                }
            default:
                break
            }
        }
        let late = Set(wayNodes.values.joined()).subtracting(nodePositions.keys)
        if !late.isEmpty {
            _ = try OverpassScanner.scan(text) { element in
                if element.kind == .node, late.contains(element.id), nodePositions[element.id] == nil,
                    let lat = element.lat, let lon = element.lon
                {
                    nodePositions[element.id] = (lat, lon)
                }
            }
        }
        func box(ofNodes nodes: [Int64]) -> PositionBox {
            var box = PositionBox()
            for node in nodes {
                if let p = nodePositions[node] { box.add(latitude: p.lat, longitude: p.lon) }
            }
            return box
        }
        for (way, nodes) in wayNodes { wayBoxes[way] = box(ofNodes: nodes) }
        var placed: [Int: (lat: Double, lon: Double)] = [:]
        for index in pending.indices {
            var box = box(ofNodes: nodesOf[index] ?? [])
            if let members = membersOf[index] {
                box.add(self.box(ofNodes: members.nodes, nodePositions))
                for way in members.ways {
                    if let wayBox = wayBoxes[way] { box.add(wayBox) }
                }
            }
            if let center = box.center { placed[index] = center }
        }
        return placed
    }

    private static func box(ofNodes nodes: [Int64], _ positions: [Int64: (lat: Double, lon: Double)]) -> PositionBox {
        var box = PositionBox()
        for node in nodes {
            if let p = positions[node] { box.add(latitude: p.lat, longitude: p.lon) }
        }
        return box
    }

    /// The integers of a `nodes` array (the scan has checked it is valid JSON; anything
    /// but an integer is passed over).
    static func references(in base: UnsafePointer<UInt8>, count: Int, at start: Int) -> [Int64] {
        var cursor = JSONCursor(base, count: count, position: start)
        var stack: [Bool] = []
        var ids: [Int64] = []
        guard cursor.current == UInt8(ascii: "[") else { return [] }
        cursor.position += 1
        cursor.skipWhitespace()
        while cursor.current != UInt8(ascii: "]") && !cursor.isAtEnd {
            if let id = cursor.scanPlainInteger() {
                ids.append(id)
            } else if (try? cursor.skipValue(stack: &stack)) == nil {
                return ids
            }
            cursor.passSeparator()
        }
        return ids
    }

    /// The node and way members of a `members` array (`{"type": "node", "ref": 1, ...}`).
    static func memberReferences(in base: UnsafePointer<UInt8>, count: Int, at start: Int) -> (nodes: [Int64], ways: [Int64]) {
        var cursor = JSONCursor(base, count: count, position: start)
        var stack: [Bool] = []
        var nodes: [Int64] = [], ways: [Int64] = []
        guard cursor.current == UInt8(ascii: "[") else { return ([], []) }
        cursor.position += 1
        cursor.skipWhitespace()
        while !cursor.isAtEnd && cursor.current != UInt8(ascii: "]") {
            if cursor.current == UInt8(ascii: "{") {
                cursor.position += 1
                var type: [UInt8]?, ref: Int64?
                cursor.skipWhitespace()
                while cursor.current == UInt8(ascii: "\"") {
                    guard let key = try? cursor.scanString(checkingSurrogates: false) else { return (nodes, ways) }
                    let name = key.decodedBytes(in: base)
                    cursor.skipWhitespace()
                    cursor.position += 1  // ':'
                    cursor.skipWhitespace()
                    if name == Array("type".utf8), type == nil, cursor.current == UInt8(ascii: "\""),
                        let value = try? cursor.scanString(checkingSurrogates: false)
                    {
                        type = value.decodedBytes(in: base)
                    } else if name == Array("ref".utf8), ref == nil, let value = cursor.scanPlainInteger() {
                        ref = value
                    } else if (try? cursor.skipValue(stack: &stack)) == nil {
                        return (nodes, ways)
                    }
                    cursor.passSeparator()
                }
                cursor.position += 1  // '}'
                if let ref, let type {
                    if type == Array("node".utf8) { nodes.append(ref) }
                    if type == Array("way".utf8) { ways.append(ref) }
                }
            } else if (try? cursor.skipValue(stack: &stack)) == nil {
                return (nodes, ways)
            }
            cursor.passSeparator()
        }
        return (nodes, ways)
    }
}

private extension JSONCursor {
    /// After a value, read leniently: white space, then a `,` and the white space after it
    /// if there is one.
    mutating func passSeparator() {
        skipWhitespace()
        if current == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
        }
    }
}
