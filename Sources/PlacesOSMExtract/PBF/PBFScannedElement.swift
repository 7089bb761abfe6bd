/// A PBF element as the rest of the extract code reads one: a `ScannedElement` whose text
/// is the block's bytes and whose tag tokens point at the string table's entries (raw
/// UTF-8, never escaped). So categories, search texts, index entries and venues are made
/// by the very code that makes them from Overpass JSON.
enum PBFScannedElement {
    /// Calls `body` with `element` as a `ScannedElement` of the loaded `block`, whose index
    /// entry names the block at `blockOffset`. `tokens` is scratch room for one token per
    /// `OSMTagKey`. The first of duplicate keys wins, as in the JSON scanner.
    @inline(__always)
    static func with<R>(
        _ element: PBFElement, in block: PBFPrimitiveBlock, blockOffset: Int,
        tokens: UnsafeMutablePointer<JSONStringToken>,
        _ body: (borrowing ScannedElement) -> R
    ) throws(PBFError) -> R {
        var scanned = ScannedElement(text: block.base, tagTokens: tokens)
        scanned.reset(offset: blockOffset)
        scanned.kind = element.kind
        scanned.id = element.id
        if element.kind == .node {
            scanned.lat = element.latitude
            scanned.lon = element.longitude
        }
        scanned.hasTags = !element.tags.isEmpty
        try block.forEachTag(element.tags) { key, value in
            if let tagKey = block.tagKey(key), tokens[tagKey.rawValue].start < 0 {
                tokens[tagKey.rawValue] = JSONStringToken(
                    start: Int(block.stringStarts[value]), end: Int(block.stringEnds[value]), hasEscapes: false)
            }
            return true
        }
        return body(scanned)
    }
}

/// A way or relation that is a place, with the tags a venue needs copied out of its block,
/// kept until its members have placed it (they may lie in blocks read later). The tags are
/// kept as its venue record (`PBFVenueRecords`): the values of the keys it has, not a table
/// of every key, so a country's hundreds of thousands of them take tens of bytes each.
struct PBFDetachedPlace {
    var kind: ScannedElement.Kind
    var id: Int64
    /// The block the element lies in (its index entry names it).
    var blockOffset: Int
    private var record: [UInt8]

    /// Copies what `element` (of the loaded `block`) needs.
    init(_ element: borrowing ScannedElement) {
        kind = element.kind
        id = element.id
        blockOffset = element.offset
        record = []
        PBFVenueRecords.appendRecord(of: element, to: &record)
    }

    /// Calls `body` with the place as a `ScannedElement` (no position of its own); nil if
    /// its record could not be read back, which a record this type wrote always can.
    func withElement<R>(_ body: (borrowing ScannedElement) -> R) -> R? {
        record.withUnsafeBytes { bytes in
            PBFVenueRecords.withElement(record: bytes, kind: kind, id: id, position: (0, 0), offset: blockOffset, body)
        }
    }
}
