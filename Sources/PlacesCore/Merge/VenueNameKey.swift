import PlacesModel
import PlacesSupport

/// A venue name reduced to the words that identify the place, so that providers'
/// spellings of one name compare equal: "Café Sävy", "CAFE SAVY" and "Savy" all give `savy`.
///
/// Folded with `TextFolding` (case, accents); apostrophes dropped (McDonald's = McDonalds);
/// any other punctuation breaks words (R-Kioski = R Kioski); `&`, and, ja, och dropped;
/// generic words (ravintola, restaurant, cafe, kahvila, bar, hotel, the, oy, ab, ...) set
/// aside, those that say what kind of place it is kept in `kinds`. A name made only of
/// generic words ("The Bar") keeps them as its words, since nothing else identifies it.
struct VenueNameKey: Sendable, Hashable {
    /// What a generic word says the place is: "Cafe Aalto" and "Ravintola Aalto" differ in it.
    enum Kind: Sendable, Hashable, CaseIterable {
        case restaurant, cafe, bar, hotel

        /// Categories a venue named so can hardly lack: a "Cafe X" filed only as a restaurant
        /// is another place than the cafe. nil where names use the word loosely ("Juice Bar").
        var impliedCategories: Set<PlaceCategory>? {
            switch self {
            case .restaurant: return [.restaurant, .fast_food, .food_court, .bar, .pub, .nightclub]
            case .cafe: return [.cafe, .bakery, .ice_cream]
            case .hotel: return [.hotel, .hostel]
            case .bar: return nil
            }
        }
    }

    /// The identifying words, folded, in the name's order.
    let words: [String]
    /// `words` joined without spaces: "Espresso House" and "EspressoHouse" agree on it.
    let compact: String
    /// `compact` as scalars, for comparing letter by letter.
    let letters: [Unicode.Scalar]
    /// Which letters occur (one bit per letter, modulo 64): names whose sets of letters differ
    /// in more than two per edit cannot be re-spellings of each other, a test far cheaper
    /// than the edit distance.
    let letterSet: UInt64
    /// The kinds the name's generic words state; empty when it has none.
    let kinds: Set<Kind>
    /// The all-digit words, sorted ("Aleksi 13" → ["13"]): names with different numbers are
    /// different places.
    let numbers: [String]

    init(_ name: String) {
        var all: [String] = []
        var current = ""
        for character in TextFolding.fold(name) {
            if Self.apostrophes.contains(character) { continue }
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                all.append(current)
                current = ""
            }
        }
        if !current.isEmpty { all.append(current) }

        var identifying: [String] = []
        var kinds = Set<Kind>()
        var generic: [String] = []
        for word in all where !Self.connectors.contains(word) {
            if let kind = Self.kindWords[word] {
                kinds.insert(kind)
                generic.append(word)
            } else if Self.neutralWords.contains(word) {
                generic.append(word)
            } else {
                identifying.append(word)
            }
        }
        words = identifying.isEmpty ? generic : identifying
        compact = words.joined()
        letters = Array(compact.unicodeScalars)
        letterSet = letters.reduce(0) { $0 | (1 << UInt64($1.value % 64)) }
        self.kinds = kinds
        numbers = words.filter { $0.allSatisfy(\.isNumber) }.sorted()
    }

    /// Letters and digits in the identifying words: how specific the name is.
    var letterCount: Int { letters.count }

    /// The letters of the first `count` words.
    func leadingLetters(words count: Int) -> [Unicode.Scalar] {
        Array(words[0..<count].joined().unicodeScalars)
    }

    private static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{2018}", "`", "\u{00B4}", "\u{02BC}"]

    /// "&" is punctuation, so it already breaks words; the spelled-out forms go too.
    private static let connectors: Set<String> = ["and", "ja", "och", "et", "und"]

    /// Generic words that say what a place is (folded; Finnish, Swedish, English, Italian).
    private static let kindWords: [String: Kind] = [
        "ravintola": .restaurant, "rav": .restaurant, "restaurant": .restaurant, "restaurang": .restaurant,
        "ristorante": .restaurant,
        "cafe": .cafe, "kahvila": .cafe, "kahvio": .cafe, "cafeteria": .cafe, "caffe": .cafe, "kafe": .cafe,
        "bar": .bar, "baari": .bar, "pub": .bar,
        "hotel": .hotel, "hotelli": .hotel,
    ]

    /// Generic words that say nothing about the place: articles and company forms.
    private static let neutralWords: Set<String> = ["the", "oy", "oyj", "ab", "ky", "tmi", "ltd", "inc"]
}
