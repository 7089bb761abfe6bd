/// Reads an Overpass `[out:json]` document straight from its bytes, one element at a
/// time, keeping only what a venue needs.
///
/// It gives what `JSONDecoder` gives for `OverpassResponse` on every valid document
/// (the first of duplicate keys wins, a tag that is not a string is an error, `null` is
/// absent where the model is optional), and checks the whole text against RFC 8259 as it
/// goes, so a malformed file fails with the byte where it went wrong. It is stricter than
/// `JSONDecoder` in one way: that decoder lets some malformed JSON through in values it
/// does not decode (trailing commas, bad escapes). And it has no nesting limit where
/// `JSONDecoder` stops at 512 levels.
struct OverpassScanner {
    enum TagSelection {
        /// Only `OSMTagKey` tags, kept as positions in the text (the fast path).
        case venueKeys
        /// Every tag, decoded (for comparing with JSONDecoder).
        case all
    }

    struct Summary: Equatable {
        var elementCount: Int
        var remark: String?
    }

    /// What the top-level object held, as far as a scan has read it.
    struct TopLevel {
        var sawElements = false
        var elementCount = 0
        var sawRemark = false
        var remark: String?
        var start = 0

        var summary: Summary { Summary(elementCount: elementCount, remark: remark) }
    }

    /// How far past the last release the scan goes before releasing again.
    static let releaseStride = 16 << 20

    /// Scans `text`, calling `body` with each element in document order. `release`, if
    /// given, is called now and then with a range of the text that will not be read again
    /// (so a memory-mapped file's pages can be dropped).
    static func scan(
        _ text: UnsafeRawBufferPointer, tags: TagSelection = .venueKeys,
        release: ((Range<Int>) -> Void)? = nil, progress: ScanProgress? = nil,
        _ body: (borrowing ScannedElement) -> Void
    ) throws(JSONScanError) -> Summary {
        try withScanner(text, keepAllTags: tags == .all, release: release, progress: progress) { scanner throws(JSONScanError) in
            try scanner.document(body, handOverAt: nil).summary
        }
    }

    /// Scans the one element whose `{` is at `offset` (as an index entry records it) and
    /// calls `body` with it.
    static func scanElement<R>(
        at offset: Int, in text: UnsafeRawBufferPointer,
        _ body: (borrowing ScannedElement) -> R
    ) throws(JSONScanError) -> R {
        guard offset >= 0, offset < text.count else { throw JSONScanError("no element starts here", at: offset) }
        return try withScanner(text, keepAllTags: false, release: nil) { scanner throws(JSONScanError) in
            scanner.cursor.position = offset
            try scanner.element(nil)
            return body(scanner.element)
        }
    }

    /// Calls `body` with a scanner at the start of `text`.
    static func withScanner<R>(
        _ text: UnsafeRawBufferPointer, keepAllTags: Bool, release: ((Range<Int>) -> Void)?,
        progress: ScanProgress? = nil,
        _ body: (inout OverpassScanner) throws(JSONScanError) -> R
    ) throws(JSONScanError) -> R {
        guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self), text.count > 0 else {
            throw JSONScanError("the file is empty", at: 0)
        }
        let tagTokens = UnsafeMutablePointer<JSONStringToken>.allocate(capacity: OSMTagKey.allCases.count)
        tagTokens.initialize(repeating: ScannedElement.absent, count: OSMTagKey.allCases.count)
        defer { tagTokens.deallocate() }
        var scanner = OverpassScanner(base: base, count: text.count, tagTokens: tagTokens, keepAllTags: keepAllTags, release: release)
        scanner.progress = progress
        return try body(&scanner)
    }

    private var cursor: JSONCursor
    private var element: ScannedElement
    private var stack: [Bool] = []
    private let keepAllTags: Bool
    private let release: ((Range<Int>) -> Void)?
    private var released = 0
    private var progress: ScanProgress?
    private var reported = 0

    private let tagKeys = OSMTagKey.byKeyBytes

    private init(
        base: UnsafePointer<UInt8>, count: Int, tagTokens: UnsafeMutablePointer<JSONStringToken>,
        keepAllTags: Bool, release: ((Range<Int>) -> Void)?
    ) {
        cursor = JSONCursor(base, count: count)
        element = ScannedElement(text: base, tagTokens: tagTokens)
        self.keepAllTags = keepAllTags
        self.release = release
        stack.reserveCapacity(64)
    }

    // MARK: Document

    /// The whole document; or, with `handOverAt`, up to the element starting exactly there
    /// (`handedOver` says whether it was met: then the rest is another scan's).
    mutating func document(
        _ body: (borrowing ScannedElement) -> Void,
        handOverAt: Int?
    ) throws(JSONScanError) -> (summary: Summary, topLevel: TopLevel, handedOver: Bool) {
        try skipByteOrderMark()
        cursor.skipWhitespace()
        guard cursor.current == UInt8(ascii: "{") else {
            throw cursor.unexpected("'{' (an Overpass document is a JSON object)")
        }
        var topLevel = TopLevel(start: cursor.position)
        cursor.position += 1
        let handedOver = try topLevelMembers(&topLevel, first: true, body, handOverAt: handOverAt)
        return (topLevel.summary, topLevel, handedOver)
    }

    /// The rest of a document from the element starting at `offset` inside the elements
    /// array: those elements, then the top-level members after the array.
    mutating func remainder(from offset: Int, _ body: (borrowing ScannedElement) -> Void) throws(JSONScanError) -> TopLevel {
        cursor.position = offset
        released = offset
        reported = offset
        var topLevel = TopLevel(sawElements: true)
        topLevel.elementCount = try elementSequence(body, handOverAt: nil).count
        _ = try topLevelMembers(&topLevel, first: false, body, handOverAt: nil)
        return topLevel
    }

    /// The top-level object's members from the position on, to the end of the text.
    private mutating func topLevelMembers(
        _ topLevel: inout TopLevel, first: Bool, _ body: (borrowing ScannedElement) -> Void,
        handOverAt: Int?
    ) throws(JSONScanError) -> Bool {
        var first = first
        while let key = try nextKey(isFirst: first) {
            first = false
            if !topLevel.sawElements, keyEquals(key, "elements") || keyEquals(key, "features") {
                topLevel.sawElements = true
                let (count, handedOver) = try elements(body, handOverAt: handOverAt)
                topLevel.elementCount = count
                if handedOver { return true }
            } else if !topLevel.sawRemark, keyEquals(key, "remark") {
                topLevel.sawRemark = true
                topLevel.remark = try nullableString(path: "remark")
            } else {
                try cursor.skipValue(stack: &stack)
            }
        }
        cursor.skipWhitespace()
        guard cursor.isAtEnd else {
            throw cursor.unexpected("the end of the file after the document")
        }
        guard topLevel.sawElements else {
            throw JSONScanError(
                "the document has no \"elements\" array (Overpass JSON) or \"features\" array (GeoJSON)", at: topLevel.start)
        }
        return false
    }

    /// Steps over a UTF-8 byte-order mark; refuses UTF-16 and UTF-32, which Overpass never
    /// writes, and a file that starts with NUL bytes (zeros), which is no text at all: a
    /// sparse or preallocated file, or a download that never arrived.
    private mutating func skipByteOrderMark() throws(JSONScanError) {
        let b = cursor.base, n = cursor.count
        if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
            cursor.position = 3
        } else if b[0] == 0, n < 4 || (b[1] == 0 && b[2] == 0 && b[3] == 0) {
            throw JSONScanError(
                "the file starts with NUL bytes (zeros), not JSON text (a sparse or preallocated file, or an unfinished download?)", at: 0)
        } else if n >= 2, b[0] == 0 || b[1] == 0 || (b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF) {
            throw JSONScanError("the file looks like UTF-16 or UTF-32; Overpass JSON is UTF-8 (convert it with iconv -t UTF-8)", at: 0)
        }
    }

    /// Whether a document that begins with `prefix` is already sure to fail at its first
    /// bytes (not `{` after an optional byte-order mark and whitespace, or NUL bytes), so a
    /// stream need not be read further to report it: the scan of the prefix says why.
    static func cannotBeADocument(_ prefix: UnsafeRawBufferPointer) -> Bool {
        startVerdict(prefix) == true
    }

    /// `cannotBeADocument` once the prefix shows its first significant byte; nil while it
    /// is only a byte-order mark and whitespace (the answer may yet go either way).
    static func startVerdict(_ prefix: UnsafeRawBufferPointer) -> Bool? {
        var i = 0
        if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF { i = 3 }
        while i < prefix.count, JSONCursor.isWhitespace(prefix[i]) { i += 1 }
        return i < prefix.count ? prefix[i] != UInt8(ascii: "{") : nil
    }

    private mutating func elements(
        _ body: (borrowing ScannedElement) -> Void, handOverAt: Int?
    ) throws(JSONScanError) -> (count: Int, handedOver: Bool) {
        guard cursor.current == UInt8(ascii: "[") else {
            throw mismatch("\"elements\"", expected: "an array")
        }
        guard arrayOpens() else { return (0, false) }
        return try elementSequence(body, handOverAt: handOverAt)
    }

    /// Elements from the position (an element's `{`) to the array's `]`, or to `handOverAt`.
    private mutating func elementSequence(
        _ body: (borrowing ScannedElement) -> Void, handOverAt: Int?
    ) throws(JSONScanError) -> (count: Int, handedOver: Bool) {
        var index = 0
        while true {
            if cursor.position == handOverAt { return (index, true) }
            if let release, cursor.position - released >= Self.releaseStride {
                release(released..<cursor.position)
                released = cursor.position
            }
            if let progress, cursor.position - reported >= ScanProgress.stride {
                progress.advance(cursor.position - reported)
                reported = cursor.position
            }
            try element(index)
            body(element)
            index += 1
            cursor.skipWhitespace()
            switch cursor.current {
            case UInt8(ascii: ","):
                cursor.position += 1
                cursor.skipWhitespace()
            case UInt8(ascii: "]"):
                cursor.position += 1
                return (index, false)
            default:
                throw cursor.unexpected("',' or ']' after an element")
            }
        }
    }

    // MARK: Element

    private enum Field: UInt16 {
        case type = 1, id = 2, lat = 4, lon = 8, center = 16, tags = 32
        case bounds = 64, geometry = 128, nodes = 256, members = 512, properties = 1024
        case other = 0
    }

    /// What a GeoJSON feature says about its OSM identity, gathered while its object is read
    /// (its keys come in any order, so whether it is a feature is known only at the end).
    private struct FeatureFacts {
        /// The feature's `id` when it is a string (`node/123`, `n123`), and where it was.
        var idText: JSONStringToken?
        var idTextAt = -1
        /// `properties["@id"]` as text or number, `properties["@type"]`.
        var atID: JSONStringToken?
        var atIDNumber: Int64?
        var atType: JSONStringToken?
        /// `properties.type` and `properties.id` beside a nested `properties.tags` (osmtogeojson's
        /// structured layout).
        var nestedType: JSONStringToken?
        var nestedID: Int64?
        /// The tags were read from `properties` (kept only if the element is a feature).
        var tagsFromProperties = false
        /// A `Point` geometry's position.
        var point: (lat: Double, lon: Double)?
    }

    private mutating func element(_ index: Int?) throws(JSONScanError) {
        func at() -> String { index.map { "elements[\($0)]" } ?? "the element" }
        guard cursor.current == UInt8(ascii: "{") else {
            throw mismatch("\(at())", expected: "an object")
        }
        let start = cursor.position
        cursor.position += 1
        element.reset(offset: start)
        var feature = FeatureFacts()
        var seen: UInt16 = 0
        var first = true
        while let key = try nextKey(isFirst: first) {
            first = false
            let field = elementField(key)
            if field == .other || seen & field.rawValue != 0 {
                try cursor.skipValue(stack: &stack)
                continue
            }
            seen |= field.rawValue
            switch field {
            case .type:
                guard cursor.current == UInt8(ascii: "\"") else { throw mismatch("\(at()).type", expected: "a string") }
                let token = try cursor.scanString(checkingSurrogates: true)
                element.kind = elementKind(token)
                if keepAllTags || element.kind == .other { element.typeName = token.string(in: cursor.base) }
            case .id:
                if cursor.current == UInt8(ascii: "\"") {
                    // A GeoJSON feature's id; an error for an Overpass element (said at the end).
                    feature.idTextAt = cursor.position
                    feature.idText = try cursor.scanString(checkingSurrogates: true)
                    break
                }
                if let id = cursor.scanPlainInteger() {
                    element.id = id
                    break
                }
                let number = try numberToken(path: "\(at()).id", expected: "an integer")
                guard let id = JSONNumberValue.int64(in: cursor.base, number) else {
                    throw JSONScanError("\(at()).id is not an integer that fits in 64 bits", at: number.start)
                }
                element.id = id
            case .lat:
                element.lat = try nullableDouble(path: "\(at()).lat")
            case .lon:
                element.lon = try nullableDouble(path: "\(at()).lon")
            case .center:
                if try skipNull() { break }
                guard cursor.current == UInt8(ascii: "{") else { throw mismatch("\(at()).center", expected: "an object") }
                element.center = try center(path: "\(at()).center")
            case .tags:
                if try skipNull() { break }
                guard cursor.current == UInt8(ascii: "{") else { throw mismatch("\(at()).tags", expected: "an object") }
                if feature.tagsFromProperties { clearTags() }
                feature.tagsFromProperties = false
                try tags(path: "\(at()).tags")
            case .bounds:
                element.bounds = try boundsBox(path: "\(at()).bounds")
            case .geometry:
                var box = PositionBox()
                try geometry(into: &box, point: &feature.point, depth: 0, path: "\(at()).geometry")
                if !box.isEmpty { element.geometry = box }
            case .nodes:
                element.nodesStart = cursor.position
                try cursor.skipValue(stack: &stack)
            case .members:
                element.membersStart = cursor.position
                var box = PositionBox()
                try members(into: &box, path: "\(at()).members")
                if !box.isEmpty {
                    element.geometry =
                        element.geometry.map {
                            var g = $0; g.add(box); return g
                        } ?? box
                }
            case .properties:
                if try skipNull() { break }
                guard cursor.current == UInt8(ascii: "{") else { throw mismatch("\(at()).properties", expected: "an object") }
                try properties(&feature, path: "\(at()).properties", tagsSeen: seen & Field.tags.rawValue != 0)
            case .other:
                break
            }
        }
        guard seen & Field.type.rawValue != 0 else { throw JSONScanError("\(at()) has no \"type\"", at: start) }
        if element.kind == .other, element.typeName == "Feature" {
            try resolveFeature(feature)
            return
        }
        if feature.tagsFromProperties { clearTags() }
        if feature.idText != nil {
            // A string id is a GeoJSON feature's; an Overpass element's is a number.
            cursor.position = feature.idTextAt
            throw mismatch("\(at()).id", expected: "an integer")
        }
        guard seen & Field.id.rawValue != 0 else { throw JSONScanError("\(at()) has no \"id\"", at: start) }
    }

    private func elementField(_ key: JSONStringToken) -> Field {
        withKeyBytes(key) { k -> Field in
            switch k.count {
            case 2 where k[0] == UInt8(ascii: "i") && k[1] == UInt8(ascii: "d"): return .id
            case 3 where k[0] == UInt8(ascii: "l"):
                if k[1] == UInt8(ascii: "a") && k[2] == UInt8(ascii: "t") { return .lat }
                if k[1] == UInt8(ascii: "o") && k[2] == UInt8(ascii: "n") { return .lon }
                return .other
            case 4 where k[0] == UInt8(ascii: "t"):
                if Self.equals(k, "type") { return .type }
                if Self.equals(k, "tags") { return .tags }
                return .other
            case 5 where Self.equals(k, "nodes"): return .nodes
            case 6:
                if Self.equals(k, "center") { return .center }
                if Self.equals(k, "bounds") { return .bounds }
                return .other
            case 7 where Self.equals(k, "members"): return .members
            case 8 where Self.equals(k, "geometry"): return .geometry
            case 10 where Self.equals(k, "properties"): return .properties
            default: return .other
            }
        }
    }

    private func elementKind(_ token: JSONStringToken) -> ScannedElement.Kind {
        withKeyBytes(token) { t -> ScannedElement.Kind in
            if Self.equals(t, "node") { return .node }
            if Self.equals(t, "way") { return .way }
            if Self.equals(t, "relation") { return .relation }
            return .other
        }
    }

    private mutating func clearTags() {
        element.tagTokens.update(repeating: ScannedElement.absent, count: OSMTagKey.allCases.count)
        element.hasTags = false
        if keepAllTags { element.allTags = nil }
    }

    /// `center`: `lat` and `lon`, both required numbers.
    private mutating func center(path: @autoclosure () -> String) throws(JSONScanError) -> (lat: Double, lon: Double) {
        let start = cursor.position
        let (lat, lon) = try latLonFields(nullable: false, path: path())
        guard let lat else { throw JSONScanError("\(path()) has no \"lat\"", at: start) }
        guard let lon else { throw JSONScanError("\(path()) has no \"lon\"", at: start) }
        return (lat, lon)
    }

    /// `bounds` (`out bb;`): `minlat`, `minlon`, `maxlat`, `maxlon`; a box only when all four are numbers.
    private mutating func boundsBox(path: @autoclosure () -> String) throws(JSONScanError) -> PositionBox? {
        if try skipNull() { return nil }
        guard cursor.current == UInt8(ascii: "{") else { throw mismatch(path(), expected: "an object") }
        cursor.position += 1
        var values: [Double?] = [nil, nil, nil, nil]
        var seen: UInt8 = 0
        var first = true
        while let key = try nextKey(isFirst: first) {
            first = false
            guard let slot = keyIndex(key, among: Self.boundsKeys), seen & (1 << slot) == 0 else {
                try cursor.skipValue(stack: &stack)
                continue
            }
            seen |= 1 << slot
            values[slot] = try nullableDouble(path: "\(path()).\(Self.boundsKeys[slot])")
        }
        guard let south = values[0], let west = values[1], let north = values[2], let east = values[3] else { return nil }
        let box = PositionBox(south: south, west: west, north: north, east: east)
        return box.isEmpty ? nil : box
    }

    /// A `geometry`: Overpass's list of points (`out geom;`: objects with `lat` and `lon`, or
    /// null), or a GeoJSON geometry object (`coordinates` nested in arrays of `[lon, lat]`,
    /// or `geometries`). Every point goes into `box`; a GeoJSON `Point`'s also into `point`.
    private mutating func geometry(
        into box: inout PositionBox, point: inout (lat: Double, lon: Double)?,
        depth: Int, path: @autoclosure () -> String
    ) throws(JSONScanError) {
        switch cursor.current {
        case UInt8(ascii: "n"):
            try cursor.scanLiteral()
        case UInt8(ascii: "["):
            try pointList(into: &box, path: path())
        case UInt8(ascii: "{"):
            try geoJSONGeometry(into: &box, point: &point, depth: depth, path: path())
        default:
            throw mismatch(path(), expected: "an array or an object")
        }
    }

    /// Overpass's points: an array of `{"lat": .., "lon": ..}` or null.
    private mutating func pointList(into box: inout PositionBox, path: @autoclosure () -> String) throws(JSONScanError) {
        try objectArray(path: path()) { scanner, index throws(JSONScanError) in
            if let p = try scanner.latLonObject(path: "\(path())[\(index)]") { box.add(latitude: p.lat, longitude: p.lon) }
        }
    }

    /// An array of objects or nulls, the cursor at its `[`: `object` reads each object (the
    /// cursor at its `{`), given its index; a null is passed over.
    private mutating func objectArray(
        path: @autoclosure () -> String,
        _ object: (inout Self, Int) throws(JSONScanError) -> Void
    ) throws(JSONScanError) {
        guard arrayOpens() else { return }
        var index = 0
        while true {
            if try !skipNull() {
                guard cursor.current == UInt8(ascii: "{") else { throw mismatch("\(path())[\(index)]", expected: "an object") }
                try object(&self, index)
            }
            index += 1
            guard try arrayContinues() else { return }
        }
    }

    /// An object's `lat` and `lon` (numbers or null; other keys skipped); nil unless both are numbers.
    private mutating func latLonObject(path: @autoclosure () -> String) throws(JSONScanError) -> (lat: Double, lon: Double)? {
        let (lat, lon) = try latLonFields(nullable: true, path: path())
        guard let lat, let lon else { return nil }
        return (lat, lon)
    }

    /// The object at the cursor's first `lat` and `lon` (numbers, or also null when `nullable`);
    /// other keys and repeats are skipped, an absent one is nil. The callers decide what is missing.
    private mutating func latLonFields(nullable: Bool, path: @autoclosure () -> String) throws(JSONScanError) -> (Double?, Double?) {
        cursor.position += 1
        var lat: Double?, lon: Double?
        var sawLat = false, sawLon = false
        var first = true
        while let key = try nextKey(isFirst: first) {
            first = false
            let field = elementField(key)
            if field == .lat && !sawLat {
                sawLat = true
                lat = nullable ? try nullableDouble(path: "\(path()).lat") : try requiredDouble(path: "\(path()).lat")
            } else if field == .lon && !sawLon {
                sawLon = true
                lon = nullable ? try nullableDouble(path: "\(path()).lon") : try requiredDouble(path: "\(path()).lon")
            } else {
                try cursor.skipValue(stack: &stack)
            }
        }
        return (lat, lon)
    }

    /// At an array's `[`: steps into it; false, and past its `]`, when it is empty.
    private mutating func arrayOpens() -> Bool {
        cursor.opens(closingWith: UInt8(ascii: "]"))
    }

    /// After an array item: true at `,` (and steps over it), false at `]`.
    private mutating func arrayContinues() throws(JSONScanError) -> Bool {
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: ",") {
            cursor.position += 1
            cursor.skipWhitespace()
            return true
        }
        try cursor.expect(UInt8(ascii: "]"), "',' or ']'")
        return false
    }

    /// Nested arrays deeper than this inside a geometry are checked but not read for points
    /// (a MultiPolygon nests four deep): no document can make the reader recurse without end.
    private static let geometryDepth = 8

    /// A GeoJSON geometry object: its `type`, `coordinates` and `geometries`.
    private mutating func geoJSONGeometry(
        into box: inout PositionBox, point: inout (lat: Double, lon: Double)?,
        depth: Int, path: @autoclosure () -> String
    ) throws(JSONScanError) {
        cursor.position += 1
        var isPoint = false
        var local = PositionBox()
        var firstPosition: (lat: Double, lon: Double)?
        var sawType = false, sawCoordinates = false, sawGeometries = false
        var first = true
        while let key = try nextKey(isFirst: first) {
            first = false
            switch keyIndex(key, among: Self.geometryKeys) {
            case 0 where !sawType && cursor.current == UInt8(ascii: "\""):
                sawType = true
                let token = try cursor.scanString(checkingSurrogates: true)
                isPoint = withKeyBytes(token) { Self.equals($0, "Point") }
            case 1 where !sawCoordinates && depth < Self.geometryDepth:
                sawCoordinates = true
                try coordinates(into: &local, first: &firstPosition, depth: depth + 1)
            case 2 where !sawGeometries && depth < Self.geometryDepth && cursor.current == UInt8(ascii: "["):
                sawGeometries = true
                guard arrayOpens() else { break }
                while true {
                    if cursor.current == UInt8(ascii: "{") {
                        var ignored: (lat: Double, lon: Double)?
                        try geoJSONGeometry(into: &local, point: &ignored, depth: depth + 1, path: "\(path()).geometries")
                    } else {
                        try cursor.skipValue(stack: &stack)
                    }
                    guard try arrayContinues() else { break }
                }
            default:
                try cursor.skipValue(stack: &stack)
            }
        }
        if isPoint, let p = firstPosition, local.minLatitude == local.maxLatitude, local.minLongitude == local.maxLongitude { point = p }
        box.add(local)
    }

    /// GeoJSON `coordinates`: a position (`[lon, lat, ...]`) or arrays of them, nested.
    private mutating func coordinates(
        into box: inout PositionBox, first: inout (lat: Double, lon: Double)?, depth: Int
    ) throws(JSONScanError) {
        guard cursor.current == UInt8(ascii: "["), depth < Self.geometryDepth else {
            try cursor.skipValue(stack: &stack)
            return
        }
        guard arrayOpens() else { return }
        if cursor.current == UInt8(ascii: "-") || JSONCursor.isDigit(cursor.current) {
            // A position: longitude, latitude, then anything (an altitude).
            var numbers: [Double] = []
            while true {
                if numbers.count < 2, cursor.current == UInt8(ascii: "-") || JSONCursor.isDigit(cursor.current) {
                    numbers.append(try requiredDouble(path: "a coordinate"))
                } else {
                    try cursor.skipValue(stack: &stack)
                }
                guard try arrayContinues() else { break }
            }
            if numbers.count == 2 {
                box.add(latitude: numbers[1], longitude: numbers[0])
                if first == nil { first = (numbers[1], numbers[0]) }
            }
            return
        }
        while true {
            try coordinates(into: &box, first: &first, depth: depth + 1)
            guard try arrayContinues() else { return }
        }
    }

    /// A relation's `members`: their points (`lat`/`lon` of node members and `geometry` of
    /// way members, as `out geom;` writes them) go into `box`.
    private mutating func members(into box: inout PositionBox, path: @autoclosure () -> String) throws(JSONScanError) {
        if try skipNull() { return }
        guard cursor.current == UInt8(ascii: "[") else { throw mismatch(path(), expected: "an array") }
        try objectArray(path: path()) { scanner, index throws(JSONScanError) in
            try scanner.member(into: &box, path: "\(path())[\(index)]")
        }
    }

    private mutating func member(into box: inout PositionBox, path: @autoclosure () -> String) throws(JSONScanError) {
        cursor.position += 1
        var lat: Double?, lon: Double?
        var seen: UInt16 = 0
        var first = true
        while let key = try nextKey(isFirst: first) {
            first = false
            let field = elementField(key)
            guard field == .lat || field == .lon || field == .geometry, seen & field.rawValue == 0 else {
                try cursor.skipValue(stack: &stack)
                continue
            }
            seen |= field.rawValue
            switch field {
            case .lat: lat = try nullableDouble(path: "\(path()).lat")
            case .lon: lon = try nullableDouble(path: "\(path()).lon")
            default:
                var ignored: (lat: Double, lon: Double)?
                try geometry(into: &box, point: &ignored, depth: 0, path: "\(path()).geometry")
            }
        }
        if let lat, let lon { box.add(latitude: lat, longitude: lon) }
    }

    /// A GeoJSON feature's `properties`: string values are its OSM tags (others, such as
    /// `@relations`, are skipped); `@id` and `@type` say which element it is; a nested `tags`
    /// object (osmtogeojson's structured layout) holds the tags, beside `type` and `id`.
    private mutating func properties(_ feature: inout FeatureFacts, path: @autoclosure () -> String, tagsSeen: Bool) throws(JSONScanError) {
        cursor.position += 1
        let keepTags = !tagsSeen
        if keepTags {
            feature.tagsFromProperties = true
            element.hasTags = true
            if keepAllTags { element.allTags = [:] }
        }
        var sawNested = false
        var first = true
        while let key = try nextKey(isFirst: first) {
            first = false
            let special = keyIndex(key, among: Self.propertyKeys).map { $0 + 1 } ?? 0
            switch cursor.current {
            case UInt8(ascii: "\""):
                let value = try cursor.scanString(checkingSurrogates: true)
                if special == 1, feature.atID == nil { feature.atID = value }
                if special == 2, feature.atType == nil { feature.atType = value }
                if special == 4, feature.nestedType == nil { feature.nestedType = value }
                guard keepTags, special != 1, special != 2 else { continue }
                if keepAllTags {
                    let name = key.string(in: cursor.base)
                    if element.allTags?[name] == nil { element.allTags?[name] = value.string(in: cursor.base) }
                }
                if !sawNested, let tagKey = withKeyBytes(key, { tagKeys.value(for: $0) }), element.tagTokens[tagKey.rawValue].start < 0 {
                    element.tagTokens[tagKey.rawValue] = value
                }
            case UInt8(ascii: "-") where special == 1 || special == 5,
                UInt8(ascii: "0")...UInt8(ascii: "9") where special == 1 || special == 5:
                let number = try cursor.scanNumber()
                let id = number.isInteger ? JSONNumberValue.int64(in: cursor.base, number) : nil
                if special == 1, feature.atIDNumber == nil { feature.atIDNumber = id }
                if special == 5, feature.nestedID == nil { feature.nestedID = id }
            case UInt8(ascii: "{") where special == 3 && keepTags && !sawNested:
                sawNested = true
                clearTags()
                try tags(path: "\(path()).tags")
            default:
                try cursor.skipValue(stack: &stack)
            }
        }
    }

    /// Makes a GeoJSON feature an element: its type and id from its `id` (`node/123` as
    /// overpass turbo writes it; `n123`, `w123`, or an area's `a<2 × way id>` or
    /// `a<2 × relation id + 1>` as osmium export writes it), else from `@id` (the same text,
    /// or a number beside `@type`), else from a structured `type` and `id`; its tags from
    /// `properties`; its position from its geometry. Without an OSM id it is no place.
    private mutating func resolveFeature(_ feature: FeatureFacts) throws(JSONScanError) {
        element.typeName = keepAllTags ? "Feature" : nil
        element.kind = .other
        element.id = 0
        var ref: (ScannedElement.Kind, Int64)?
        if let text = feature.idText { ref = withKeyBytes(text, Self.featureID) }
        if ref == nil, let text = feature.atID { ref = withKeyBytes(text, Self.featureID) }
        if ref == nil, let id = feature.atIDNumber, let type = feature.atType { ref = (elementKind(type), id) }
        if ref == nil, let id = feature.nestedID, let type = feature.nestedType { ref = (elementKind(type), id) }
        if !feature.tagsFromProperties { clearTags() }
        guard let (kind, id) = ref, kind != .other else { return }
        element.kind = kind
        element.id = id
        if let point = feature.point {
            element.lat = point.lat
            element.lon = point.lon
            element.geometry = nil
        } else if kind == .node, let box = element.geometry?.center {
            element.lat = box.lat
            element.lon = box.lon
        } else {
            element.lat = nil
            element.lon = nil
        }
        element.center = nil
        element.bounds = nil
    }

    /// `node/123`, `way/1`, `relation/7`; `n123`, `w1`, `r7`; `a<n>` (osmium's area ids).
    private static func featureID(_ text: UnsafeRawBufferPointer) -> (ScannedElement.Kind, Int64)? {
        func number(from start: Int) -> Int64? {
            guard start < text.count, text.count - start <= 19 else { return nil }
            var value: Int64 = 0
            for i in start..<text.count {
                let d = text[i] &- 0x30
                guard d < 10 else { return nil }
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(Int64(d))
                guard !o1, !o2 else { return nil }
                value = sum
            }
            return value
        }
        for (prefix, kind) in [("node/", ScannedElement.Kind.node), ("way/", .way), ("relation/", .relation)] {
            let p = Array(prefix.utf8)
            if text.count > p.count, text.starts(with: p), let id = number(from: p.count) { return (kind, id) }
        }
        guard let first = text.first, let id = number(from: 1) else { return nil }
        switch first {
        case UInt8(ascii: "n"): return (.node, id)
        case UInt8(ascii: "w"): return (.way, id)
        case UInt8(ascii: "r"): return (.relation, id)
        case UInt8(ascii: "a"): return id % 2 == 0 ? (.way, id / 2) : (.relation, (id - 1) / 2)
        default: return nil
        }
    }

    /// `tags`: an object of strings. Keeps the venue keys' positions (or every tag, decoded).
    private mutating func tags(path: @autoclosure () -> String) throws(JSONScanError) {
        cursor.position += 1
        let objectStart = cursor.position
        element.hasTags = true
        if keepAllTags { element.allTags = [:] }
        var first = true
        while let key = try nextKey(isFirst: first) {
            first = false
            let valueStart = cursor.position
            var value: JSONStringToken?
            if cursor.current == UInt8(ascii: "\"") {
                do {
                    value = try cursor.scanString(checkingSurrogates: true)
                } catch {
                    // A lone surrogate is fine in a later duplicate, which JSONDecoder never decodes.
                    guard isDuplicate(key, inObjectAt: objectStart) else { throw error }
                    cursor.position = valueStart
                }
            } else if !isDuplicate(key, inObjectAt: objectStart) {
                throw mismatch("\(path())[\"\(key.string(in: cursor.base))\"]", expected: "a string")
            }
            guard let value else {
                try cursor.skipValue(stack: &stack)
                continue
            }
            if keepAllTags {
                let name = key.string(in: cursor.base)
                if element.allTags?[name] == nil { element.allTags?[name] = value.string(in: cursor.base) }
            }
            if let tagKey = withKeyBytes(key, { tagKeys.value(for: $0) }), element.tagTokens[tagKey.rawValue].start < 0 {
                element.tagTokens[tagKey.rawValue] = value
            }
        }
    }

    /// Whether an earlier key of the object starting at `objectStart` (after its `{`) equals `key`.
    private func isDuplicate(_ key: JSONStringToken, inObjectAt objectStart: Int) -> Bool {
        var probe = JSONCursor(cursor.base, count: cursor.count, position: objectStart)
        var stack: [Bool] = []
        let target = key.decodedBytes(in: cursor.base)
        while true {
            probe.skipWhitespace()
            if probe.current == UInt8(ascii: ",") { probe.position += 1; probe.skipWhitespace() }
            guard probe.position < key.start - 1,
                let earlier = try? probe.scanString(checkingSurrogates: false)
            else { return false }
            if earlier.decodedBytes(in: cursor.base) == target { return true }
            probe.skipWhitespace()
            probe.position += 1  // ':'
            probe.skipWhitespace()
            guard (try? probe.skipValue(stack: &stack)) != nil else { return false }
        }
    }

    // MARK: Members and values

    /// The next key of an object (leaving the position on its value), or nil at the `}`.
    @inline(__always)
    private mutating func nextKey(isFirst: Bool) throws(JSONScanError) -> JSONStringToken? {
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "}") {
            cursor.position += 1
            return nil
        }
        if !isFirst {
            try cursor.expect(UInt8(ascii: ","), "',' or '}'")
            cursor.skipWhitespace()
        }
        guard cursor.current == UInt8(ascii: "\"") else {
            throw cursor.unexpected(isFirst ? "a string key or '}'" : "a string key")
        }
        let key = try cursor.scanString(checkingSurrogates: true)
        cursor.skipWhitespace()
        try cursor.expect(UInt8(ascii: ":"), "':' after an object key")
        cursor.skipWhitespace()
        return key
    }

    private mutating func skipNull() throws(JSONScanError) -> Bool {
        guard cursor.current == UInt8(ascii: "n") else { return false }
        try cursor.scanLiteral()
        return true
    }

    private mutating func numberToken(path: @autoclosure () -> String, expected: String) throws(JSONScanError) -> JSONNumberToken {
        let b = cursor.current
        guard b == UInt8(ascii: "-") || JSONCursor.isDigit(b) else { throw mismatch(path(), expected: expected) }
        return try cursor.scanNumber()
    }

    private mutating func requiredDouble(path: @autoclosure () -> String) throws(JSONScanError) -> Double {
        if let value = cursor.scanPlainDecimal() { return value }
        let number = try numberToken(path: path(), expected: "a number")
        guard let value = JSONNumberValue.double(in: cursor.base, number) else {
            throw JSONScanError("\(path()) is out of the range of a 64-bit floating-point number", at: number.start)
        }
        return value
    }

    private mutating func nullableDouble(path: @autoclosure () -> String) throws(JSONScanError) -> Double? {
        if try skipNull() { return nil }
        return try requiredDouble(path: path())
    }

    private mutating func nullableString(path: @autoclosure () -> String) throws(JSONScanError) -> String? {
        if try skipNull() { return nil }
        guard cursor.current == UInt8(ascii: "\"") else { throw mismatch(path(), expected: "a string") }
        return try cursor.scanString(checkingSurrogates: true).string(in: cursor.base)
    }

    /// A value of the wrong type where `path` is (or no value at all).
    private func mismatch(_ path: @autoclosure () -> String, expected: String) -> JSONScanError {
        let found: String
        switch cursor.current {
        case UInt8(ascii: "\""): found = "a string"
        case UInt8(ascii: "{"): found = "an object"
        case UInt8(ascii: "["): found = "an array"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): found = "a number"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): found = "a boolean"
        case UInt8(ascii: "n"): found = "null"
        default: return cursor.unexpected("a value")
        }
        return JSONScanError("\(path()) should be \(expected) but is \(found)", at: cursor.position)
    }

    // MARK: Keys

    @inline(__always)
    private func withKeyBytes<R>(_ key: JSONStringToken, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        key.withDecodedBytes(in: cursor.base, body)
    }

    /// Which of `names` the key is, by its index; nil for none of them.
    private func keyIndex(_ key: JSONStringToken, among names: [StaticString]) -> Int? {
        withKeyBytes(key) { k in names.firstIndex { Self.equals(k, $0) } }
    }

    /// The keys of `bounds`, in the order of `PositionBox(south:west:north:east:)`.
    private static let boundsKeys: [StaticString] = ["minlat", "minlon", "maxlat", "maxlon"]
    /// The keys of a GeoJSON geometry the scanner reads.
    private static let geometryKeys: [StaticString] = ["type", "coordinates", "geometries"]
    /// The keys of a GeoJSON feature's `properties` that are more than tags (`special` 1 to 5).
    private static let propertyKeys: [StaticString] = ["@id", "@type", "tags", "type", "id"]

    private func keyEquals(_ key: JSONStringToken, _ literal: StaticString) -> Bool {
        withKeyBytes(key) { Self.equals($0, literal) }
    }

    @inline(__always)
    private static func equals(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        for i in 0..<bytes.count where bytes[i] != literal.utf8Start[i] { return false }
        return true
    }
}
