/// Writes scanned elements' folded texts (`OSMSearchText`) without building venues: the
/// name from its tag, the categories from the category tables (`OSMCategoryMask`), the
/// cuisines canonicalised once per distinct `cuisine` value (an extract has a few hundred).
/// An element whose tag values the tables cannot read (escapes, non-ASCII) goes through
/// `OSMVenueMapper`, as its venue would. One per scanning thread.
final class OSMPlaceTextReader {
    private let categories = OSMCategoryMask.tables
    private var cuisines: [String: [String]] = [:]

    /// Appends the text of an element that makes a venue.
    func append(_ element: borrowing ScannedElement, to out: inout [UInt8]) {
        guard let names = categories.categories(of: element),
              let name = OSMVenueMapper.nonEmpty(element.tag(.name)) else {
            if let venue = element.venue() {
                OSMSearchText.append(name: venue.name, categories: venue.categories, cuisines: venue.cuisines, to: &out)
            } else {
                OSMSearchText.append(name: "", categories: [], cuisines: [], to: &out)
            }
            return
        }
        var list: [String] = []
        if let raw = element.tag(.cuisine) {
            if let known = cuisines[raw] {
                list = known
            } else {
                list = CuisineName.canonicalList(raw)
                if cuisines.count < 4096 { cuisines[raw] = list }
            }
        }
        OSMSearchText.append(name: name, categories: names, cuisines: list, to: &out)
    }
}
