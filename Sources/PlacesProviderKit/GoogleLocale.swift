/// The language and region Google words its answers in: `languageCode` (BCP-47, e.g. `fi`,
/// `pt-BR`) and `regionCode` (a two-letter CLDR region, e.g. `FI`). In the body of
/// `places:searchNearby` / `places:searchText`, in the query of `GET /v1/places/{id}`
/// (providers.md §1.2–1.4; the discovery document rev 20261101: request-body fields of
/// `SearchNearbyRequest` and `SearchTextRequest`, query parameters of `places.get`).
/// Either may be nil: then nothing is sent and Google uses its defaults.
package struct GoogleLocale: Sendable, Equatable {
    package var languageCode: String?
    package var regionCode: String?

    package init(languageCode: String? = nil, regionCode: String? = nil) {
        self.languageCode = languageCode
        self.regionCode = regionCode
    }

    package var isEmpty: Bool { languageCode == nil && regionCode == nil }

    /// The codes that are set, by their wire names (`languageCode`, `regionCode`), the same in
    /// a search's body and in a query string (places.get, Geocoding v4).
    package var parameters: [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = []
        if let languageCode { parameters.append(("languageCode", languageCode)) }
        if let regionCode { parameters.append(("regionCode", regionCode)) }
        return parameters
    }

    /// A BCP-47-shaped tag (a 2–3 letter language, then subtags of 1–8 letters or digits
    /// joined by `-`), as given; nil for anything else. Google itself answers 400 to a code it
    /// does not know, so only the shape is checked here.
    package static func languageCode(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count <= 35, let first = parts.first, (2...3).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return text
    }

    /// A two-letter CLDR region code, upper-cased (`fi` → `FI`); nil for anything else
    /// (Google does not take three-digit regions).
    package static func regionCode(_ text: String) -> String? {
        guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return text.uppercased()
    }
}
