import PlacesModel

/// The one table from the `--type` vocabulary to Google place types (Table A of
/// developers.google.com/maps/documentation/places/web-service/place-types; checked
/// against the copy in shared/reference/examples and stored transcriptions of Table A),
/// and Google's cuisine-specific types back to canonical cuisines.
enum GooglePlaceTypes {
    /// nil: Google has no equivalent (it has no bicycle-rental type).
    static func types(for category: PlaceCategory) -> [String]? {
        switch category {
        case .restaurant: return ["restaurant"]
        case .cafe: return ["cafe", "coffee_shop"]
        case .bar: return ["bar", "pub"]
        case .pub: return ["pub"]
        case .fast_food: return ["fast_food_restaurant"]
        case .bakery: return ["bakery"]
        case .ice_cream: return ["ice_cream_shop"]
        case .food_court: return ["food_court"]
        case .atm: return ["atm"]
        case .bank: return ["bank"]
        case .pharmacy: return ["pharmacy", "drugstore"]
        case .hospital: return ["hospital", "general_hospital"]
        case .clinic: return ["medical_clinic"]
        case .doctor: return ["doctor"]
        case .dentist: return ["dentist", "dental_clinic"]
        case .supermarket: return ["supermarket", "grocery_store"]
        case .convenience: return ["convenience_store"]
        case .hotel: return ["hotel", "motel"]
        case .hostel: return ["hostel"]
        case .museum: return ["museum"]
        case .gallery: return ["art_gallery"]
        case .attraction: return ["tourist_attraction"]
        case .park: return ["park"]
        case .gas_station: return ["gas_station"]
        case .charging_station: return ["electric_vehicle_charging_station"]
        case .parking: return ["parking", "parking_lot"]
        case .bicycle_rental: return nil
        case .car_rental: return ["car_rental"]
        case .post_office: return ["post_office"]
        case .library: return ["library"]
        case .cinema: return ["movie_theater"]
        case .theatre: return ["performing_arts_theater"]
        case .nightclub: return ["night_club"]
        case .gym: return ["gym"]
        case .police: return ["police"]
        case .toilets: return ["public_bathroom"]
        }
    }

    /// All Google types for the requested categories; a category Google lacks is an invalid request.
    static func types(for categories: [PlaceCategory], wording: Wording = .library) throws -> [String] {
        var result: [String] = []
        for category in categories {
            guard let types = types(for: category) else {
                let supported = PlaceCategory.allCases.filter { Self.types(for: $0) != nil }.map(\.rawValue).joined(separator: ", ")
                throw PlacesError.invalidRequest(.categories, message: wording(.googleHasNoType(category, supported: supported)))
            }
            for type in types where !result.contains(type) { result.append(type) }
        }
        return result
    }

    /// Vocabulary categories of a place from its Google types, in vocabulary order.
    static func categories(from googleTypes: [String]) -> [String] {
        let set = Set(googleTypes)
        return PlaceCategory.allCases.filter { category in
            types(for: category)?.contains(where: set.contains) == true
        }.map(\.rawValue)
    }

    /// `<cuisine>_restaurant` types that name a kind of meal or service, not a cuisine.
    private static let notCuisines: Set<String> = ["breakfast", "brunch", "buffet", "family", "fast_food", "fine_dining"]

    /// Food types that are not `_restaurant` but do name a cuisine (OSM uses the same names).
    private static let cuisineTypes: [String: String] = [
        "steak_house": "steak", "coffee_shop": "coffee_shop", "kebab_shop": "kebab", "noodle_shop": "noodles",
        "bagel_shop": "bagel", "donut_shop": "donut", "sandwich_shop": "sandwich", "ice_cream_shop": "ice_cream",
        "tea_house": "tea", "juice_shop": "juice", "salad_shop": "salad", "hot_dog_stand": "hot_dog", "pizza_delivery": "pizza",
    ]

    /// Canonical cuisines from Google types: `sushi_restaurant` → `sushi`, `steak_house` → `steak`.
    static func cuisines(from googleTypes: [String]) -> [String] {
        CuisineName.canonicalNames(
            googleTypes.lazy.map { type -> String? in
                if type.hasSuffix("_restaurant"), type != "restaurant" {
                    let stem = String(type.dropLast("_restaurant".count))
                    return notCuisines.contains(stem) ? nil : stem
                }
                return cuisineTypes[type]
            })
    }
}
