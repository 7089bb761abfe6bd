import Foundation

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import PlacesSupport

/// Cases for the hostile-text fuzz (issue 33): places, addresses and predictions whose text
/// holds what terminals act on and CSV must quote, from an extract, Nominatim, Google's
/// Geocoding API and Google Places (nearby, details, autocomplete), through `reverse`,
/// `autocomplete`, `nearby` and `details` in every format. The case's files say what it
/// serves: `answer.json` (the body its server answers with, one line), `hostile.json` (an
/// extract), `points` (`reverse -`'s input); `rows` (one line) how many records the output
/// must hold.
enum HostileTextGenerator {
    /// What the texts are made of: every control character class, and what CSV quotes.
    static let pieces = [
        "\u{1B}[31m", "\u{1B}[2J", "\u{1B}]0;pwned\u{07}", "\u{1B}]8;;http://x.example/\u{1B}\\", "\u{9B}2J", "\u{9B}", "\u{08}", "\u{7F}",
        "\u{07}", "\u{00}", "\u{85}", "\u{202E}", "\u{202A}", "\u{2066}", "\u{2069}", "\u{2028}", "\u{2029}", "\r\n", "\r", "\n", "\t",
        "\"", ",", "\"\u{301}", ",\"", ";", "\"\"", "=SUM(A1)", "😀", "名前", " ", "\\", "\\u001b",
    ]

    static let at = "60.1699,24.9384"
    static let formats = ["csv", "json", "ndjson", "geojson", "table"]

    /// A text that says which it is (`Fuzz3`, so a reader can find it) with hostile pieces
    /// after it; now and then one long enough to be cut.
    static func text(_ tag: String, _ rng: inout SplitMix64) -> String {
        var out = tag + " "
        for _ in 0..<rng.int(in: 1...6) {
            out += rng.percent(70) ? rng.pick(pieces) : String(repeating: rng.pick(pieces), count: rng.int(in: 2...5))
            if rng.percent(50) { out += rng.pick(["x", "Kahvila", "a b", "7"]) }
        }
        if rng.percent(5) { out += String(repeating: rng.pick(["a", "\u{1B}[0m", "\r\n"]), count: 2_600) }
        return out
    }

    static func make(_ rng: inout SplitMix64) -> FuzzInvocation {
        let format = rng.pick(formats)
        let output: [String] = format == "json" && rng.percent(50) ? ["--json"] : ["--format", format]
        let count = rng.int(in: 1...4)
        var files: [(name: String, lines: [String])] = []
        var pieces: [[String]]
        var rows = count
        switch rng.weighted([
            (30, "extract"), (12, "nominatim"), (12, "google geocoding"), (16, "google autocomplete"),
            (14, "google nearby"), (8, "google details"),
        ]) {
        case "extract":
            files.append(("hostile.json", [extract(count, &rng)]))
            switch rng.weighted([(45, "reverse"), (30, "autocomplete"), (25, "nearby")]) {
            case "reverse":
                pieces = [["reverse"]]
                rows = rng.int(in: 1...3)
                // A stream is NDJSON or CSV; GeoJSON takes the points as arguments.
                if rng.percent(40), format != "geojson" {
                    pieces.append(["-"])
                    files.append(("points", (0..<rows).map { _ in point(&rng) }))
                } else {
                    for _ in 0..<rows { pieces.append([point(&rng)]) }
                }
                pieces.append(["--limit", String(rng.int(in: 0...3))])
            case "autocomplete":
                pieces = [["autocomplete"], ["fuzz"], ["--limit", "10"]]
            default:
                pieces = [
                    ["nearby"], ["--at", at],
                    ["--fields", rng.pick(["all", "id,name,address,distanceMeters", "name,address,phone,website,cuisines,openingHours"])],
                ]
            }
            pieces.append(["--data", "{case}/hostile.json"])
        case "nominatim":
            files.append(("answer.json", [nominatim(&rng)]))
            pieces = [["reverse"], [at], ["--provider", "osm"], ["--limit", "0"]]
            rows = 1
        case "google geocoding":
            files.append(("answer.json", [googleGeocoding(&rng)]))
            pieces = [["reverse"], [at], ["--provider", "google"], ["--limit", "0"]]
            rows = 1
        case "google autocomplete":
            files.append(("answer.json", [googleAutocomplete(count, &rng)]))
            pieces = [["autocomplete"], ["fuzz"], ["--provider", "google"], ["--limit", "10"]]
        case "google nearby":
            files.append(("answer.json", [JSONValue.object([("places", .array((0..<count).map { googlePlace($0, &rng) }))]).compact]))
            pieces = [
                ["nearby"], ["--at", at], ["--provider", "google"],
                ["--fields", rng.pick(["all", "id,name,address,phone,website,openingHours"])],
            ]
        default:
            files.append(("answer.json", [googlePlace(0, &rng).compact]))
            pieces = [["details"], ["google:ChIJfuzz0"], ["--fields", rng.pick(["all", "id,name,address,phone,website,openingHours"])]]
            rows = 1
        }
        files.append(("rows", [String(rows)]))
        pieces.append(output)
        return FuzzInvocation(
            pieces: pieces, environment: [("GOOGLE_MAPS_API_KEY", FuzzCanary.google)], favorites: .absent,
            pinned: ["--data", "--provider", "--limit", "--at"], files: files)
    }

    /// A point a few tens of metres from the places.
    static func point(_ rng: inout SplitMix64) -> String {
        "\(60.1699 + Double(rng.below(100)) / 100_000),\(24.9384 + Double(rng.below(100)) / 100_000)"
    }

    /// An extract of `count` named places with hostile names, addresses, phones, websites,
    /// cuisines and opening hours, within 100 m of `at`.
    static func extract(_ count: Int, _ rng: inout SplitMix64) -> String {
        let elements: [JSONValue] = (0..<count).map { n in
            var tags: [(String, JSONValue)] = [
                ("amenity", .string(rng.pick(["cafe", "restaurant", "bar"]))), ("name", .string(text("Fuzz\(n)", &rng))),
            ]
            for key in [
                "addr:street", "addr:housenumber", "addr:postcode", "addr:city", "addr:full", "phone", "website", "cuisine",
                "opening_hours",
            ]
            where rng.percent(key == "addr:street" ? 90 : 40) {
                tags.append((key, .string(text("P\(n)", &rng))))
            }
            return .object([
                ("type", .string("node")), ("id", .integer(1000 + n)),
                ("lat", .number(60.1699 + Double(n) / 10_000)), ("lon", .number(24.9384 + Double(rng.below(50)) / 100_000)),
                ("tags", .object(tags)),
            ])
        }
        return JSONValue.object([("version", .number(0.6)), ("elements", .array(elements))]).compact
    }

    static func nominatim(_ rng: inout SplitMix64) -> String {
        var address: [(String, JSONValue)] = [("road", .string(text("Road", &rng)))]
        for key in ["house_number", "postcode", "city", "town", "pedestrian"] where rng.percent(50) {
            address.append((key, .string(text(key, &rng))))
        }
        address.append(("country_code", .string(rng.pick(["fi", "\u{1B}x", "f\u{202E}i"]))))
        return JSONValue.object([
            ("place_id", .integer(1)), ("osm_type", .string("way")), ("osm_id", .integer(185401488)),
            ("lat", .string("60.1697210")), ("lon", .string("24.9369470")),
            ("display_name", .string(text("Display", &rng))), ("address", .object(address)),
        ]).compact
    }

    static func googleGeocoding(_ rng: inout SplitMix64) -> String {
        func component(_ type: String, _ rng: inout SplitMix64) -> JSONValue {
            let long = text(type, &rng)
            return .object([
                ("longText", .string(long)), ("shortText", .string(rng.percent(50) ? long : "F\u{1B}I")),
                ("types", .array([.string(type)])),
            ])
        }
        let types = ["route", "street_number", "postal_code", "locality", "postal_town", "country"]
        let result: JSONValue = .object([
            ("placeId", .string(rng.pick(["ChIJfuzz", "ChIJ\u{1B}[2Jfuzz", "ChIJ fuzz"]))),
            ("location", .object([("latitude", .number(60.1697)), ("longitude", .number(24.9371))])),
            ("formattedAddress", .string(text("Formatted", &rng))),
            ("addressComponents", .array(types.filter { _ in rng.percent(70) }.map { component($0, &rng) })),
        ])
        return JSONValue.object([("results", .array([result]))]).compact
    }

    static func googlePlace(_ n: Int, _ rng: inout SplitMix64) -> JSONValue {
        .object([
            ("id", .string("ChIJfuzz\(n)")), ("name", .string("places/ChIJfuzz\(n)")),
            ("displayName", .object([("text", .string(text("Fuzz\(n)", &rng)))])),
            ("location", .object([("latitude", .number(60.1699 + Double(n) / 10_000)), ("longitude", .number(24.9384))])),
            ("formattedAddress", .string(text("Address\(n)", &rng))),
            ("types", .array([.string("cafe"), .string(text("type", &rng))])), ("primaryType", .string("cafe")),
            ("googleMapsUri", .string("https://maps.google.com/?cid=\(n)" + (rng.percent(30) ? rng.pick(pieces) : ""))),
            ("internationalPhoneNumber", .string(text("+358", &rng))), ("websiteUri", .string(text("https://example.fi/", &rng))),
            ("currentOpeningHours", .object([("openNow", .bool(true)), ("weekdayDescriptions", .array([.string(text("Monday", &rng))]))])),
        ])
    }

    static func googleAutocomplete(_ count: Int, _ rng: inout SplitMix64) -> String {
        let suggestions: [JSONValue] = (0..<count).map { n in
            let name = text("Fuzz\(n)", &rng), secondary = text("Street\(n)", &rng)
            return .object([
                (
                    "placePrediction",
                    .object([
                        ("place", .string("places/ChIJfuzz\(n)")), ("placeId", .string("ChIJfuzz\(n)")),
                        ("text", .object([("text", .string(name + ", " + secondary))])),
                        (
                            "structuredFormat",
                            .object([
                                ("mainText", .object([("text", .string(name))])),
                                ("secondaryText", .object([("text", .string(secondary))])),
                            ])
                        ),
                        ("types", .array([.string("cafe"), .string(text("type", &rng))])),
                    ])
                )
            ])
        }
        return JSONValue.object([("suggestions", .array(suggestions))]).compact
    }
}
