import PlacesModel

/// Whether two venues' categories allow them to be one place; stronger cases compare greater.
///
/// Categories in the `--type` vocabulary are compared by family: a place that serves food
/// or drink is often a cafe to one provider and a restaurant, bakery or bar to another, so
/// those are `compatible`; an ATM and the bank branch around it, or a hotel and the
/// restaurant inside it, are different places (`conflicting`). A category outside the
/// vocabulary (a provider's own word, "clothes" or "clothing_store") cannot be judged:
/// `unknown` unless the very same word is on both sides.
enum CategoryAgreement: Int, Sendable, Comparable {
    case conflicting, unknown, compatible, same

    static func < (a: CategoryAgreement, b: CategoryAgreement) -> Bool { a.rawValue < b.rawValue }

    /// Families of vocabulary categories that one place may be filed under by different providers.
    static let families: [Set<PlaceCategory>] = [
        [.restaurant, .cafe, .bar, .pub, .fast_food, .bakery, .ice_cream, .food_court],
        [.bar, .pub, .nightclub],
        [.supermarket, .convenience],
        [.gas_station, .convenience, .charging_station],
        [.hospital, .clinic, .doctor, .dentist],
        [.hotel, .hostel],
        [.museum, .gallery, .attraction],
        [.theatre, .cinema],
        [.park, .attraction],
    ]

    init(_ a: VenueCategories, _ b: VenueCategories) {
        if !a.known.isDisjoint(with: b.known) || !a.other.isDisjoint(with: b.other) {
            self = .same
        } else if a.known.isEmpty || b.known.isEmpty {
            self = .unknown
        } else if Self.families.contains(where: { !$0.isDisjoint(with: a.known) && !$0.isDisjoint(with: b.known) }) {
            self = .compatible
        } else {
            self = .conflicting
        }
    }
}

/// A venue's categories split into the vocabulary's and the provider's own words, once.
///
/// A bank's own cash machine is part of the bank (OpenStreetMap's `atm=yes`), so `atm` is
/// dropped next to `bank`.
struct VenueCategories: Sendable, Hashable {
    let known: Set<PlaceCategory>
    let other: Set<String>

    init(_ categories: [String]) {
        var known = Set<PlaceCategory>()
        var other = Set<String>()
        for name in categories {
            if let category = PlaceCategory(rawValue: name) { known.insert(category) } else { other.insert(name) }
        }
        if known.contains(.bank) { known.remove(.atm) }
        self.known = known
        self.other = other
    }

    /// Whether `name`'s generic words say it is another place than this venue, named `own`:
    /// "Cafe Aalto" against "Aalto" filed only as a restaurant, "Hotel Kämp" against a "Kämp"
    /// that is not a hotel. Names that both state a kind are judged by `NameAgreement` instead
    /// ("Hard Rock Cafe" filed as a restaurant is still the Hard Rock Cafe).
    func contradicts(_ name: VenueNameKey, own: VenueNameKey) -> Bool {
        guard !known.isEmpty, own.kinds.isEmpty else { return false }
        for kind in name.kinds {
            if let implied = kind.impliedCategories, implied.isDisjoint(with: known) { return true }
        }
        return false
    }
}
