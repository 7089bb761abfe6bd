/// Walks the elements of a loaded block's groups (osmformat.proto's `PrimitiveGroup`:
/// `nodes` = 1, `dense` = 2, `ways` = 3, `relations` = 4, `changesets` = 5): DenseNodes
/// (ids, lats and lons delta-coded in parallel packed arrays, tags in one `keys_vals`
/// array with 0 after each node's pairs) and plain `Node`s alike, ways, relations.
///
/// Repeated fields must be packed, as osmformat.proto declares every one of them; counts
/// that disagree (more ids than latitudes, keys than values) are damage.
struct PBFGroupDecoder {
    /// What the walk reads; what it does not is passed over without decoding.
    struct Wanted {
        var nodes = true
        var ways = true
        var relations = true
        /// Whether nodes' tags are read (placing ways needs only their positions).
        var nodeTags = true
        /// Only the elements with these ids are handed over (the others are passed over as
        /// soon as their id is read); nil for all.
        var onlyIDs: [Int64]? = nil
        /// Where in the block to start: elements before it were walked already (a block read
        /// a piece at a time); an element boundary.
        var from = 0
    }

    /// A few ids, and the least and greatest of them (none at all: nothing is wanted).
    struct IDFilter {
        let ids: [Int64]
        let low: Int64
        let high: Int64

        init(ids: [Int64]) {
            self.ids = ids
            low = ids.min() ?? .max
            high = ids.max() ?? .min
        }

        @inline(__always) func wants(_ id: Int64) -> Bool {
            id >= low && id <= high && ids.contains(id)
        }
    }

    /// What `body` says after each element: go on, or stop the walk.
    typealias Visit = (inout PBFElement) throws(PBFError) -> Bool

    let block: PBFPrimitiveBlock
    let wanted: Wanted

    /// Calls `body` with each wanted element of every group, in block order, until it
    /// returns false.
    func forEach(_ body: Visit) throws(PBFError) {
        // Read once, passed down: no reference counting per element; the range turns most
        // elements away before the list is looked at.
        let only = wanted.onlyIDs.map { IDFilter(ids: $0) }
        let base = block.base
        for group in block.groups where group.upperBound > wanted.from {
            var cursor = ProtobufCursor(base, max(group.lowerBound, wanted.from)..<group.upperBound)
            while let field = try cursor.field() {
                var goOn = true
                switch (field.number, field.type) {
                case (1, .lengthDelimited) where wanted.nodes: goOn = try node(try cursor.lengthDelimited(), base, only, body)
                case (2, .lengthDelimited) where wanted.nodes: goOn = try denseNodes(try cursor.lengthDelimited(), base, only, body)
                case (3, .lengthDelimited) where wanted.ways: goOn = try way(try cursor.lengthDelimited(), base, only, body)
                case (4, .lengthDelimited) where wanted.relations: goOn = try relation(try cursor.lengthDelimited(), base, only, body)
                default: try cursor.skip(field.type)
                }
                if !goOn { return }
            }
        }
    }

    /// Which kinds of element the block's groups hold, read from the groups' fields alone.
    func kinds() throws(PBFError) -> (nodes: Bool, ways: Bool, relations: Bool) {
        var found = (nodes: false, ways: false, relations: false)
        for group in block.groups {
            var cursor = ProtobufCursor(block.base, group)
            while let field = try cursor.field() {
                switch field.number {
                case 1, 2: found.nodes = true
                case 3: found.ways = true
                case 4: found.relations = true
                default: break
                }
                try cursor.skip(field.type)
            }
        }
        return found
    }

    private func packed(
        _ type: ProtobufCursor.WireType, _ cursor: inout ProtobufCursor,
        _ what: @autoclosure () -> String
    ) throws(PBFError) -> Range<Int> {
        guard type == .lengthDelimited else { throw .damaged("\(what()) is not packed, as osmformat.proto declares it") }
        return try cursor.lengthDelimited()
    }

    private func denseNodes(_ message: Range<Int>, _ base: UnsafePointer<UInt8>, _ only: IDFilter?, _ body: Visit) throws(PBFError) -> Bool
    {
        var ids = 0..<0, lats = 0..<0, lons = 0..<0, keysVals = 0..<0
        var cursor = ProtobufCursor(base, message)
        while let field = try cursor.field() {
            switch field.number {
            case 1: ids = try packed(field.type, &cursor, "a DenseNodes id array")
            case 8: lats = try packed(field.type, &cursor, "a DenseNodes lat array")
            case 9: lons = try packed(field.type, &cursor, "a DenseNodes lon array")
            case 10: keysVals = try packed(field.type, &cursor, "a DenseNodes keys_vals array")
            default: try cursor.skip(field.type)
            }
        }
        var idCursor = ProtobufCursor(base, ids)
        var latCursor = ProtobufCursor(base, lats)
        var lonCursor = ProtobufCursor(base, lons)
        var tagCursor = ProtobufCursor(base, keysVals)
        let readsTags = wanted.nodeTags && !keysVals.isEmpty
        var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
        var element = PBFElement(kind: .node, id: 0)
        element.tags.interleaved = true
        while !idCursor.isAtEnd {
            guard !latCursor.isAtEnd, !lonCursor.isAtEnd else { throw .damaged("a DenseNodes group has more ids than positions") }
            let nextID = id.addingReportingOverflow(try idCursor.signedVarint())
            let nextLat = lat.addingReportingOverflow(try latCursor.signedVarint())
            let nextLon = lon.addingReportingOverflow(try lonCursor.signedVarint())
            id = nextID.partialValue
            lat = nextLat.partialValue
            lon = nextLon.partialValue
            element.tags.keys = 0..<0
            if readsTags {
                let start = tagCursor.position
                while true {
                    guard !tagCursor.isAtEnd else { throw .damaged("a DenseNodes keys_vals array ends before its last node") }
                    if try tagCursor.varint() == 0 { break }
                }
                // Without the 1-byte 0 that ends the node's pairs.
                element.tags.keys = start..<(tagCursor.position - 1)
            }
            // A delta that overflows the 64-bit sum gives nonsense: the node's id is taken as 0,
            // its position as off the globe, so that it is dropped and counted, never placed.
            let nodeID = nextID.overflow ? 0 : id
            if let only, !only.wants(nodeID) { continue }
            let off = nextLat.overflow || nextLon.overflow
            element.id = nodeID
            element.latitude = off ? .nan : block.latitude(lat)
            element.longitude = off ? .nan : block.longitude(lon)
            if try !body(&element) { return false }
        }
        guard latCursor.isAtEnd, lonCursor.isAtEnd else { throw .damaged("a DenseNodes group has more positions than ids") }
        return true
    }

    private func node(_ message: Range<Int>, _ base: UnsafePointer<UInt8>, _ only: IDFilter?, _ body: Visit) throws(PBFError) -> Bool {
        var id: Int64?, lat: Int64?, lon: Int64?
        var tags = PBFTags()
        var cursor = ProtobufCursor(base, message)
        while let field = try cursor.field() {
            switch (field.number, field.type) {
            case (1, .varint): id = try cursor.signedVarint()
            case (2, _): tags.keys = try packed(field.type, &cursor, "a node's keys array")
            case (3, _): tags.values = try packed(field.type, &cursor, "a node's vals array")
            case (8, .varint): lat = try cursor.signedVarint()
            case (9, .varint): lon = try cursor.signedVarint()
            default: try cursor.skip(field.type)
            }
        }
        guard let id, let lat, let lon else { throw .damaged("a node lacks its id, lat or lon") }
        if let only, !only.wants(id) { return true }
        var element = PBFElement(kind: .node, id: id)
        element.latitude = block.latitude(lat)
        element.longitude = block.longitude(lon)
        if wanted.nodeTags { element.tags = tags }
        return try body(&element)
    }

    private func way(_ message: Range<Int>, _ base: UnsafePointer<UInt8>, _ only: IDFilter?, _ body: Visit) throws(PBFError) -> Bool {
        try identified(.way, "way", message, base, only, body) { number, type, cursor, element throws(PBFError) in
            switch number {
            case 8: element.refs = try packed(type, &cursor, "a way's refs array")
            case 9: element.refLatitudes = try packed(type, &cursor, "a way's lat array")
            case 10: element.refLongitudes = try packed(type, &cursor, "a way's lon array")
            default: return false
            }
            return true
        }
    }

    private func relation(_ message: Range<Int>, _ base: UnsafePointer<UInt8>, _ only: IDFilter?, _ body: Visit) throws(PBFError) -> Bool {
        try identified(.relation, "relation", message, base, only, body) { number, type, cursor, element throws(PBFError) in
            switch number {
            case 9: element.memberIDs = try packed(type, &cursor, "a relation's memids array")
            case 10: element.memberTypes = try packed(type, &cursor, "a relation's types array")
            default: return false
            }
            return true
        }
    }

    /// A way's or a relation's message: its id (field 1, a varint; the element is passed over,
    /// true, as soon as the id shows it unwanted), its tags' `keys` (2) and `vals` (3), which
    /// Way and Relation number alike, and the fields `read` takes into the element (it returns
    /// false for a field not its own, which is skipped); then `body` with the element.
    @inline(__always)
    private func identified(
        _ kind: ScannedElement.Kind, _ noun: StaticString, _ message: Range<Int>, _ base: UnsafePointer<UInt8>, _ only: IDFilter?,
        _ body: Visit,
        read: (_ number: UInt64, _ type: ProtobufCursor.WireType, inout ProtobufCursor, inout PBFElement) throws(PBFError) -> Bool
    )
        throws(PBFError) -> Bool
    {
        var id: Int64?
        var element = PBFElement(kind: kind, id: 0)
        var cursor = ProtobufCursor(base, message)
        while let field = try cursor.field() {
            switch field.number {
            case 1 where field.type == .varint:
                id = try cursor.int64()
                if let id, let only, !only.wants(id) { return true }
            case 2: element.tags.keys = try packed(field.type, &cursor, "a \(noun)'s keys array")
            case 3: element.tags.values = try packed(field.type, &cursor, "a \(noun)'s vals array")
            default: if try !read(field.number, field.type, &cursor, &element) { try cursor.skip(field.type) }
            }
        }
        guard let id else { throw .damaged("a \(noun) lacks its id") }
        element.id = id
        return try body(&element)
    }
}

extension PBFPrimitiveBlock {
    /// How many varints the packed array at `range` holds (its bytes below 0x80): known
    /// before the array is decoded, so that room for its values is counted before it is taken.
    static func varintCount(in range: Range<Int>, base: UnsafePointer<UInt8>) -> Int {
        var count = 0
        for i in range where base[i] < 0x80 { count += 1 }
        return count
    }

    /// Calls `body` with each of a way's node ids (delta-decoded).
    @inline(__always)
    func forEachRef(of element: PBFElement, _ body: (Int64) -> Void) throws(PBFError) {
        var cursor = ProtobufCursor(base, element.refs)
        var id: Int64 = 0
        while !cursor.isAtEnd {
            id = id &+ (try cursor.signedVarint())
            body(id)
        }
    }

    /// The box of a way's own node locations (`LocationsOnWays`); nil when it has none.
    func locationBox(of element: PBFElement) throws(PBFError) -> PositionBox? {
        guard !element.refLatitudes.isEmpty || !element.refLongitudes.isEmpty else { return nil }
        var lats = ProtobufCursor(base, element.refLatitudes), lons = ProtobufCursor(base, element.refLongitudes)
        var lat: Int64 = 0, lon: Int64 = 0
        var box = PositionBox()
        while !lats.isAtEnd {
            guard !lons.isAtEnd else { throw .damaged("a way has more latitudes than longitudes") }
            lat = lat &+ (try lats.signedVarint())
            lon = lon &+ (try lons.signedVarint())
            box.add(latitude: latitude(lat), longitude: longitude(lon))
        }
        guard lons.isAtEnd else { throw .damaged("a way has more longitudes than latitudes") }
        return box
    }

    /// Calls `body` with each node and way member of a relation (members of other types,
    /// nested relations, are passed over, as `OverpassMemberPlacement` passes them over).
    func forEachMember(of element: PBFElement, _ body: (_ isWay: Bool, _ id: Int64) -> Void) throws(PBFError) {
        var ids = ProtobufCursor(base, element.memberIDs), types = ProtobufCursor(base, element.memberTypes)
        var id: Int64 = 0
        while !ids.isAtEnd {
            guard !types.isAtEnd else { throw .damaged("a relation has more member ids than types") }
            id = id &+ (try ids.signedVarint())
            switch try types.varint() {
            case 0: body(false, id)
            case 1: body(true, id)
            default: break
            }
        }
        guard types.isAtEnd else { throw .damaged("a relation has more member types than ids") }
    }
}
