import PlacesModel
import PlacesSupport

/// Writes scanned elements' folded texts (`OSMSearchText`) without building venues or
/// Strings where it can: the name folded from its bytes in the text, straight into the
/// record; the categories' folded names kept per category mask; a `cuisine` value's folded
/// canonical names kept per value (an extract has a few hundred). An element whose text the
/// fast fold cannot make (escapes in a category, a scalar outside Latin, a damaged value)
/// goes through `OSMSearchText.append` with its venue's fields. A test holds both ways to
/// the same bytes. One per scanning thread.
final class OSMPlaceTextReader {
    /// Folded parts joined by spaces (`_` as spaces), each part's length, and whether all ASCII.
    private struct Parts {
        var text: [UInt8] = []
        var lengths: [Int] = []
        var ascii = true
    }

    private let categories = OSMCategoryMask.tables
    private var byMask: [UInt64: Parts?] = [:]
    private var byCuisine: [UInt64: (raw: [UInt8], parts: Parts?)] = [:]
    private static let none = Parts()

    /// Appends the text of an element that makes a venue; `mask` is its `OSMCategoryMask`.
    func append(_ element: borrowing ScannedElement, mask: UInt64, to out: inout [UInt8]) {
        guard mask != OSMCategoryMask.unknown, let name = element.token(.name),
            let kinds = categoryParts(element, mask: mask), let cuisines = cuisineParts(element)
        else {
            return general(element, to: &out)
        }
        let count = 1 + kinds.lengths.count + cuisines.lengths.count
        guard count <= OSMSearchText.maximumParts else { return general(element, to: &out) }
        let start = out.count
        out.append(0)
        out.append(UInt8(count))
        for _ in 0..<count { OSMSearchText.appendLength(0, to: &out) }
        let textStart = out.count
        var underscore = false
        let folded = name.withDecodedBytes(in: element.text) { bytes -> Int? in
            underscore = bytes.contains(UInt8(ascii: "_"))
            return TextFolding.appendFoldedQuickly(bytes, to: &out)
        }
        guard let folded, folded > 0, folded <= OSMSearchText.maximumPartLength else {
            out.removeSubrange(start...)
            return general(element, to: &out)
        }
        var ascii = OSMSearchText.spaceUnderscores(&out, from: textStart)
        var lengthAt = start + 2
        func length(_ value: Int) {
            out[lengthAt] = UInt8(truncatingIfNeeded: value)
            out[lengthAt + 1] = UInt8(truncatingIfNeeded: value >> 8)
            lengthAt += 2
        }
        length(folded)
        for parts in [kinds, cuisines] {
            if !parts.text.isEmpty {
                out.append(0x20)
                out.append(contentsOf: parts.text)
            }
            for value in parts.lengths { length(value) }
            ascii = ascii && parts.ascii
        }
        var flags: OSMSearchText.Flags = underscore ? .nameHasUnderscore : []
        if !ascii { flags.insert(.nonASCII) }
        out[start] = flags.rawValue
    }

    /// The categories `OSMVenueMapper` gives: the main tag's trimmed value when the
    /// vocabulary has none (plain ASCII, as the mask could be told), else the vocabulary's
    /// by bit, kept per mask.
    private func categoryParts(_ element: borrowing ScannedElement, mask: UInt64) -> Parts? {
        if let raw = categories.fallbackValue(of: element) {
            return Self.fold([UnsafeRawBufferPointer(start: element.text + raw.lowerBound, count: raw.count)], OSMSearchText.appendPart)
        }
        if mask == 0 { return Self.none }
        if let known = byMask[mask] { return known }
        let names = PlaceCategory.allCases.filter { mask & OSMCategoryMask.bit($0) != 0 }.map(\.rawValue)
        let parts = Self.fold(names, OSMSearchText.appendPart)
        byMask[mask] = parts
        return parts
    }

    /// The cuisines of the `cuisine` tag, canonical and folded, kept per value.
    private func cuisineParts(_ element: borrowing ScannedElement) -> Parts? {
        guard let token = element.token(.cuisine) else { return Self.none }
        return token.withDecodedBytes(in: element.text) { raw -> Parts? in
            let hash = ByteHash.of(raw)
            if let known = byCuisine[hash], known.raw.elementsEqual(raw) { return known.parts }
            let parts = Self.fold(CuisineName.canonicalList(String(decoding: raw, as: UTF8.self)), OSMSearchText.appendPart)
            if byCuisine.count < 4096 { byCuisine[hash] = (Array(raw), parts) }
            return parts
        }
    }

    /// The parts of `names` (strings, or bytes already in the text), each folded by
    /// `OSMSearchText.appendPart`; nil when one cannot be folded quickly or is too long.
    private static func fold<Name>(_ names: [Name], _ appendPart: (Name, inout [UInt8]) -> Int?) -> Parts? {
        var parts = Parts()
        for name in names {
            guard let length = appendPart(name, &parts.text) else { return nil }
            parts.lengths.append(length)
        }
        return finish(parts)
    }

    private static func finish(_ folded: Parts) -> Parts? {
        var parts = folded
        guard parts.lengths.allSatisfy({ $0 <= OSMSearchText.maximumPartLength }) else { return nil }
        parts.ascii = OSMSearchText.spaceUnderscores(&parts.text)
        return parts
    }

    private func general(_ element: borrowing ScannedElement, to out: inout [UInt8]) {
        if let venue = element.venue() {
            OSMSearchText.append(name: venue.name, categories: venue.categories, cuisines: venue.cuisines, to: &out)
        } else {
            OSMSearchText.append(name: "", categories: [], cuisines: [], to: &out)
        }
    }
}
