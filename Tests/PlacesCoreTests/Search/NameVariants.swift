import Foundation

/// How providers spell a place's name, for `SyntheticMergeWorld`: each change is drawn on
/// its own, at rates that differ by provider (Google adds branch names, Foursquare plays
/// with case, OpenStreetMap mostly keeps the name as it is on the door).
enum NameVariants {
    struct Style {
        let respell: Double
        let addGeneric: Double
        let dropGeneric: Double
        let dropLastWord: Double
        let ampersand: Double
        let apostrophe: Double
        let branch: Double
        let accents: Double
        let upper: Double
        let lower: Double
    }

    /// By provider: Google, Foursquare, OpenStreetMap.
    static let styles = [
        Style(
            respell: 0.10, addGeneric: 0.15, dropGeneric: 0.15, dropLastWord: 0.05, ampersand: 0.10, apostrophe: 0.05,
            branch: 0.30, accents: 0.05, upper: 0.08, lower: 0.02),
        Style(
            respell: 0.12, addGeneric: 0.20, dropGeneric: 0.20, dropLastWord: 0.08, ampersand: 0.10, apostrophe: 0.15,
            branch: 0.20, accents: 0.20, upper: 0.15, lower: 0.10),
        Style(
            respell: 0.05, addGeneric: 0.05, dropGeneric: 0.05, dropLastWord: 0.03, ampersand: 0.05, apostrophe: 0.02,
            branch: 0.05, accents: 0.02, upper: 0.02, lower: 0.02),
    ]

    /// Districts of central Helsinki with rough centres, for branch suffixes.
    static let districts: [(name: String, latitude: Double, longitude: Double)] = [
        ("Kamppi", 60.1685, 24.9316), ("Kluuvi", 60.1712, 24.9453), ("Kaartinkaupunki", 60.1655, 24.9470),
        ("Kruununhaka", 60.1728, 24.9545), ("Punavuori", 60.1615, 24.9389), ("Hakaniemi", 60.1790, 24.9510),
        ("Etu-Töölö", 60.1730, 24.9300), ("Katajanokka", 60.1675, 24.9650),
    ]

    static let genericWords: [String: [(word: String, prefix: Bool)]] = [
        "restaurant": [("Ravintola", true), ("Restaurant", true), ("Restaurant", false)],
        "cafe": [("Cafe", true), ("Café", true), ("Kahvila", true)],
        "bar": [("Bar", true), ("Pub", false), ("Bar", false)],
        "hotel": [("Hotel", true), ("Hotelli", true)],
    ]

    static let droppable: Set<String> = ["ravintola", "restaurant", "cafe", "café", "kahvila", "bar", "pub", "hotel", "the", "oy"]

    static func variant(of place: SyntheticMergeWorld.Place, provider: Int, rng: inout SeededGenerator) -> String {
        let style = styles[provider]
        var words = place.name.split(separator: " ").map(String.init)
        if rng.chance(style.respell) { respell(&words, rng: &rng) }
        if rng.chance(style.addGeneric) {
            let kind = place.categories.first ?? ""
            if let choices = genericWords[kind] {
                let (word, prefix) = rng.pick(choices)
                if !words.contains(where: { $0.lowercased() == word.lowercased() }) {
                    if prefix { words.insert(word, at: 0) } else { words.append(word) }
                }
            } else {
                words.append("Oy")
            }
        } else if rng.chance(style.dropGeneric), words.count > 1, !place.keepsWholeName {
            if droppable.contains(words[0].lowercased()) {
                words.removeFirst()
            } else if droppable.contains(words[words.count - 1].lowercased()) {
                words.removeLast()
            }
        }
        if rng.chance(style.dropLastWord), words.count >= 3, !place.keepsWholeName { words.removeLast() }
        var name = words.joined(separator: " ")
        if rng.chance(style.ampersand) {
            if name.contains("&") {
                name = name.replacingOccurrences(of: "&", with: rng.chance(0.5) ? "and" : "ja")
            } else if name.contains(" and ") {
                name = name.replacingOccurrences(of: " and ", with: " & ")
            }
        }
        if rng.chance(style.apostrophe) { name = name.replacingOccurrences(of: "'", with: "") }
        if rng.chance(style.branch) {
            let separator = rng.pick([" ", " - ", ", ", " / "])
            let district = nearestDistrict(place)
            name = rng.chance(0.2) ? "\(name) (\(district))" : "\(name)\(separator)\(district)"
        }
        if rng.chance(style.accents) { name = withoutAccents(name) }
        if rng.chance(style.upper) {
            name = name.uppercased()
        } else if rng.chance(style.lower) {
            name = name.lowercased()
        }
        return name
    }

    /// One typing slip in a word of six letters or more: two letters swapped, one dropped or doubled.
    static func respell(_ words: inout [String], rng: inout SeededGenerator) {
        let long = words.indices.filter { words[$0].count >= 6 }
        guard !long.isEmpty else { return }
        let w = rng.pick(long)
        var letters = Array(words[w])
        let i = 1 + rng.below(letters.count - 2)
        switch rng.below(3) {
        case 0: letters.swapAt(i, i + 1)
        case 1: letters.remove(at: i)
        default: letters.insert(letters[i], at: i)
        }
        words[w] = String(letters)
    }

    static func nearestDistrict(_ place: SyntheticMergeWorld.Place) -> String {
        nearestDistrict(latitude: place.latitude, longitude: place.longitude)
    }

    static func nearestDistrict(latitude: Double, longitude: Double) -> String {
        districts.min { a, b in
            hypot(a.latitude - latitude, (a.longitude - longitude) / 2) < hypot(b.latitude - latitude, (b.longitude - longitude) / 2)
        }!.name
    }

    static func withoutAccents(_ text: String) -> String {
        let map: [Character: Character] = [
            "ä": "a", "ö": "o", "å": "a", "é": "e", "è": "e", "ü": "u", "Ä": "A", "Ö": "O", "Å": "A", "É": "E", "Ü": "U",
        ]
        return String(text.map { map[$0] ?? $0 })
    }
}
