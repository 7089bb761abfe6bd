import Foundation

/// Writes synthetic Overpass `[out:json]` documents for benchmarks and tests. Seeded:
/// the same seed, size and style always give the same bytes.
///
/// Places cluster around ten Finnish cities (Helsinki the largest, so `--near Helsinki`
/// hits the densest part), with a tenth spread over the country, and carry the tags real
/// POIs have in roughly real proportions: name, a main tag, cuisine, address, hours,
/// contacts. Nodes come first, then ways and relations with a `center`, as Overpass orders
/// `out center tags;` output.
struct OverpassSynthesizer {
    enum Style: String {
        /// Exactly the layout Overpass writes (two-space indents, seven-decimal coordinates).
        case overpass
        /// Valid JSON stretched every way a reader could trip on: shuffled keys, unusual
        /// whitespace, exponents, escapes and surrogate pairs, duplicate keys, unknown keys
        /// holding every kind of value, nulls, a byte-order mark. For comparing readers.
        case varied
    }

    /// A disc every place falls in, uniformly, instead of the cities: a dense extract for
    /// `--radius 50000` around its centre, or a sparse one over thousands of kilometres.
    struct Disc {
        var lat: Double
        var lon: Double
        var km: Double
    }

    private var random: SplitMix64
    private let style: Style
    private let disc: Disc?
    private var out: [UInt8] = []

    init(seed: UInt64, style: Style, disc: Disc? = nil) {
        random = SplitMix64(seed: seed)
        self.style = style
        self.disc = disc
    }

    /// Produces a document of `count` elements, handing it over in chunks.
    mutating func document(elements count: Int, chunk: ([UInt8]) -> Void) {
        out.reserveCapacity(1 << 20)
        if style == .varied && random.chance(0.5) { out += [0xEF, 0xBB, 0xBF] }
        text("{\n  \"version\": 0.6,\n  \"generator\": \"Overpass API 0.7.62.1 084b4234 (places overpass-synth)\",\n")
        text("  \"osm3s\": {\n    \"timestamp_osm_base\": \"2024-05-01T00:00:00Z\",\n")
        text(
            "    \"copyright\": \"The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.\"\n  },\n"
        )
        if style == .varied {
            text(
                "  \"remark\": \"synthetic data, no runtime remark\",\n  \"bounds\": {\"minlat\": 59.8, \"maxlat\": 70.1, \"note\": [true, false, null, -0.0, 1E-300]},\n"
            )
        }
        text("  \"elements\": [\n")
        var id: Int64 = 10_000_000
        for index in 0..<count {
            let kind: String
            if index < count * 88 / 100 {
                kind = "node"
            } else if index < count * 99 / 100 {
                kind = "way"
            } else {
                kind = "relation"
            }
            if index == count * 88 / 100 || index == count * 99 / 100 { id = 1_000_000 }
            id += Int64(random.below(4000) + 1)
            text(index == 0 ? "\n" : ",\n")
            element(kind: kind, id: id)
            if out.count >= 1 << 20 {
                chunk(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        text("\n\n  ]")
        if style == .varied { text(",\n  \"trailer\": {\"deep\": [[[[{\"a\": [{}, [], \"\"]}]]]]}") }
        text("\n}\n")
        chunk(out)
        out.removeAll()
    }

    // MARK: One element

    private mutating func element(kind: String, id: Int64) {
        let city = pickCity()
        let (lat, lon) = position(around: city)
        var members: [(String, [UInt8])] = [("type", quoted(kind)), ("id", idText(id))]
        if kind == "node" {
            members += [("lat", coordinate(lat)), ("lon", coordinate(lon))]
        } else {
            members.append(("center", object([("lat", coordinate(lat)), ("lon", coordinate(lon))], indent: 2)))
        }
        let tags = self.tags(city: city)
        if style == .varied {
            variedExtras(&members, tags: tags)
        } else {
            members.append(("tags", object(tags.map { ($0.0, quoted($0.1)) }, indent: 2)))
        }
        out += object(members, indent: 0)
    }

    /// Unknown keys, nulls, duplicates, odd element types, missing tags: each now and then.
    private mutating func variedExtras(_ members: inout [(String, [UInt8])], tags: [(String, String)]) {
        var tagMembers = tags.map { ($0.0, quoted($0.1)) }
        if random.chance(0.2) { tagMembers.append(("name", quoted("Duplicate name (the first one wins)"))) }
        if random.chance(0.1) {
            tagMembers.append(("note", quoted("\\ud83c\\udf55 pizza \\u00e9t\\u00E9 \\\"x\\\" \\/ \\\\ \\b\\f\\n\\r\\t", escaped: true)))
        }
        switch random.below(40) {
        case 0: members.append(("tags", Array("null".utf8)))
        case 1: break
        case 2: members.append(("tags", Array("{}".utf8)))
        default: members.append(("tags", object(tagMembers, indent: 2)))
        }
        if random.chance(0.3) { members.append(("timestamp", quoted("2019-04-21T09:50:14Z"))) }
        if random.chance(0.3) { members.append(("version", Array("\(random.below(20) + 1)".utf8))) }
        if random.chance(0.2) { members.append(("nodes", Array("[1, 2, 3, 123456789012345678901234567890, -1.5e-300]".utf8))) }
        if random.chance(0.1) { members.append(("geometry", Array("[{\"lat\": 1.5, \"lon\": -2.5}, null, {\"x\": [true, false]}]".utf8))) }
        if random.chance(0.05) { members.append(("lat", Array("null".utf8))) }
        if random.chance(0.03) { members[0] = ("type", quoted(random.chance(0.5) ? "area" : "nod\\u0065", escaped: true)) }
        if random.chance(0.02) { members[1] = ("id", Array("-\(random.below(100))".utf8)) }
        if random.chance(0.05) { members.append(("\\u0063enter", Array("{\"lat\": 1, \"lon\": 2}".utf8))) }
        random.shuffle(&members)
        // After the shuffle: a later duplicate is ignored, an earlier one would be the id.
        if random.chance(0.05) { members.append(("id", quoted("a later duplicate, ignored"))) }
    }

    mutating func tags(city: City) -> [(String, String)] {
        var tags: [(String, String)] = []
        let (key, value) = random.weighted(Self.mainTags)
        if !random.chance(0.08) { tags.append(("name", name(for: value))) }
        tags.append((key, value))
        if ["restaurant", "fast_food", "cafe"].contains(value) && random.chance(0.7) {
            tags.append(("cuisine", random.pick(Self.cuisines)))
        }
        if random.chance(0.12) {
            tags.append(("addr:street", random.pick(Self.streets)))
            tags.append(("addr:housenumber", "\(random.below(120) + 1)"))
            if random.chance(0.6) { tags.append(("addr:postcode", city.postcode)) }
            tags.append(("addr:city", city.name))
        }
        if random.chance(0.08) { tags.append(("opening_hours", random.pick(Self.hours))) }
        if random.chance(0.07) {
            tags.append(
                (random.chance(0.7) ? "phone" : "contact:phone", "+358 \(random.below(90) + 10) \(random.below(9_000_000) + 1_000_000)"))
        }
        if random.chance(0.08) {
            tags.append((random.chance(0.8) ? "website" : "contact:website", "https://example.fi/\(random.below(1_000_000))"))
        }
        if random.chance(0.06) { tags.append(("wheelchair", random.pick(["yes", "no", "limited"]))) }
        if style == .varied {
            random.shuffle(&tags)
            if random.chance(0.05) { tags.append(("amenity", random.pick([" restaurant ", "Restaurant", "yes", "gym", "  "]))) }
        }
        return tags
    }

    private mutating func name(for value: String) -> String {
        var name = "\(random.pick(Self.nameStarts)) \(random.pick(Self.nameEnds))"
        if let prefix = Self.namePrefixes[value], random.chance(0.5) { name = "\(prefix) \(name)" }
        if style == .varied {
            switch random.below(12) {
            case 0: name = "  \(name)  "
            case 1: name += " 寿司 🍣"
            case 2: name = "   "
            case 3: name += " \u{00A0}"
            default: break
            }
        }
        return name
    }

    // MARK: Places

    struct City {
        let name: String
        let lat: Double
        let lon: Double
        let weight: Double
        let spreadKm: Double
        let postcode: String
    }

    /// Finnish cities, weighted by how many places they hold.
    static let cities: [City] = [
        City(name: "Helsinki", lat: 60.1699, lon: 24.9384, weight: 30, spreadKm: 5, postcode: "00100"),
        City(name: "Espoo", lat: 60.2055, lon: 24.6559, weight: 10, spreadKm: 6, postcode: "02100"),
        City(name: "Tampere", lat: 61.4978, lon: 23.7610, weight: 10, spreadKm: 5, postcode: "33100"),
        City(name: "Vantaa", lat: 60.2934, lon: 25.0378, weight: 8, spreadKm: 6, postcode: "01300"),
        City(name: "Oulu", lat: 65.0121, lon: 25.4651, weight: 7, spreadKm: 5, postcode: "90100"),
        City(name: "Turku", lat: 60.4518, lon: 22.2666, weight: 7, spreadKm: 4, postcode: "20100"),
        City(name: "Jyväskylä", lat: 62.2426, lon: 25.7473, weight: 5, spreadKm: 4, postcode: "40100"),
        City(name: "Lahti", lat: 60.9827, lon: 25.6612, weight: 4, spreadKm: 4, postcode: "15100"),
        City(name: "Kuopio", lat: 62.8924, lon: 27.6770, weight: 4, spreadKm: 4, postcode: "70100"),
        City(name: "Pori", lat: 61.4851, lon: 21.7974, weight: 3, spreadKm: 3, postcode: "28100"),
    ]

    private static let countryside = City(name: "Suomi", lat: 0, lon: 0, weight: 12, spreadKm: 0, postcode: "99999")

    mutating func pickCity() -> City {
        random.weighted(Self.cities.map { ($0, $0.weight) } + [(Self.countryside, Self.countryside.weight)])
    }

    mutating func position(around city: City) -> (Double, Double) {
        if let disc {
            // Uniform in the disc (on the local plane), kept on the globe.
            let r = disc.km * random.unit().squareRoot(), angle = random.unit() * 2 * .pi
            let lat = max(-89.9, min(89.9, disc.lat + r * sin(angle) / 111.2))
            var lon = disc.lon + r * cos(angle) / (111.2 * max(0.05, cos(disc.lat * .pi / 180)))
            lon = (lon + 540).truncatingRemainder(dividingBy: 360) - 180
            return (lat, lon)
        }
        if city.spreadKm == 0 {
            return (59.9 + random.unit() * 9.5, 21.5 + random.unit() * 8.5)
        }
        let (dx, dy) = random.gaussianPair()
        let lat = city.lat + dy * city.spreadKm / 111.2
        let lon = city.lon + dx * city.spreadKm / (111.2 * cos(city.lat * .pi / 180))
        return (lat, lon)
    }

    // MARK: Text

    private mutating func text(_ s: String) {
        out += Array(s.utf8)
    }

    /// A JSON object, members on their own lines as Overpass writes them (or loosely, when varied).
    private mutating func object(_ members: [(String, [UInt8])], indent: Int) -> [UInt8] {
        if members.isEmpty { return Array("{}".utf8) }
        var o: [UInt8] = [UInt8(ascii: "{")]
        let pad = Array(repeating: UInt8(ascii: " "), count: indent)
        for (i, (key, value)) in members.enumerated() {
            if i > 0 { o.append(UInt8(ascii: ",")) }
            if style == .varied {
                o += whitespace()
                o += quoted(key, escaped: true)
                o += whitespace()
                o.append(UInt8(ascii: ":"))
                o += whitespace()
            } else {
                o.append(0x0A)
                o += pad + [0x20, 0x20]
                o += quoted(key)
                o += Array(": ".utf8)
            }
            o += value
        }
        if style == .varied { o += whitespace() } else { o.append(0x0A); o += pad }
        o.append(UInt8(ascii: "}"))
        return o
    }

    private mutating func whitespace() -> [UInt8] {
        random.pick([[], [0x20], [0x0A], [0x09], [0x0D, 0x0A], [0x20, 0x20, 0x0A, 0x20]])
    }

    /// A JSON string: `s` escaped, unless it is already (`escaped`).
    private func quoted(_ s: String, escaped: Bool = false) -> [UInt8] {
        var o: [UInt8] = [0x22]
        for b in s.utf8 {
            if !escaped && (b == 0x22 || b == 0x5C) { o.append(0x5C) }
            o.append(b)
        }
        o.append(0x22)
        return o
    }

    private mutating func idText(_ id: Int64) -> [UInt8] {
        if style == .varied && random.chance(0.05) { return Array("\(id)0e-1".utf8) }
        return Array("\(id)".utf8)
    }

    /// Seven decimals, as Overpass writes coordinates (`60.1771570`); exponents when varied.
    private mutating func coordinate(_ value: Double) -> [UInt8] {
        let scaled = Int64((value * 10_000_000).rounded())
        let magnitude = scaled.magnitude
        let whole = magnitude / 10_000_000, fraction = magnitude % 10_000_000
        let digits = String(fraction)
        let plain = "\(scaled < 0 ? "-" : "")\(whole).\(String(repeating: "0", count: 7 - digits.count))\(digits)"
        if style == .varied {
            switch random.below(10) {
            case 0: return Array("\(scaled < 0 ? "-" : "")\(magnitude)e-7".utf8)
            case 1: return Array("\(scaled < 0 ? "-" : "")\(magnitude)E-0007".utf8)
            case 2: return Array("\(Double(scaled) / 10_000_000)".utf8)
            default: break
            }
        }
        return Array(plain.utf8)
    }

    // MARK: Vocabulary

    private static let mainTags: [((String, String), Double)] = [
        (("amenity", "restaurant"), 12), (("amenity", "cafe"), 6), (("amenity", "fast_food"), 5), (("amenity", "bar"), 3),
        (("amenity", "pub"), 2), (("amenity", "bank"), 2), (("amenity", "atm"), 2), (("amenity", "pharmacy"), 2),
        (("amenity", "parking"), 5), (("amenity", "toilets"), 2), (("amenity", "fuel"), 2), (("amenity", "post_office"), 1),
        (("amenity", "library"), 1), (("amenity", "dentist"), 1), (("amenity", "doctors"), 1), (("amenity", "ice_cream"), 1),
        (("amenity", "nightclub"), 1), (("amenity", "cinema"), 1), (("amenity", "school"), 3), (("amenity", "place_of_worship"), 2),
        (("shop", "supermarket"), 4), (("shop", "convenience"), 4), (("shop", "clothes"), 4), (("shop", "bakery"), 2),
        (("shop", "hairdresser"), 3), (("shop", "kiosk"), 2), (("shop", "florist"), 1), (("shop", "books"), 1), (("shop", "coffee"), 1),
        (("tourism", "hotel"), 2), (("tourism", "museum"), 1), (("tourism", "attraction"), 1), (("tourism", "viewpoint"), 1),
        (("tourism", "artwork"), 2), (("tourism", "hostel"), 1),
        (("leisure", "park"), 2), (("leisure", "fitness_centre"), 1), (("leisure", "playground"), 2), (("leisure", "sports_centre"), 1),
        (("healthcare", "pharmacy"), 1),
    ]

    private static let namePrefixes = [
        "restaurant": "Ravintola", "cafe": "Kahvila", "bar": "Baari", "pub": "Pub", "hotel": "Hotel",
        "supermarket": "K-Market", "pharmacy": "Apteekki", "museum": "Museo", "park": "Puisto",
    ]
    private static let nameStarts = [
        "Aalto", "Kultainen", "Sininen", "Vanha", "Uusi", "Pieni", "Iso", "Pohjoinen", "Café", "Roma", "Hanko",
        "Töölö", "Kallio", "Sörnäinen", "Punavuori", "Kruunu", "Meri", "Ranta", "Kivi", "Lumi", "Musta", "Tähti",
        "Åland", "Bella", "Golden", "Little", "Royal", "Green", "Nordic", "Saigon", "Tokyo", "Napoli", "Mumbai",
    ]
    private static let nameEnds = [
        "Hirvi", "Karhu", "Kala", "Lohi", "Kettu", "Pöytä", "Keittiö", "Kulma", "Tori", "Satama", "Puutarha",
        "Grill", "Bistro", "Kitchen", "House", "Corner", "Market", "Garden", "Deli", "Bar & Grill", "Sushi", "Wok",
        "Pizzeria", "Burger", "Bakery", "Studio", "Hub", "Point", "Center", "Plaza",
    ]
    private static let cuisines = [
        "pizza", "sushi", "burger", "thai", "chinese", "indian", "italian", "vietnamese", "kebab", "pizza;kebab",
        "regional", "asian;sushi", "nepalese", "mexican", "finnish", "coffee_shop", "japanese;ramen", "vegan",
    ]
    private static let streets = [
        "Mannerheimintie", "Aleksanterinkatu", "Esplanadi", "Fredrikinkatu", "Hämeentie", "Kaivokatu",
        "Bulevardi", "Runeberginkatu", "Hämeenkatu", "Kauppakatu", "Rantakatu", "Keskuskatu", "Isokatu",
    ]
    private static let hours = [
        "Mo-Fr 10:00-20:00; Sa 11:00-18:00", "Mo-Su 11:00-22:00", "24/7", "Mo-Th 11:00-23:00; Fr-Sa 11:00-02:00; Su 12:00-21:00",
    ]
}

/// A small seeded generator (SplitMix64): fast, and the same on every platform.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    mutating func chance(_ p: Double) -> Bool { unit() < p }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func weighted<T>(_ items: [(T, Double)]) -> T {
        var x = unit() * items.reduce(0) { $0 + $1.1 }
        for (item, weight) in items {
            x -= weight
            if x < 0 { return item }
        }
        return items[items.count - 1].0
    }

    /// Two independent standard normal values (Box–Muller).
    mutating func gaussianPair() -> (Double, Double) {
        let u = max(unit(), 1e-300), v = unit()
        let r = (-2 * log(u)).squareRoot()
        return (r * cos(2 * .pi * v), r * sin(2 * .pi * v))
    }

    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, below(i + 1))
        }
    }
}
