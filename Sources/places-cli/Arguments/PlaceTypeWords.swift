import PlacesCore
import PlacesSupport

/// `--type` as people write it: the type names, their plurals (`cafes`, `pharmacies`), and
/// the common words for the same places (`coffee` → cafe, `chemist` → pharmacy). Anything
/// else is a usage error suggesting the nearest name.
enum PlaceTypeWords {
    /// Everyday words for a type, keyed as typed once folded (lower case, spaces and `-` as `_`).
    static let synonyms: [String: PlaceCategory] = [
        "coffee": .cafe, "coffee_shop": .cafe, "coffeeshop": .cafe, "coffee_house": .cafe, "coffeehouse": .cafe, "espresso_bar": .cafe,
        "tea_room": .cafe, "tearoom": .cafe,
        "diner": .restaurant, "eatery": .restaurant, "bistro": .restaurant, "brasserie": .restaurant, "trattoria": .restaurant,
        "cocktail_bar": .bar, "wine_bar": .bar, "cocktails": .bar, "biergarten": .bar, "beer_garden": .bar,
        "tavern": .pub, "gastropub": .pub,
        "fastfood": .fast_food, "takeaway": .fast_food, "takeout": .fast_food, "take_away": .fast_food, "take_out": .fast_food,
        "bakehouse": .bakery, "boulangerie": .bakery, "patisserie": .bakery, "pastry": .bakery, "pastry_shop": .bakery,
        "icecream": .ice_cream, "gelato": .ice_cream, "gelateria": .ice_cream, "ice_cream_shop": .ice_cream,
        "cash_machine": .atm, "cashpoint": .atm, "cash_point": .atm, "cash": .atm, "atm_machine": .atm, "bankomat": .atm,
        "chemist": .pharmacy, "chemists": .pharmacy, "drugstore": .pharmacy, "drug_store": .pharmacy, "apothecary": .pharmacy,
        "emergency_room": .hospital, "medical_centre": .clinic, "medical_center": .clinic, "health_centre": .clinic,
        "health_center": .clinic,
        "physician": .doctor, "gp": .doctor, "dental": .dentist, "dentistry": .dentist,
        "grocery": .supermarket, "groceries": .supermarket, "grocery_store": .supermarket, "grocer": .supermarket,
        "convenience_store": .convenience, "corner_shop": .convenience, "bodega": .convenience, "minimarket": .convenience,
        "mini_market": .convenience,
        "motel": .hotel, "inn": .hotel, "lodging": .hotel, "accommodation": .hotel,
        "backpackers": .hostel, "youth_hostel": .hostel,
        "art_gallery": .gallery,
        "sight": .attraction, "sights": .attraction, "sightseeing": .attraction, "landmark": .attraction, "viewpoint": .attraction,
        "tourist_attraction": .attraction,
        "public_garden": .park,
        "gas": .gas_station, "petrol": .gas_station, "petrol_station": .gas_station, "fuel": .gas_station, "fuel_station": .gas_station,
        "filling_station": .gas_station, "service_station": .gas_station,
        "ev_charging": .charging_station, "ev_charger": .charging_station, "charger": .charging_station, "charging": .charging_station,
        "ev": .charging_station,
        "car_park": .parking, "parking_lot": .parking, "parking_garage": .parking, "carpark": .parking,
        "bike_rental": .bicycle_rental, "bike_share": .bicycle_rental, "bike_hire": .bicycle_rental, "bicycle_hire": .bicycle_rental,
        "city_bike": .bicycle_rental, "city_bikes": .bicycle_rental, "bikeshare": .bicycle_rental,
        "car_hire": .car_rental, "rental_car": .car_rental, "rent_a_car": .car_rental,
        "post": .post_office, "postoffice": .post_office, "mail": .post_office,
        "movie_theater": .cinema, "movie_theatre": .cinema, "movies": .cinema,
        "theater": .theatre, "playhouse": .theatre,
        "club": .nightclub, "disco": .nightclub, "discotheque": .nightclub,
        "fitness": .gym, "fitness_centre": .gym, "fitness_center": .gym, "health_club": .gym, "sports_centre": .gym, "sports_center": .gym,
        "police_station": .police,
        "toilet": .toilets, "wc": .toilets, "restroom": .toilets, "restrooms": .toilets, "bathroom": .toilets, "loo": .toilets,
        "lavatory": .toilets, "public_toilet": .toilets,
    ]

    /// Parses a comma-separated `--type` list; an unknown word is a usage error suggesting
    /// the nearest type and listing the known ones.
    static func parseList(_ text: String) throws -> [PlaceCategory] {
        var result: [PlaceCategory] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let category = try parse(String(part))
            if !result.contains(category) { result.append(category) }
        }
        return result
    }

    /// Every `--type` given (`--type cafe --type bar,pub`), in order, each type once.
    static func parseAll(_ values: [String]) throws -> [PlaceCategory] {
        var result: [PlaceCategory] = []
        for value in values {
            for category in try parseList(value) where !result.contains(category) { result.append(category) }
        }
        return result
    }

    /// One word: a type name, a plural of one, or a synonym.
    static func parse(_ word: String) throws -> PlaceCategory {
        let key = folded(word)
        if let category = lookUp(key) { return category }
        let hint = suggestion(for: key).map { " (did you mean \($0.rawValue)?)" } ?? ""
        throw UsageError("unknown --type '\(word.trimmingSpaces())'\(hint); known types: \(PlaceCategory.allNames)")
    }

    /// Lower case, accents dropped (`café`), spaces and dashes as `_`.
    static func folded(_ word: String) -> String {
        TextFolding.fold(word).replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
    }

    private static func lookUp(_ key: String) -> PlaceCategory? {
        if let category = PlaceCategory(rawValue: key) ?? synonyms[key] { return category }
        // Plurals: cafes, pharmacies, gas_stations.
        for (suffix, replacement) in [("ies", "y"), ("s", "")] where key.hasSuffix(suffix) {
            let singular = String(key.dropLast(suffix.count)) + replacement
            if let category = PlaceCategory(rawValue: singular) ?? synonyms[singular] { return category }
        }
        return nil
    }

    /// The type nearest to a word that is none: by spelling among the names and synonyms.
    static func suggestion(for key: String) -> PlaceCategory? {
        let words = PlaceCategory.allCases.map(\.rawValue) + synonyms.keys.sorted()
        return Suggestion.closest(to: key, among: words).flatMap(lookUp)
    }
}
