import Foundation

/// The provider-neutral kinds of place (`--type` in the CLI).
///
/// Each provider maps these to its own categories in one table inside its folder;
/// a provider without an equivalent refuses the category (`PlacesError.invalidRequest`).
public enum PlaceCategory: String, Sendable, CaseIterable, Hashable {
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
    public var servesFood: Bool {
        switch self {
        case .restaurant, .cafe, .fast_food, .bakery, .ice_cream, .food_court, .pub, .bar: return true
        default: return false
        }
    }

    package static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
