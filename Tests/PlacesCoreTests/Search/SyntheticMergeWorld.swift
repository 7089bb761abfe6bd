import Foundation

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel

/// A seeded world for measuring the venue merge: true places (real names and positions from
/// Fixtures/osm/helsinki-pois.json, plus chains and look-alikes added on purpose), and three
/// providers' answers about them with the disagreement real providers show.
///
/// - Each provider misses 10–20 % of the places (its rate drawn per seed) and answers in its own order.
/// - Each position is moved 5–60 m in a random direction, independently per provider.
/// - Names are re-spelled (one letter), abbreviated (a last word dropped), upper- or lower-cased,
///   stripped of accents and apostrophes, given or stripped of generic words (Ravintola, Cafe,
///   Oy), of `&`/ja, and given the district as a branch suffix ("Hanko Sushi - Kamppi").
/// - Categories move within their family now and then (a restaurant filed as a cafe), are
///   sometimes missing, and words outside the vocabulary are each provider's own.
/// - Chains have branches 80–150 m apart; look-alikes stand 20–120 m from the place they
///   resemble ("Cafe X" by restaurant "X", "X Pizza" by "X"), every bank has its ATM at the door.
///   A look-alike keeps the word that tells it apart (a provider that wrote "X" for "Cafe X"
///   would leave nobody able to tell), and a place within `indistinguishableMeters` of an
///   earlier one with the same name is left out unless their categories conflict (the bank
///   and its ATM stay): when every provider moves each up to 60 m, nothing could tell which
///   is which (the fixture has such pairs: four "Lyhdynkantajat" statues within 32 m,
///   "Aleksi 13" mapped twice 9 m apart, once as clothes and once as "Store").
struct SyntheticMergeWorld {
    struct Place {
        let name: String
        let categories: [String]
        let latitude: Double
        let longitude: Double
        /// The OpenStreetMap id when the place comes from the fixture.
        let osmRawID: String?
        /// A look-alike: no provider drops the word that tells it from its neighbour.
        var keepsWholeName = false
    }

    static let providers: [ProviderName] = [.google, .foursquare, .osm]

    let places: [Place]
    /// One answer per provider, in `providers` order.
    let answers: [[Venue]]
    /// Which true place each venue is.
    let truth: [PlaceID: Int]

    init(seed: UInt64, fixturePlaces: [Place], size: Int = 260) {
        var rng = SeededGenerator(seed: seed)
        var places = Self.pickTruth(from: fixturePlaces, size: size, rng: &rng)
        Self.addChains(to: &places, rng: &rng)
        Self.addLookAlikes(to: &places, rng: &rng)
        places = Self.distinguishable(places)
        var answers: [[Venue]] = []
        var truth: [PlaceID: Int] = [:]
        for (p, provider) in Self.providers.enumerated() {
            let missing = 0.10 + 0.10 * rng.unit()
            var answer: [Venue] = []
            for (index, place) in places.enumerated() where !rng.chance(missing) {
                let id = PlaceID(provider: provider, rawID: Self.rawID(for: place, index: index, provider: provider, seed: seed))
                let (lat, lon) = Self.moved(place, meters: 5 + 55 * rng.unit(), bearing: 2 * Double.pi * rng.unit())
                let venue = Venue(
                    id: id, name: NameVariants.variant(of: place, provider: p, rng: &rng),
                    coordinate: try! Coordinate(latitude: lat, longitude: lon),
                    categories: Self.categories(of: place, provider: provider, rng: &rng))
                answer.append(venue)
                truth[id] = index
            }
            rng.shuffle(&answer)
            answers.append(answer)
        }
        self.places = places
        self.answers = answers
        self.truth = truth
    }

    // MARK: The true places

    /// Every fixture place whose name is there more than once (real chains, real neighbours
    /// with one name), then others at random up to `size`.
    static func pickTruth(from fixture: [Place], size: Int, rng: inout SeededGenerator) -> [Place] {
        var counts: [String: Int] = [:]
        for place in fixture { counts[place.name, default: 0] += 1 }
        var chosen = fixture.filter { counts[$0.name]! > 1 }
        var rest = fixture.filter { counts[$0.name]! == 1 }
        rng.shuffle(&rest)
        chosen += rest.prefix(max(0, size - chosen.count))
        return chosen
    }

    /// Chains with branches close together, along a line from a random fixture place.
    static func addChains(to places: inout [Place], rng: inout SeededGenerator) {
        let chains: [(name: String, category: String, branches: Int, spacing: Double)] = [
            ("Subway", "fast_food", 4, 150), ("Hesburger", "fast_food", 3, 120),
            ("Espresso House", "cafe", 3, 90), ("K-Market", "supermarket", 2, 130),
            ("Alepa", "supermarket", 3, 110), ("Fazer Café", "cafe", 2, 80),
        ]
        let anchors = places
        for chain in chains {
            let start = rng.pick(anchors)
            let bearing = 2 * Double.pi * rng.unit()
            for branch in 0..<chain.branches {
                let (lat, lon) = moved(start, meters: 40 + chain.spacing * Double(branch), bearing: bearing)
                places.append(Place(name: chain.name, categories: [chain.category], latitude: lat, longitude: lon, osmRawID: nil))
            }
        }
    }

    /// Different places that look like one: "Cafe X" or "X Pizza" near a restaurant "X",
    /// and an ATM by the door of every bank.
    static func addLookAlikes(to places: inout [Place], rng: inout SeededGenerator) {
        let food = places.indices.filter { i in
            let place = places[i]
            return ["restaurant", "cafe", "bar"].contains(place.categories.first ?? "")
                && VenueNameKey(place.name).kinds.isEmpty && place.name.split(separator: " ").count <= 2
        }
        var originals = food
        rng.shuffle(&originals)
        let suffixes = ["Pizza", "Grill", "Deli", "Express", "Kitchen"]
        for (n, i) in originals.prefix(24).enumerated() {
            let original = places[i]
            let (lat, lon) = moved(original, meters: 20 + 100 * rng.unit(), bearing: 2 * Double.pi * rng.unit())
            let lookAlike: Place
            if n.isMultiple(of: 2) {
                let (word, category) = original.categories.first == "cafe" ? ("Ravintola", "restaurant") : ("Cafe", "cafe")
                lookAlike = Place(
                    name: "\(word) \(original.name)", categories: [category], latitude: lat, longitude: lon, osmRawID: nil,
                    keepsWholeName: true)
            } else {
                lookAlike = Place(
                    name: "\(original.name) \(rng.pick(suffixes))", categories: ["fast_food"], latitude: lat, longitude: lon, osmRawID: nil,
                    keepsWholeName: true)
            }
            places.append(lookAlike)
        }
        for bank in places where bank.categories.contains("bank") {
            let (lat, lon) = moved(bank, meters: 5 + 10 * rng.unit(), bearing: 2 * Double.pi * rng.unit())
            places.append(Place(name: bank.name, categories: ["atm"], latitude: lat, longitude: lon, osmRawID: nil))
        }
    }

    static let indistinguishableMeters = 60.0

    /// The places, less any within `indistinguishableMeters` of an earlier one with the same
    /// name (ignoring case) whose category does not tell them apart.
    static func distinguishable(_ places: [Place]) -> [Place] {
        var kept: [Place] = []
        for place in places {
            let twin = kept.contains { other in
                other.name.lowercased() == place.name.lowercased()
                    && CategoryAgreement(VenueCategories(other.categories), VenueCategories(place.categories)) != .conflicting
                    && GeodesicDistance.meters(
                        from: try! Coordinate(latitude: other.latitude, longitude: other.longitude),
                        to: try! Coordinate(latitude: place.latitude, longitude: place.longitude)) < indistinguishableMeters
            }
            if !twin { kept.append(place) }
        }
        return kept
    }

    // MARK: What a provider makes of a place

    static func rawID(for place: Place, index: Int, provider: ProviderName, seed: UInt64) -> String {
        switch provider {
        case .osm: return place.osmRawID ?? "node/\(9_000_000_000 + index)"
        case .google: return "ChIJsynth\(seed)x\(index)"
        case .foursquare: return "fsq\(seed)x\(index)"
        }
    }

    static let foodFamily: [String: [String]] = [
        "restaurant": ["cafe", "bar", "fast_food"], "cafe": ["bakery", "restaurant"],
        "bar": ["pub", "nightclub", "restaurant"], "pub": ["restaurant"], "fast_food": ["restaurant"],
    ]

    static func categories(of place: Place, provider: ProviderName, rng: inout SeededGenerator) -> [String] {
        if rng.chance(0.05) { return [] }
        guard let first = place.categories.first else { return [] }
        if let neighbours = foodFamily[first], rng.chance(0.12) { return [rng.pick(neighbours)] }
        guard PlaceCategory(rawValue: first) == nil else { return place.categories }
        switch provider {
        case .osm: return [first]
        case .google: return ["\(first)_store"]
        case .foursquare: return ["\(first)_shop"]
        }
    }

    /// A point `meters` from the place towards `bearing` (radians from north), on a local plane:
    /// exact enough for tens of metres; the merge measures the result on the ellipsoid.
    static func moved(_ place: Place, meters: Double, bearing: Double) -> (Double, Double) {
        let metersPerDegreeLatitude = 111_412.0
        let metersPerDegreeLongitude = 111_412.0 * cos(place.latitude * Double.pi / 180)
        return (
            place.latitude + meters * cos(bearing) / metersPerDegreeLatitude,
            place.longitude + meters * sin(bearing) / metersPerDegreeLongitude
        )
    }

    // MARK: The fixture

    /// Named places of the Helsinki extract with their categories (vocabulary names where
    /// the tag has one, else the tag's value).
    static func loadFixture() throws -> [Place] {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let data = try Data(contentsOf: root.appendingPathComponent("Fixtures/osm/helsinki-pois.json"))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let elements = json?["elements"] as? [[String: Any]] ?? []
        return elements.compactMap { element in
            guard let tags = element["tags"] as? [String: String], let name = tags["name"],
                let type = element["type"] as? String, let id = element["id"] as? Int
            else { return nil }
            let center = element["center"] as? [String: Double]
            guard let lat = element["lat"] as? Double ?? center?["lat"], let lon = element["lon"] as? Double ?? center?["lon"] else {
                return nil
            }
            return Place(name: name, categories: categories(of: tags), latitude: lat, longitude: lon, osmRawID: "\(type)/\(id)")
        }
    }

    private static let vocabulary: [String: [String]] = [
        "amenity=restaurant": ["restaurant"], "amenity=cafe": ["cafe"], "amenity=bar": ["bar"],
        "amenity=pub": ["bar", "pub"], "amenity=fast_food": ["fast_food"], "amenity=ice_cream": ["ice_cream"],
        "amenity=bank": ["bank"], "amenity=atm": ["atm"], "amenity=pharmacy": ["pharmacy"],
        "amenity=nightclub": ["nightclub"], "amenity=theatre": ["theatre"], "amenity=cinema": ["cinema"],
        "amenity=library": ["library"], "amenity=post_office": ["post_office"], "amenity=dentist": ["dentist"],
        "amenity=parking": ["parking"], "amenity=bicycle_rental": ["bicycle_rental"],
        "shop=supermarket": ["supermarket"], "shop=convenience": ["convenience"], "shop=bakery": ["bakery"],
        "tourism=hotel": ["hotel"], "tourism=hostel": ["hostel"], "tourism=museum": ["museum"],
        "tourism=gallery": ["gallery"], "tourism=attraction": ["attraction"], "leisure=park": ["park"],
    ]

    private static func categories(of tags: [String: String]) -> [String] {
        for key in ["amenity", "shop", "tourism", "leisure"] {
            guard let value = tags[key] else { continue }
            return vocabulary["\(key)=\(value)"] ?? (value == "yes" ? [] : [value])
        }
        return []
    }
}

/// SplitMix64: the same numbers for a seed on every platform and Swift version.
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func chance(_ p: Double) -> Bool { unit() < p }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, below(i + 1))
        }
    }
}
