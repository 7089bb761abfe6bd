import PlacesSupport

/// The one cuisine canonicaliser every provider uses: whatever the provider wrote,
/// a cuisine is a lower-case snake_case name (`sushi`, `middle_eastern`, `coffee_shop`).
///
/// `sushi_restaurant` (Google), "Sushi Restaurant" (Foursquare) and `cuisine=sushi`
/// (OSM) are all `sushi`. OSM's `cuisine` tag is messy in practice: `Pizza;italian`,
/// spaces after `;`, legacy comma lists (`pizza,_kebab`), and the value `yes`.
package enum CuisineName {
    /// Spellings that mean the same cuisine, folded to one name.
    private static let synonyms: [String: String] = [
        "hamburger": "burger", "burgers": "burger", "pizzeria": "pizza", "steak_house": "steak",
        "steakhouse": "steak", "bbq": "barbecue", "kebap": "kebab", "doner": "kebab",
        "sushi_bar": "sushi", "noodle": "noodles", "coffee": "coffee_shop", "cafe": "coffee_shop",
        "tapas_bar": "tapas", "ramen_shop": "ramen",
    ]

    /// Values that say nothing about the cuisine.
    private static let meaningless: Set<String> = ["yes", "no", "restaurant", "food", "other", "unknown", "none", "fixme"]

    /// At most this many cuisines for one place: real places name a handful, and an answer
    /// listing thousands neither fills the output nor costs more than one pass.
    static let maxPerPlace = 16

    /// All cuisines in a provider's value, canonical and de-duplicated in their order.
    package static func canonicalList(_ raw: String) -> [String] {
        canonicalNames(raw.split(whereSeparator: { $0 == ";" || $0 == "," }).lazy.map(String.init))
    }

    /// Canonical names of `raws` (nil: not a cuisine), each once, in their order, at most `maxPerPlace`.
    package static func canonicalNames<S: Sequence>(_ raws: S) -> [String] where S.Element == String? {
        var result: [String] = []
        var seen = Set<String>()
        for raw in raws {
            guard let raw, let name = canonical(raw), seen.insert(name).inserted else { continue }
            result.append(name)
            if result.count == maxPerPlace { break }
        }
        return result
    }

    static func canonicalNames<S: Sequence>(_ raws: S) -> [String] where S.Element == String {
        canonicalNames(raws.lazy.map { Optional($0) })
    }

    /// One cuisine name, canonical; nil when it says nothing (`yes`, empty).
    static func canonical(_ raw: String) -> String? {
        // No cuisine is named in hundreds of characters.
        guard raw.utf8.count <= 200 else { return nil }
        var name = TextFolding.fold(raw)
        var scalars = String.UnicodeScalarView()
        var lastWasSeparator = true
        for scalar in name.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                scalars.append(scalar)
                lastWasSeparator = false
            } else if !lastWasSeparator {
                scalars.append("_")
                lastWasSeparator = true
            }
        }
        name = String(scalars)
        while name.hasSuffix("_") { name.removeLast() }
        for suffix in ["_restaurant", "_restaurants", "_food", "_cuisine", "_place", "_joint"]
        where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        name = synonyms[name] ?? name
        guard !name.isEmpty, !meaningless.contains(name) else { return nil }
        return name
    }
}
