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
    static func scan(_ text: UnsafeRawBufferPointer, tags: TagSelection = .venueKeys,
                     release: ((Range<Int>) -> Void)? = nil,
                     _ body: (borrowing ScannedElement) -> Void) throws(JSONScanError) -> Summary {
        try withScanner(text, keepAllTags: tags == .all, release: release) { scanner throws(JSONScanError) in
            try scanner.document(body, handOverAt: nil).summary
        }
    }

    /// Scans the one element whose `{` is at `offset` (as an index entry records it) and
    /// calls `body` with it.
    static func scanElement<R>(at offset: Int, in text: UnsafeRawBufferPointer,
                               _ body: (borrowing ScannedElement) -> R) throws(JSONScanError) -> R {
        guard offset >= 0, offset < text.count else { throw JSONScanError("no element starts here", at: offset) }
        return try withScanner(text, keepAllTags: false, release: nil) { scanner throws(JSONScanError) in
            scanner.cursor.position = offset
            try scanner.element(nil)
            return body(scanner.element)
        }
    }

    /// Calls `body` with a scanner at the start of `text`.
    static func withScanner<R>(_ text: UnsafeRawBufferPointer, keepAllTags: Bool, release: ((Range<Int>) -> Void)?,
                               _ body: (inout OverpassScanner) throws(JSONScanError) -> R) throws(JSONScanError) -> R {
        guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self), text.count > 0 else {
            throw JSONScanError("the file is empty", at: 0)
        }
        let tagTokens = UnsafeMutablePointer<JSONStringToken>.allocate(capacity: OSMTagKey.allCases.count)
        tagTokens.initialize(repeating: ScannedElement.absent, count: OSMTagKey.allCases.count)
        defer { tagTokens.deallocate() }
        var scanner = OverpassScanner(base: base, count: text.count, tagTokens: tagTokens, keepAllTags: keepAllTags, release: release)
        return try body(&scanner)
    }

    private var cursor: JSONCursor
    private var element: ScannedElement
    private var stack: [Bool] = []
    private let keepAllTags: Bool
    private let release: ((Range<Int>) -> Void)?
    private var released = 0

    private let tagKeys = OSMTagKey.byKeyBytes

    private init(base: UnsafePointer<UInt8>, count: Int, tagTokens: UnsafeMutablePointer<JSONStringToken>,
                 keepAllTags: Bool, release: ((Range<Int>) -> Void)?) {
        cursor = JSONCursor(base, count: count)
        element = ScannedElement(text: base, tagTokens: tagTokens)
        self.keepAllTags = keepAllTags
        self.release = release
        stack.reserveCapacity(64)
    }

    // MARK: Document

    /// The whole document; or, with `handOverAt`, up to the element starting exactly there
    /// (`handedOver` says whether it was met: then the rest is another scan's).
    mutating func document(_ body: (borrowing ScannedElement) -> Void,
                           handOverAt: Int?) throws(JSONScanError) -> (summary: Summary, topLevel: TopLevel, handedOver: Bool) {
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
        var topLevel = TopLevel(sawElements: true)
        topLevel.elementCount = try elementSequence(body, handOverAt: nil).count
        _ = try topLevelMembers(&topLevel, first: false, body, handOverAt: nil)
        return topLevel
    }

    /// The top-level object's members from the position on, to the end of the text.
    private mutating func topLevelMembers(_ topLevel: inout TopLevel, first: Bool, _ body: (borrowing ScannedElement) -> Void,
                                          handOverAt: Int?) throws(JSONScanError) -> Bool {
        var first = first
        while let key = try nextKey(isFirst: first) {
            first = false
            if !topLevel.sawElements, keyEquals(key, "elements") {
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
            throw JSONScanError("the document has no \"elements\" array", at: topLevel.start)
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
            throw JSONScanError("the file starts with NUL bytes (zeros), not JSON text (a sparse or preallocated file, or an unfinished download?)", at: 0)
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

    private mutating func elements(_ body: (borrowing ScannedElement) -> Void, handOverAt: Int?) throws(JSONScanError) -> (count: Int, handedOver: Bool) {
        guard cursor.current == UInt8(ascii: "[") else {
            throw mismatch("\"elements\"", expected: "an array")
        }
        cursor.position += 1
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "]") {
            cursor.position += 1
            return (0, false)
        }
        return try elementSequence(body, handOverAt: handOverAt)
    }

    /// Elements from the position (an element's `{`) to the array's `]`, or to `handOverAt`.
    private mutating func elementSequence(_ body: (borrowing ScannedElement) -> Void, handOverAt: Int?) throws(JSONScanError) -> (count: Int, handedOver: Bool) {
        var index = 0
        while true {
            if cursor.position == handOverAt { return (index, true) }
            if let release, cursor.position - released >= Self.releaseStride {
                release(released..<cursor.position)
                released = cursor.position
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

    private enum Field: UInt8 {
        case type = 1, id = 2, lat = 4, lon = 8, center = 16, tags = 32, other = 0
    }

    private mutating func element(_ index: Int?) throws(JSONScanError) {
        func at() -> String { index.map { "elements[\($0)]" } ?? "the element" }
        guard cursor.current == UInt8(ascii: "{") else {
            throw mismatch("\(at())", expected: "an object")
        }
        let start = cursor.position
        cursor.position += 1
        element.reset(offset: start)
        var seen: UInt8 = 0
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
                try tags(path: "\(at()).tags")
            case .other:
                break
            }
        }
        guard seen & Field.type.rawValue != 0 else { throw JSONScanError("\(at()) has no \"type\"", at: start) }
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
            case 6 where Self.equals(k, "center"): return .center
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

    /// `center`: `lat` and `lon`, both required numbers.
    private mutating func center(path: @autoclosure () -> String) throws(JSONScanError) -> (lat: Double, lon: Double) {
        let start = cursor.position
        cursor.position += 1
        var lat: Double?, lon: Double?
        var sawLat = false, sawLon = false
        var first = true
        while let key = try nextKey(isFirst: first) {
            first = false
            let field = elementField(key)
            if field == .lat && !sawLat {
                sawLat = true
                lat = try requiredDouble(path: "\(path()).lat")
            } else if field == .lon && !sawLon {
                sawLon = true
                lon = try requiredDouble(path: "\(path()).lon")
            } else {
                try cursor.skipValue(stack: &stack)
            }
        }
        guard let lat else { throw JSONScanError("\(path()) has no \"lat\"", at: start) }
        guard let lon else { throw JSONScanError("\(path()) has no \"lon\"", at: start) }
        return (lat, lon)
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
                  let earlier = try? probe.scanString(checkingSurrogates: false) else { return false }
            if earlier.decodedBytes(in: cursor.base) == target { return true }
            probe.skipWhitespace()
            probe.position += 1   // ':'
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
