/// Which API a request to the hostile server was meant for, from its path; and a
/// well-formed answer of that API's shape to bend (shapes from shared/reference/providers.md
/// and the recorded fixtures).
enum HostileEndpoint: String, CaseIterable {
    case googleNearby, googleText, googleDetails, foursquareSearch, foursquareDetails, overpass, googleRoutes, osrm

    init(path: String) {
        if path.hasSuffix("places:searchNearby") {
            self = .googleNearby
        } else if path.hasSuffix("places:searchText") {
            self = .googleText
        } else if path.contains("/v1/places/") {
            self = .googleDetails
        } else if path.hasSuffix("/places/search") {
            self = .foursquareSearch
        } else if path.contains("/places/") {
            self = .foursquareDetails
        } else if path.contains("computeRoutes") {
            self = .googleRoutes
        } else if path.contains("/route/v1/") {
            self = .osrm
        } else {
            self = .overpass
        }
    }

    /// The key this API is sent, which is all it could echo back.
    var key: String? {
        switch self {
        case .googleNearby, .googleText, .googleDetails, .googleRoutes: return FuzzCanary.google
        case .foursquareSearch, .foursquareDetails: return FuzzCanary.foursquare
        case .overpass, .osrm: return nil
        }
    }

    var pages: Bool { self == .googleText || self == .foursquareSearch }

    // MARK: - Well-formed answers

    func body(_ n: Int = 0) -> FuzzJSON {
        switch self {
        case .googleNearby: return .object([("places", .array([Self.googlePlace(n), Self.googlePlace(n + 1)]))])
        case .googleText: return .object([("places", .array([Self.googlePlace(n), Self.googlePlace(n + 1)]))])
        case .googleDetails: return Self.googlePlace(n)
        case .foursquareSearch: return .object([("results", .array([Self.foursquarePlace(n), Self.foursquarePlace(n + 1)]))])
        case .foursquareDetails: return Self.foursquarePlace(n)
        case .overpass:
            return .object([
                ("version", .number(0.6)), ("generator", .string("Overpass API")),
                ("osm3s", .object([("timestamp_osm_base", .string("2026-01-01T00:00:00Z"))])),
                ("elements", .array([Self.osmNode(n), Self.osmWay(n + 1)])),
            ])
        case .googleRoutes:
            return .object([
                (
                    "routes",
                    .array([
                        .object([
                            ("distanceMeters", .int(1234)), ("duration", .string("345s")),
                            ("polyline", .object([("encodedPolyline", .string("_p~iF~ps|U"))])),
                        ])
                    ])
                )
            ])
        case .osrm:
            return .object([
                ("code", .string("Ok")),
                (
                    "routes",
                    .array([
                        .object([
                            ("distance", .number(601.9)), ("duration", .number(433.5)), ("weight", .number(433.5)),
                            ("weight_name", .string("duration")), ("legs", .array([])),
                        ])
                    ])
                ),
                (
                    "waypoints",
                    .array([
                        .object([
                            ("distance", .number(1.5)), ("name", .string("")), ("location", .array([.number(24.9384), .number(60.1699)])),
                        ]),
                        .object([
                            ("distance", .int(0)), ("name", .string("Mannerheimintie")),
                            ("location", .array([.number(24.9522), .number(60.1675)])),
                        ]),
                    ])
                ),
            ])
        }
    }

    /// The API's own error body, carrying `message`.
    func errorBody(status: Int, message: FuzzJSON) -> FuzzJSON {
        switch self {
        case .googleNearby, .googleText, .googleDetails, .googleRoutes:
            let reason: FuzzJSON = .object([
                ("@type", .string("type.googleapis.com/google.rpc.ErrorInfo")), ("reason", .string("API_KEY_INVALID")),
                ("domain", .string("googleapis.com")), ("metadata", .object([("service", .string("places.googleapis.com"))])),
            ])
            return .object([
                (
                    "error",
                    .object([
                        ("code", .int(status)), ("message", message), ("status", .string("PERMISSION_DENIED")),
                        ("details", .array([reason])),
                    ])
                )
            ])
        case .foursquareSearch, .foursquareDetails:
            return .object([("message", message)])
        case .osrm:
            return .object([("code", .string(status == 400 ? "NoRoute" : "InvalidQuery")), ("message", message)])
        case .overpass:
            return .object([("version", .number(0.6)), ("elements", .array([])), ("remark", message)])
        }
    }

    static func googlePlace(_ n: Int) -> FuzzJSON {
        .object([
            ("id", .string("ChIJFuzzPlace\(n)")), ("name", .string("places/ChIJFuzzPlace\(n)")),
            ("displayName", .object([("text", .string("Kahvila \(n)")), ("languageCode", .string("fi"))])),
            ("location", .object([("latitude", .number(60.1702 + Double(n) / 10_000)), ("longitude", .number(24.9389))])),
            ("formattedAddress", .string("Mannerheimintie \(n + 1), 00100 Helsinki")),
            ("types", .array([.string("cafe"), .string("food"), .string("point_of_interest")])), ("primaryType", .string("cafe")),
            ("googleMapsUri", .string("https://maps.google.com/?cid=\(1000 + n)")),
            ("rating", .number(4.4)), ("userRatingCount", .int(812)), ("priceLevel", .string("PRICE_LEVEL_MODERATE")),
            (
                "currentOpeningHours",
                .object([("openNow", .bool(true)), ("weekdayDescriptions", .array([.string("Monday: 10:00 – 20:00")]))])
            ),
            ("internationalPhoneNumber", .string("+358 9 123456")), ("websiteUri", .string("https://example.fi/\(n)")),
            (
                "photos",
                .array([
                    .object([("name", .string("places/ChIJFuzzPlace\(n)/photos/AUc1")), ("widthPx", .int(4032)), ("heightPx", .int(3024))])
                ])
            ),
            ("businessStatus", .string("OPERATIONAL")),
        ])
    }

    static func foursquarePlace(_ n: Int) -> FuzzJSON {
        .object([
            ("fsq_place_id", .string("4b0588f9f964a520f9db22e\(n % 10)")), ("name", .string("Kahvila \(n)")),
            ("latitude", .number(60.1702 + Double(n) / 10_000)), ("longitude", .number(24.9389)),
            (
                "categories",
                .array([
                    .object([
                        ("fsq_category_id", .string("63be6904847c3692a84b9bb6")), ("name", .string("Café")),
                        ("short_name", .string("Café")), ("plural_name", .string("Cafés")),
                    ])
                ])
            ),
            (
                "location",
                .object([
                    ("address", .string("Mannerheimintie 1")), ("locality", .string("Helsinki")), ("postcode", .string("00100")),
                    ("country", .string("FI")), ("formatted_address", .string("Mannerheimintie 1, 00100 Helsinki")),
                ])
            ),
            ("tel", .string("+358 9 123456")), ("website", .string("https://example.fi")), ("rating", .number(8.8)), ("price", .int(2)),
            ("hours", .object([("display", .string("Mon-Fri 10:00-20:00")), ("open_now", .bool(true))])),
            ("distance", .int(120)), ("link", .string("/places/4b0588f9f964a520f9db22e\(n % 10)")),
        ])
    }

    static func osmNode(_ n: Int) -> FuzzJSON {
        .object([
            ("type", .string("node")), ("id", .int(1_369_465_615 + n)), ("lat", .number(60.1702394)), ("lon", .number(24.938897)),
            (
                "tags",
                .object([
                    ("amenity", .string("restaurant")), ("name", .string("Loiste \(n)")), ("cuisine", .string("finnish;sushi")),
                    ("opening_hours", .string("Mo-Fr 10:00-20:00; Sa 12:00-18:00")), ("phone", .string("+358 9 4337 6315")),
                    ("website", .string("http://www.ravintolaloiste.fi/")),
                ])
            ),
        ])
    }

    static func osmWay(_ n: Int) -> FuzzJSON {
        .object([
            ("type", .string("way")), ("id", .int(8_145_437 + n)), ("center", .object([("lat", .number(60.17)), ("lon", .number(24.94))])),
            ("tags", .object([("amenity", .string("cafe")), ("name", .string("Kahvila \(n)"))])),
        ])
    }
}
