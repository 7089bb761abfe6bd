import PlacesModel

/// The one table from OSM tags to the `--type` vocabulary, and back to Overpass filters.
///
/// Tag values follow the OSM wiki (Key:amenity, Key:shop, Key:tourism, Key:leisure,
/// Key:healthcare). `cafe` includes coffee shops (`shop=coffee`); `bar` includes pubs
/// and beer gardens, as Google's `bar` does; `atm` includes banks tagged `atm=yes`.
package enum OSMCategoryTable {
    package struct Tag: Hashable, Sendable {
        package let key: String
        package let value: String
    }

    package static let tags: [PlaceCategory: [Tag]] = [
        .restaurant: [Tag(key: "amenity", value: "restaurant")],
        .cafe: [Tag(key: "amenity", value: "cafe"), Tag(key: "shop", value: "coffee")],
        .bar: [Tag(key: "amenity", value: "bar"), Tag(key: "amenity", value: "pub"), Tag(key: "amenity", value: "biergarten")],
        .pub: [Tag(key: "amenity", value: "pub")],
        .fast_food: [Tag(key: "amenity", value: "fast_food")],
        .bakery: [Tag(key: "shop", value: "bakery"), Tag(key: "shop", value: "pastry")],
        .ice_cream: [Tag(key: "amenity", value: "ice_cream"), Tag(key: "shop", value: "ice_cream")],
        .food_court: [Tag(key: "amenity", value: "food_court")],
        .atm: [Tag(key: "amenity", value: "atm"), Tag(key: "atm", value: "yes")],
        .bank: [Tag(key: "amenity", value: "bank")],
        .pharmacy: [Tag(key: "amenity", value: "pharmacy"), Tag(key: "healthcare", value: "pharmacy")],
        .hospital: [Tag(key: "amenity", value: "hospital"), Tag(key: "healthcare", value: "hospital")],
        .clinic: [Tag(key: "amenity", value: "clinic"), Tag(key: "healthcare", value: "clinic")],
        .doctor: [Tag(key: "amenity", value: "doctors"), Tag(key: "healthcare", value: "doctor")],
        .dentist: [Tag(key: "amenity", value: "dentist"), Tag(key: "healthcare", value: "dentist")],
        .supermarket: [Tag(key: "shop", value: "supermarket")],
        .convenience: [Tag(key: "shop", value: "convenience")],
        .hotel: [Tag(key: "tourism", value: "hotel"), Tag(key: "tourism", value: "motel")],
        .hostel: [Tag(key: "tourism", value: "hostel")],
        .museum: [Tag(key: "tourism", value: "museum")],
        .gallery: [Tag(key: "tourism", value: "gallery"), Tag(key: "shop", value: "art")],
        .attraction: [Tag(key: "tourism", value: "attraction"), Tag(key: "tourism", value: "viewpoint")],
        .park: [Tag(key: "leisure", value: "park")],
        .gas_station: [Tag(key: "amenity", value: "fuel")],
        .charging_station: [Tag(key: "amenity", value: "charging_station")],
        .parking: [Tag(key: "amenity", value: "parking")],
        .bicycle_rental: [Tag(key: "amenity", value: "bicycle_rental")],
        .car_rental: [Tag(key: "amenity", value: "car_rental")],
        .post_office: [Tag(key: "amenity", value: "post_office")],
        .library: [Tag(key: "amenity", value: "library")],
        .cinema: [Tag(key: "amenity", value: "cinema")],
        .theatre: [Tag(key: "amenity", value: "theatre")],
        .nightclub: [Tag(key: "amenity", value: "nightclub")],
        .gym: [Tag(key: "leisure", value: "fitness_centre"), Tag(key: "leisure", value: "sports_centre")],
        .police: [Tag(key: "amenity", value: "police")],
        .toilets: [Tag(key: "amenity", value: "toilets")],
    ]

    /// The keys whose values name what a place is, in the order the main category is chosen.
    package static let primaryKeys = ["amenity", "shop", "tourism", "leisure", "healthcare"]

    /// Reverse index: key → value → categories (as bits of `PlaceCategory.allCases`), built once.
    private static let categoriesByKeyAndValue: [(key: String, values: [String: UInt64])] = {
        (primaryKeys + ["atm"]).map { key in
            var values: [String: UInt64] = [:]
            for (i, category) in PlaceCategory.allCases.enumerated() {
                for tag in tags[category] ?? [] where tag.key == key { values[tag.value, default: 0] |= 1 << UInt64(i) }
            }
            return (key, values)
        }
    }()

    /// The vocabulary categories an element's tags put it in, in vocabulary order.
    static func categories(of tags: [String: String]) -> [PlaceCategory] {
        var found: UInt64 = 0
        for (key, values) in categoriesByKeyAndValue {
            if let value = tags[key], let bits = values[value] { found |= bits }
        }
        guard found != 0 else { return [] }
        return PlaceCategory.allCases.enumerated().filter { found & (1 << UInt64($0.offset)) != 0 }.map(\.element)
    }
}
