import PlacesModel
import PlacesSupport

/// The one table from the `--type` vocabulary to Foursquare category ids, and Foursquare
/// categories back to our category names and canonical cuisines.
///
/// Ids are the 24-hex `fsq_category_id`s of the current taxonomy. Where each came from:
/// - [R] shared/reference/providers.md §3.3 (ids seen verbatim in real 2025 responses).
/// - [X] the v3-int → BSON → label crosswalk `Sources/LocoKit2/Models/PlaceCategory+FoursquareV3.swift`
///   in github.com/sobri909/LocoKit2 @ 6bf1cdc0566d9903dee5c1e601fafb67f5578350, whose labels are
///   the current taxonomy ("Dining and Drinking > ...", "Travel and Transportation > ...").
/// - [C] corroborated by an independent public list of Foursquare category ids
///   (adviceinteractivegroup/foursquare_categories `index.js` @ 159b61500b2ca4fc89cbd87761d150886e247473,
///   or other public code using the same id for the same name).
/// A filter id matches its descendants too, so a parent ("Restaurant") covers every cuisine.
enum FoursquareCategoryTable {
    struct Entry: Sendable {
        let id: String
        let name: String
    }

    /// The ids sent in `fsq_category_ids` for one `--type`. Every type has one.
    static func entries(for category: PlaceCategory) -> [Entry] {
        switch category {
        case .restaurant: return [Entry(id: "4d4b7105d754a06374d81259", name: "Restaurant")]  // [R]
        // [R] parent of Café and Coffee Shop
        case .cafe: return [Entry(id: "63be6904847c3692a84b9bb6", name: "Cafe, Coffee, and Tea House")]
        case .bar: return [Entry(id: "4bf58dd8d48988d116941735", name: "Bar")]  // [R] parent of Pub
        case .pub: return [Entry(id: "4bf58dd8d48988d11b941735", name: "Pub")]  // [X] 13018 Bar > Pub
        case .fast_food: return [Entry(id: "4bf58dd8d48988d16e941735", name: "Fast Food Restaurant")]  // [R]
        case .bakery: return [Entry(id: "4bf58dd8d48988d16a941735", name: "Bakery")]  // [R]
        case .ice_cream:
            return [
                Entry(id: "4bf58dd8d48988d1c9941735", name: "Ice Cream Parlor"),  // [X] 13046 [C]
                Entry(id: "5f2c407c5b4c177b9a6dc536", name: "Gelato Shop"),
            ]  // [X] 13045
        case .food_court: return [Entry(id: "4bf58dd8d48988d120951735", name: "Food Court")]  // [X] 13052 [C]
        case .atm: return [Entry(id: "52f2ab2ebcbc57f1066b8b56", name: "ATM")]  // [X] 11044 [C]
        case .bank: return [Entry(id: "4bf58dd8d48988d10a951735", name: "Bank")]  // [X] 11045 [C]
        case .pharmacy:
            return [
                Entry(id: "4bf58dd8d48988d10f951735", name: "Pharmacy"),  // [X] 17145 [C]
                Entry(id: "5745c2e4498e11e7bccabdbd", name: "Drugstore"),
            ]  // [X] 17035 [C]
        case .hospital: return [Entry(id: "4bf58dd8d48988d196941735", name: "Hospital")]  // [X] 15014 [C]
        case .clinic:
            return [
                Entry(id: "63be6904847c3692a84b9bbe", name: "Healthcare Clinic"),  // [X] 15011
                Entry(id: "4bf58dd8d48988d104941735", name: "Medical Center"),
            ]  // [X] 15016 [C]
        case .doctor:
            return [
                Entry(id: "63be6904847c3692a84b9bc6", name: "Physician"),  // [X] 15027, parent of Doctor's Office
                Entry(id: "4bf58dd8d48988d177941735", name: "Doctor's Office"),
            ]  // [X] 15031 [C]
        case .dentist: return [Entry(id: "4bf58dd8d48988d178941735", name: "Dentist")]  // [X] 15007 [C]
        case .supermarket:
            return [
                Entry(id: "52f2ab2ebcbc57f1066b8b46", name: "Supermarket"),  // [X] 17142 [C]
                Entry(id: "4bf58dd8d48988d118951735", name: "Grocery Store"),
            ]  // [X] 17069 [C]
        case .convenience: return [Entry(id: "4d954b0ea243a5684a65b473", name: "Convenience Store")]  // [X] 17029 [C]
        case .hotel:
            return [
                Entry(id: "4bf58dd8d48988d1fa931735", name: "Hotel"),  // [X] 19014 [C]
                Entry(id: "4bf58dd8d48988d1fb931735", name: "Motel"),
            ]  // [X] 19017 [C]
        case .hostel: return [Entry(id: "4bf58dd8d48988d1ee931735", name: "Hostel")]  // [X] 19013 [C]
        case .museum: return [Entry(id: "4bf58dd8d48988d181941735", name: "Museum")]  // [X] 10027 [C]
        case .gallery: return [Entry(id: "4bf58dd8d48988d1e2931735", name: "Art Gallery")]  // [X] 10004 [C]
        case .attraction:
            return [
                Entry(id: "4deefb944765f83613cdba6e", name: "Historic and Protected Site"),  // [X] 16020 [C]
                Entry(id: "4bf58dd8d48988d12d941735", name: "Monument"),  // [X] 16026 [C]
                Entry(id: "4bf58dd8d48988d165941735", name: "Scenic Lookout"),
            ]  // [X] 16046 [C]
        case .park: return [Entry(id: "4bf58dd8d48988d163941735", name: "Park")]  // [X] 16032 [C]
        case .gas_station: return [Entry(id: "4bf58dd8d48988d113951735", name: "Fuel Station")]  // [X] 19007 [C]
        case .charging_station: return [Entry(id: "5032872391d4c4b30a586d64", name: "Electric Vehicle Charging Station")]  // [X] 19006 [C]
        case .parking: return [Entry(id: "4c38df4de52ce0d596b336e1", name: "Parking")]  // [X] 19020 [C]
        case .bicycle_rental: return [Entry(id: "4e4c9077bd41f78e849722f9", name: "Bike Rental")]  // [X] 19002 [C]
        case .car_rental: return [Entry(id: "4bf58dd8d48988d1ef941735", name: "Rental Car Location")]  // [X] 19048 [C]
        case .post_office: return [Entry(id: "4bf58dd8d48988d172941735", name: "Post Office")]  // [X] 12075 [C]
        case .library: return [Entry(id: "4bf58dd8d48988d12f941735", name: "Library")]  // [X] 12080 [C]
        case .cinema: return [Entry(id: "4bf58dd8d48988d17f941735", name: "Movie Theater")]  // [X] 10024 [C]
        case .theatre: return [Entry(id: "4bf58dd8d48988d137941735", name: "Theater")]  // [X] 10043; real 2025 response (Belgrade example)
        case .nightclub: return [Entry(id: "4bf58dd8d48988d11f941735", name: "Night Club")]  // [X] 10032 [C]
        case .gym: return [Entry(id: "4bf58dd8d48988d175941735", name: "Gym and Studio")]  // [X] 18021, parent of Gym [C]
        case .police: return [Entry(id: "4bf58dd8d48988d12e941735", name: "Police Station")]  // [X] 12072 [C]
        case .toilets: return [Entry(id: "5744ccdfe4b0c0459246b4c4", name: "Public Bathroom")]  // [X] 12092 [C]
        }
    }

    /// Descendants the answers name instead of the filter id (a place lists its own
    /// category, not the parent's), for reading categories back. Same sources.
    private static let children: [String: PlaceCategory] = [
        "4bf58dd8d48988d16d941735": .cafe,  // Café [R]
        "4bf58dd8d48988d1e0931735": .cafe,  // Coffee Shop [R]
        "4bf58dd8d48988d1dc931735": .cafe,  // Tea Room [X] 13036 [C]
        "52e81612bcbc57f1066b7a0c": .cafe,  // Bubble Tea Shop [X] 13033 [C]
        "4bf58dd8d48988d11e941735": .bar,  // Cocktail Bar [R]
        "4bf58dd8d48988d123941735": .bar,  // Wine Bar [X] 13025
        "4bf58dd8d48988d121941735": .bar,  // Lounge [X] 13016 [C]
        "4bf58dd8d48988d176941735": .gym,  // Gym [X] 18077 [C]
    ]

    /// All filter ids for the requested types, without repeats.
    static func ids(for categories: [PlaceCategory]) -> [String] {
        var result: [String] = []
        for category in categories {
            for entry in entries(for: category) where !result.contains(entry.id) { result.append(entry.id) }
        }
        return result
    }

    /// Our category names for a place's Foursquare categories, in vocabulary order: the
    /// table read backwards, plus `restaurant` for any kind of restaurant (which answers
    /// name by its own category, "Sushi Restaurant", "Pizzeria"). A place none of them
    /// covers keeps its first category's name in snake_case ("Tech Startup" → tech_startup).
    static func categories(from place: [FoursquarePlace.Category]) -> [String] {
        var found = Set<PlaceCategory>()
        for category in place {
            guard let id = category.fsqCategoryId else { continue }
            for candidate in PlaceCategory.allCases where entries(for: candidate).contains(where: { $0.id == id }) {
                found.insert(candidate)
            }
            if let child = children[id] { found.insert(child) }
            if let name = category.name, isRestaurant(name) { found.insert(.restaurant) }
        }
        if found.contains(.pub) { found.insert(.bar) }
        if found.isEmpty, let name = place.compactMap(\.name).first, let fallback = snakeCase(name) { return [fallback] }
        return PlaceCategory.allCases.filter(found.contains).map(\.rawValue)
    }

    /// Kinds of restaurant whose name does not end in "Restaurant" (v2/v3 taxonomy names, [X] [C]).
    private static let restaurantNames: Set<String> = [
        "Pizzeria", "Steakhouse", "Burger Joint", "BBQ Joint", "Diner", "Bistro", "Deli", "Fried Chicken Joint",
        "Hot Dog Joint", "Wings Joint", "Fish and Chips Shop", "Buffet", "Gastropub", "Sandwich Spot",
    ]

    private static func isRestaurant(_ name: String) -> Bool {
        name.hasSuffix(" Restaurant") || restaurantNames.contains(name)
    }

    /// "... Restaurant" stems that name a kind of meal or service, not a cuisine.
    private static let notCuisines: Set<String> = ["Fast Food", "Breakfast", "Buffet", "Family", "Fine Dining", "Theme", "Comfort Food"]

    /// Food categories that name a cuisine without "Restaurant" (names as in [R] [X] [C]),
    /// to the spelling the cuisine canonicaliser folds like Google's and OSM's.
    private static let cuisineNames: [String: String] = [
        "Pizzeria": "pizza", "Steakhouse": "steak", "Burger Joint": "burger", "BBQ Joint": "barbecue",
        "Coffee Shop": "coffee_shop", "Donut Shop": "donut", "Bagel Shop": "bagel", "Sandwich Spot": "sandwich",
        "Ice Cream Parlor": "ice_cream", "Gelato Shop": "ice_cream", "Tea Room": "tea", "Juice Bar": "juice",
        "Hot Dog Joint": "hot_dog", "Fried Chicken Joint": "chicken", "Wings Joint": "wings", "Fish and Chips Shop": "fish_and_chips",
    ]

    /// Canonical cuisines from category names: "Sushi Restaurant" → sushi, "Pizzeria" → pizza.
    static func cuisines(from place: [FoursquarePlace.Category]) -> [String] {
        CuisineName.canonicalNames(
            place.lazy.compactMap(\.name).map { name -> String? in
                if name.hasSuffix(" Restaurant"), name != "Restaurant" {
                    let stem = String(name.dropLast(" Restaurant".count))
                    return notCuisines.contains(stem) ? nil : stem
                }
                return cuisineNames[name]
            })
    }

    /// "Tech Startup" → tech_startup; nil when nothing is left.
    private static func snakeCase(_ name: String) -> String? {
        let folded = TextFolding.fold(name)
        let words = folded.split { !($0.isLetter || $0.isNumber) }
        return words.isEmpty ? nil : words.joined(separator: "_")
    }
}
