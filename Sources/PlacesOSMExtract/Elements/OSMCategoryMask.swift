import PlacesModel
import PlacesSupport

/// The `--type` categories an element can be in, as one bit per `PlaceCategory`, worked
/// out from the raw bytes of its tags: lets a scan or an index query pass over elements of
/// other types without building a venue.
///
/// It is exact for plain ASCII tag values, and all ones ("maybe anything") when a value has
/// escapes or non-ASCII bytes; the final test is always on the venue `OSMVenueMapper` makes.
/// An instance holds the lookup tables, so a scan fetches them once rather than per element.
struct OSMCategoryMask: Sendable {
    static let unknown = UInt64.max

    static func bit(_ category: PlaceCategory) -> UInt64 {
        // Unwrap justified: every case of an enum is in its allCases.
        1 << UInt64(PlaceCategory.allCases.firstIndex(of: category)!)
    }

    /// The bits of the categories a request asks for; nil when it asks for any.
    static func of(_ categories: [PlaceCategory]) -> UInt64? {
        categories.isEmpty ? nil : categories.reduce(0) { $0 | bit($1) }
    }

    static let tables = OSMCategoryMask()

    /// Tag value → category bits, one table per key `OSMCategoryTable` reads: the primary
    /// keys in their order (`OSMTagKey` 1...5), then `atm` (6).
    private let amenity, shop, tourism, leisure, healthcare, atm: ByteStringTable<UInt64>
    /// Category name → its bit, for the main tag's value when nothing else matched.
    private let byName = ByteStringTable(PlaceCategory.allCases.map { ($0.rawValue, bit($0)) })

    private init() {
        let keys: [OSMTagKey] = [.amenity, .shop, .tourism, .leisure, .healthcare, .atm]
        // Not reachable by data: compares two tables compiled into the program, once.
        precondition(keys.map(\.key) == OSMCategoryTable.primaryKeys + ["atm"] && keys.map(\.rawValue) == Array(1...6))
        func table(_ key: OSMTagKey) -> ByteStringTable<UInt64> {
            var bits: [String: UInt64] = [:]
            for (category, tags) in OSMCategoryTable.tags {
                for tag in tags where tag.key == key.key { bits[tag.value, default: 0] |= Self.bit(category) }
            }
            return ByteStringTable(bits.map { ($0.key, $0.value) })
        }
        (amenity, shop, tourism, leisure, healthcare, atm) = (
            table(.amenity), table(.shop), table(.tourism), table(.leisure), table(.healthcare), table(.atm)
        )
    }

    @inline(__always) private func table(_ rawKey: Int) -> ByteStringTable<UInt64> {
        switch rawKey {
        case 1: return amenity
        case 2: return shop
        case 3: return tourism
        case 4: return leisure
        case 5: return healthcare
        default: return atm
        }
    }

    /// The mask for an element, from the values of the keys `OSMCategoryTable` reads.
    func of(_ element: borrowing ScannedElement) -> UInt64 {
        var mask: UInt64 = 0
        for rawKey in 1...6 {
            let token = element.tagTokens[rawKey]
            if token.start < 0 { continue }
            if token.hasEscapes { return Self.unknown }
            let value = UnsafeRawBufferPointer(start: element.text + token.start, count: token.end - token.start)
            for b in value where b >= 0x80 { return Self.unknown }
            mask |= table(rawKey).value(for: value) ?? 0
        }
        if mask != 0 { return mask }
        // No vocabulary category: OSMVenueMapper keeps the main tag's trimmed value, which
        // may itself be a vocabulary name (`amenity=gym`).
        guard let main = Self.mainValue(of: element) else { return 0 }
        return byName.value(for: UnsafeRawBufferPointer(start: element.text + main.lowerBound, count: main.count)) ?? 0
    }

    /// `OSMVenueMapper.categories` for the element, from the same bytes `of` reads: the
    /// vocabulary categories, else the main tag's trimmed value; nil when a value has
    /// escapes or non-ASCII bytes (then only the mapper can say).
    func categories(of element: borrowing ScannedElement) -> [String]? {
        let mask = of(element)
        if mask == Self.unknown { return nil }
        if let raw = fallbackValue(of: element) {
            return [String(decoding: UnsafeRawBufferPointer(start: element.text + raw.lowerBound, count: raw.count), as: UTF8.self)]
        }
        return PlaceCategory.allCases.filter { mask & Self.bit($0) != 0 }.map(\.rawValue)
    }

    /// Where the mapper's fallback category lies in the text, for an element whose mask is
    /// known (`of` is not `unknown`) and has no vocabulary category: the first main tag's
    /// trimmed value that is not empty or `yes`. Nil when the element has a vocabulary
    /// category, or no such value (then its categories are the mask's names, or none).
    func fallbackValue(of element: borrowing ScannedElement) -> Range<Int>? {
        for rawKey in 1...6 {
            let token = element.tagTokens[rawKey]
            if token.start < 0 { continue }
            let value = UnsafeRawBufferPointer(start: element.text + token.start, count: token.end - token.start)
            if table(rawKey).value(for: value) != nil { return nil }
        }
        return Self.mainValue(of: element)
    }

    /// Where the first main tag's value (keys 1 to 5) that is neither empty nor `yes` once
    /// trimmed lies in the text, trimmed: the category `OSMVenueMapper` falls back on.
    private static func mainValue(of element: borrowing ScannedElement) -> Range<Int>? {
        for rawKey in 1...5 {
            let token = element.tagTokens[rawKey]
            if token.start < 0 { continue }
            var start = token.start, end = token.end
            while start < end, Self.isASCIIWhitespace(element.text[start]) { start += 1 }
            while end > start, Self.isASCIIWhitespace(element.text[end - 1]) { end -= 1 }
            let value = UnsafeRawBufferPointer(start: element.text + start, count: end - start)
            if value.isEmpty || Self.equalsYes(value) { continue }
            return start..<end
        }
        return nil
    }

    private static func isASCIIWhitespace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }

    private static func equalsYes(_ value: UnsafeRawBufferPointer) -> Bool {
        value.count == 3 && value[0] == UInt8(ascii: "y") && value[1] == UInt8(ascii: "e") && value[2] == UInt8(ascii: "s")
    }
}
