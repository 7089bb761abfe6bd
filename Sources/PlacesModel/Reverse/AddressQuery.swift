import PlacesSupport

/// A typed street address, read into its parts: `Simonkatu 7, Helsinki`,
/// `Mannerheimintie 14-20, 00100 Helsinki`, `Fredrikinkatu 6 B`, `1600 Amphitheatre Parkway`.
/// The house number is the run of tokens after (or before) the street that starts with a
/// digit, with a one-letter staircase or suffix after it (`6 B`); a part of digits alone after
/// the first is a postcode; the other parts name the city.
package struct AddressQuery: Sendable, Equatable {
    package var street: String
    package var housenumber: String?
    package var postcode: String?
    package var city: String?

    init(street: String, housenumber: String?, postcode: String?, city: String?) {
        self.street = street
        self.housenumber = housenumber
        self.postcode = postcode
        self.city = city
    }

    /// Nil when the text has no street part (empty, or only numbers).
    package init?(_ text: String) {
        let parts = text.split(separator: ",").map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }.filter { !$0.isEmpty }
        guard var first = parts.first, first.contains(where: { $0.contains(where: \.isLetter) }) else { return nil }
        var number: [String] = []
        if let start = first.firstIndex(where: { $0.first?.isNumber == true }), start > 0 {
            number = Array(first[start...])
            first = Array(first[..<start])
            // `6 B`, `14-20 a`: a letter after the number belongs to it; more words do not.
            if number.count > 2 || (number.count == 2 && number[1].count > 1) { number = [number[0]] }
        } else if first.first?.first?.isNumber == true, first.count > 1 {
            number = [first.removeFirst()]
        }
        guard !first.isEmpty else { return nil }
        street = first.joined(separator: " ")
        housenumber = number.isEmpty ? nil : number.joined(separator: " ")
        for part in parts.dropFirst() {
            if postcode == nil, let code = part.first, code.allSatisfy({ $0.isNumber || $0 == "-" }), code.contains(where: \.isNumber) {
                postcode = code
                if part.count > 1 { city = part.dropFirst().joined(separator: " ") }
            } else if city == nil {
                city = part.joined(separator: " ")
            }
        }
    }

    /// Whether `text` reads as a street address rather than a place name: it has a house
    /// number (a token starting with a digit next to words).
    package static func looksLikeAddress(_ text: String) -> Bool {
        guard let query = AddressQuery(text) else { return false }
        return query.housenumber != nil
    }

    /// A house number compared as OSM writes them: folded, spaces and dashes' spaces dropped
    /// (`6 B` = `6b`, `14 - 20` = `14-20`).
    package static func normalizedNumber(_ text: String) -> String {
        TextFolding.fold(text).filter { $0 != " " }
    }

    /// Whether a query's number lies in a range an element is tagged with (`16` in `14-20`).
    package static func number(_ wanted: String, isIn range: String) -> Bool {
        let bounds = range.split(separator: "-")
        guard bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), let n = Int(wanted), low <= high else { return false }
        return (low...high).contains(n)
    }
}
