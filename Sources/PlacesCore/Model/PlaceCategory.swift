import Foundation

/// The provider-neutral `--type` vocabulary.
///
/// Each provider maps these to its own categories in one table inside its folder;
/// a provider without an equivalent refuses the type with a usage error.
package enum PlaceCategory: String, Sendable, CaseIterable, Hashable {
    // Food and drink.
    case restaurant, cafe, bar, pub, fast_food, bakery, ice_cream, food_court
    // Money and health.
    case atm, bank, pharmacy, hospital, clinic, doctor, dentist
    // Shopping.
    case supermarket, convenience
    // Lodging and sights.
    case hotel, hostel, museum, gallery, attraction, park
    // Transport.
    case gas_station, charging_station, parking, bicycle_rental, car_rental
    // Public services and leisure.
    case post_office, library, cinema, theatre, nightclub, gym, police, toilets

    /// Whether a venue of this category counts as a restaurant for cuisine grouping.
    package var servesFood: Bool {
        switch self {
        case .restaurant, .cafe, .fast_food, .bakery, .ice_cream, .food_court, .pub, .bar: return true
        default: return false
        }
    }

    /// Parses a comma-separated `--type` list; an unknown name is a usage error listing the known ones.
    package static func parseList(_ text: String) throws -> [PlaceCategory] {
        var result: [PlaceCategory] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: "_")
            guard let category = PlaceCategory(rawValue: name) else {
                let hint = Suggestion.closest(to: name, among: allCases.map(\.rawValue)).map { " (did you mean \($0)?)" } ?? ""
                throw PlacesError.usage("unknown --type '\(part)'\(hint); known types: \(allNames)")
            }
            if !result.contains(category) { result.append(category) }
        }
        return result
    }

    package static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

