/// One node, way or relation of a loaded `PBFPrimitiveBlock`, as its group lays it out:
/// the fixed fields decoded, the repeated ones left where they lie in the block (packed,
/// as osmformat.proto declares them) for whoever needs them.
struct PBFElement {
    var kind: ScannedElement.Kind
    var id: Int64
    /// A node's position in degrees (NaN for other kinds, or when out of all range).
    var latitude = Double.nan
    var longitude = Double.nan
    var tags = PBFTags()
    /// A way's node ids: packed `sint64`, delta-coded.
    var refs = 0..<0
    /// A way's node locations, when the file has them (`LocationsOnWays`): packed `sint64`,
    /// delta-coded, one per ref.
    var refLatitudes = 0..<0
    var refLongitudes = 0..<0
    /// A relation's member ids (packed `sint64`, delta-coded) and types (packed enum:
    /// NODE = 0, WAY = 1, RELATION = 2).
    var memberIDs = 0..<0
    var memberTypes = 0..<0

    init(kind: ScannedElement.Kind, id: Int64) {
        self.kind = kind
        self.id = id
    }
}

/// Where an element's tags lie: two parallel packed arrays of string indices (`keys`,
/// `vals` of Node, Way, Relation), or a node's run of `keys_vals` in DenseNodes (key,
/// value, key, value…, without the 0 that ends it).
struct PBFTags {
    var keys = 0..<0
    var values = 0..<0
    var interleaved = false

    var isEmpty: Bool { keys.isEmpty }
}

extension PBFPrimitiveBlock {
    /// Calls `body` with each tag's key and value string indices, checked to be in the
    /// string table; stops when `body` returns false.
    @inline(__always)
    func forEachTag(_ tags: PBFTags, _ body: (_ key: Int, _ value: Int) -> Bool) throws(PBFError) {
        guard !tags.isEmpty else { return }
        let strings = UInt64(stringCount)
        if tags.interleaved {
            var cursor = ProtobufCursor(base, tags.keys)
            while !cursor.isAtEnd {
                let key = try cursor.varint()
                guard !cursor.isAtEnd else { throw .damaged("a dense node's keys_vals has a key without a value") }
                let value = try cursor.varint()
                guard key < strings, value < strings else { throw badIndex(max(key, value)) }
                if !body(Int(key), Int(value)) { return }
            }
            return
        }
        var keys = ProtobufCursor(base, tags.keys)
        var values = ProtobufCursor(base, tags.values)
        while !keys.isAtEnd {
            guard !values.isAtEnd else { throw .damaged("an element has more tag keys than values") }
            let key = try keys.varint(), value = try values.varint()
            guard key < strings, value < strings else { throw badIndex(max(key, value)) }
            if !body(Int(key), Int(value)) { return }
        }
        guard values.isAtEnd else { throw .damaged("an element has more tag values than keys") }
    }

    private func badIndex(_ index: UInt64) -> PBFError {
        .damaged("a tag names string \(index) of a string table of \(stringCount)")
    }

    /// Whether an element with these tags is a place: a `name` and one of the keys whose
    /// values say what a place is (`OSMCategoryTable.primaryKeys`), as the online provider
    /// asks Overpass for them. (The name must still not be blank: `ScannedElement` decides.)
    @inline(__always)
    func tagsMakePlace(_ tags: PBFTags) throws(PBFError) -> Bool {
        guard !tags.isEmpty else { return false }
        var named = false, kind = false
        try forEachTag(tags) { key, _ in
            switch tagKey(key) {
            case .name: named = true
            case .amenity, .shop, .tourism, .leisure, .healthcare: kind = true
            default: break
            }
            return !(named && kind)
        }
        return named && kind
    }
}
