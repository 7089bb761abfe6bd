/// The `--type` categories an element can be in, as one bit per `PlaceCategory`, worked
/// out from the raw bytes of its tags: lets a scan or an index query pass over elements of
/// other types without building a venue.
///
/// It is exact for plain ASCII tag values, and all ones ("maybe anything") when a value has
/// escapes or non-ASCII bytes; the final test is always on the venue `OSMVenueMapper` makes.
enum OSMCategoryMask {
    static let unknown = UInt64.max

    static func bit(_ category: PlaceCategory) -> UInt64 {
        1 << UInt64(PlaceCategory.allCases.firstIndex(of: category)!)
    }

    /// The bits of the categories a request asks for; nil when it asks for any.
    static func of(_ categories: [PlaceCategory]) -> UInt64? {
        categories.isEmpty ? nil : categories.reduce(0) { $0 | bit($1) }
    }

    /// The mask for an element, from the values of the keys `OSMCategoryTable` reads.
    static func of(_ element: borrowing ScannedElement) -> UInt64 {
        var mask: UInt64 = 0
        for key in mappedKeys {
            guard let token = element.token(key) else { continue }
            if token.hasEscapes { return unknown }
            let value = UnsafeRawBufferPointer(start: element.text + token.start, count: token.end - token.start)
            if value.contains(where: { $0 >= 0x80 }) { return unknown }
            mask |= byTag[key.rawValue]?.value(for: value) ?? 0
        }
        if mask != 0 { return mask }
        // No vocabulary category: OSMVenueMapper keeps the main tag's trimmed value, which
        // may itself be a vocabulary name (`amenity=gym`).
        for key in primaryKeys {
            guard let token = element.token(key) else { continue }
            var start = token.start, end = token.end
            while start < end, isASCIIWhitespace(element.text[start]) { start += 1 }
            while end > start, isASCIIWhitespace(element.text[end - 1]) { end -= 1 }
            let value = UnsafeRawBufferPointer(start: element.text + start, count: end - start)
            if value.isEmpty || Self.equalsYes(value) { continue }
            return byName.value(for: value) ?? 0
        }
        return 0
    }

    private static let primaryKeys: [OSMTagKey] = OSMCategoryTable.primaryKeys.map { key in
        OSMTagKey.allCases.first { $0.key == key }!
    }

    private static let mappedKeys: [OSMTagKey] = primaryKeys + [.atm]

    /// For each mapped key (by `OSMTagKey` raw value): tag value → category bits.
    private static let byTag: [ByteStringTable<UInt64>?] = {
        var bits: [OSMTagKey: [String: UInt64]] = [:]
        for (category, tags) in OSMCategoryTable.tags {
            for tag in tags {
                let key = OSMTagKey.allCases.first { $0.key == tag.key }!
                bits[key, default: [:]][tag.value, default: 0] |= bit(category)
            }
        }
        return OSMTagKey.allCases.map { key in bits[key].map { ByteStringTable($0.map { ($0.key, $0.value) }) } }
    }()

    private static let byName = ByteStringTable(PlaceCategory.allCases.map { ($0.rawValue, bit($0)) })

    private static func isASCIIWhitespace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }

    private static func equalsYes(_ value: UnsafeRawBufferPointer) -> Bool {
        value.count == 3 && value[0] == UInt8(ascii: "y") && value[1] == UInt8(ascii: "e") && value[2] == UInt8(ascii: "s")
    }
}
