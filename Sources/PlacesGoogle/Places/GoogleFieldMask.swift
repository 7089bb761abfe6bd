import PlacesModel

/// The field mask for a request: exactly what the asked-for fields need, never `*`,
/// because the mask decides the billing tier (SKU) of the whole request.
///
/// Field → tier lists are Google's (usage-and-billing pages, updated 2026-04-13), as
/// transcribed in shared/reference/providers.md §1.7.
struct GoogleFieldMask: Sendable, Equatable {
    enum Method: Sendable {
        case searchNearby, searchText, details

        var skuName: String {
            switch self {
            case .searchNearby: return "Nearby Search"
            case .searchText: return "Text Search"
            case .details: return "Place Details"
            }
        }
    }

    /// A request is billed once, at the highest tier of any field in its mask.
    enum Tier: Int, Sendable, Comparable {
        case essentialsIDsOnly, essentials, pro, enterprise, enterpriseAtmosphere

        var name: String {
            switch self {
            case .essentialsIDsOnly: return "Essentials (IDs Only)"
            case .essentials: return "Essentials"
            case .pro: return "Pro"
            case .enterprise: return "Enterprise"
            case .enterpriseAtmosphere: return "Enterprise + Atmosphere"
            }
        }

        static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
    }

    let method: Method
    /// Place field names without the `places.` prefix, in a fixed order.
    let placeFields: [String]
    /// Text Search along a route: the top-level `routingSummaries` (each place's two legs,
    /// from which the detour is worked out), billed at Enterprise + Atmosphere (Google's
    /// Text Search field list, usage-and-billing 2026-04-13; notes/wire-facts.md §4.2).
    var routingSummaries = false

    /// The `X-Goog-FieldMask` value: `places.`-prefixed for searches (plus `nextPageToken`
    /// for text search paging), bare for details.
    var header: String {
        switch method {
        case .searchNearby: return placeFields.map { "places.\($0)" }.joined(separator: ",")
        case .searchText:
            return (placeFields.map { "places.\($0)" } + (routingSummaries ? ["routingSummaries"] : []) + ["nextPageToken"]).joined(
                separator: ",")
        case .details: return placeFields.joined(separator: ",")
        }
    }

    /// Which Place fields serve each output field. Location, id and name are always
    /// needed to make a venue at all; `businessStatus` is always asked too, so that places
    /// closed for good are told apart: it is a Pro field, and every search and details call
    /// is billed Pro already (displayName is Pro), so it costs nothing more.
    static func placeFields(for fields: Set<VenueField>, method: Method) -> [String] {
        var wanted: Set<String> = ["id", "displayName", "location", "businessStatus"]
        for field in fields {
            switch field {
            case .address: wanted.insert("formattedAddress")
            case .categories, .cuisines: wanted.insert("types")
            case .mapsURL: wanted.insert("googleMapsUri")
            case .rating: wanted.insert("rating")
            case .ratingCount: wanted.insert("userRatingCount")
            case .priceLevel: wanted.insert("priceLevel")
            case .openNow, .openingHours: wanted.insert("currentOpeningHours")
            case .phone: wanted.insert("internationalPhoneNumber")
            case .website: wanted.insert("websiteUri")
            case .photos: wanted.insert("photos")
            case .reviews: wanted.insert("reviews")
            case .id, .provider, .name, .latitude, .longitude, .distanceMeters, .isFavorite, .sameAs, .businessStatus: break
            // Measured against the route, or (detours) read from `routingSummaries`, which
            // is a top-level field of the answer, not a Place field.
            case .alongMeters, .routeOffsetMeters, .detourSeconds, .detourMeters: break
            }
        }
        return order.filter(wanted.contains)
    }

    init(fields: Set<VenueField>, method: Method) {
        self.method = method
        self.placeFields = Self.placeFields(for: fields, method: method)
    }

    /// Exactly these Place fields, for a request that makes no venue (a place's photos alone).
    init(placeFields: [String], method: Method) {
        self.method = method
        self.placeFields = placeFields
    }

    private static let order = [
        "id", "displayName", "location", "formattedAddress", "types", "googleMapsUri", "rating", "userRatingCount",
        "priceLevel", "currentOpeningHours", "internationalPhoneNumber", "websiteUri", "photos", "businessStatus", "reviews",
    ]

    private static let enterprise: Set<String> = [
        "currentOpeningHours", "currentSecondaryOpeningHours", "internationalPhoneNumber", "nationalPhoneNumber",
        "priceLevel", "priceRange", "rating", "regularOpeningHours", "regularSecondaryOpeningHours", "userRatingCount", "websiteUri",
    ]

    /// Fields billed at Enterprise + Atmosphere in every method (providers.md's tier tables).
    private static let atmosphere: Set<String> = ["reviews"]

    /// The tier one Place field is billed at for this method.
    static func tier(of field: String, method: Method) -> Tier {
        if atmosphere.contains(field) { return .enterpriseAtmosphere }
        if enterprise.contains(field) { return .enterprise }
        switch method {
        case .searchText:
            return ["id", "name", "attributions", "movedPlace", "movedPlaceId"].contains(field) ? .essentialsIDsOnly : .pro
        case .searchNearby:
            return .pro
        case .details:
            if ["id", "name", "attributions", "photos", "movedPlace", "movedPlaceId"].contains(field) { return .essentialsIDsOnly }
            let essentials: Set<String> = [
                "addressComponents", "addressDescriptor", "adrFormatAddress", "formattedAddress", "location",
                "plusCode", "postalAddress", "shortFormattedAddress", "types", "viewport",
            ]
            return essentials.contains(field) ? .essentials : .pro
        }
    }

    /// The tier the whole request is billed at.
    var tier: Tier {
        let top = placeFields.map { Self.tier(of: $0, method: method) }.max() ?? .essentialsIDsOnly
        return routingSummaries ? .enterpriseAtmosphere : top
    }

    /// The wire fields, with `routingSummaries` when asked, as the tier is worked out from.
    private var billedFields: [String] { placeFields + (routingSummaries ? ["routingSummaries"] : []) }

    private func fieldTier(_ field: String) -> Tier {
        field == "routingSummaries" ? .enterpriseAtmosphere : Self.tier(of: field, method: method)
    }

    /// The output fields each Place field serves (the inverse of `placeFields(for:)`).
    private static let servedFields: [String: [VenueField]] = [
        "formattedAddress": [.address], "types": [.categories, .cuisines], "googleMapsUri": [.mapsURL],
        "rating": [.rating], "userRatingCount": [.ratingCount], "priceLevel": [.priceLevel],
        "currentOpeningHours": [.openNow, .openingHours], "internationalPhoneNumber": [.phone],
        "websiteUri": [.website], "photos": [.photos], "routingSummaries": [.detourSeconds, .detourMeters],
    ]

    /// The fields at the request's tier: what a cost ceiling names.
    var drivers: [String] {
        let top = tier
        return billedFields.filter { fieldTier($0) == top }
    }

    /// What the request is billed at, for the cost ceiling and the request counts.
    var billedTier: BilledTier {
        let rung = TierLadder.google[tier.rawValue]
        let fields = drivers.flatMap { Self.servedFields[$0] ?? [] }
        let floor = TierLadder.google[GoogleFieldMask(fields: [], method: method).tier.rawValue]
        return BilledTier(provider: .google, sku: method.skuName, rung: rung, drivers: drivers, driverFields: fields, floor: floor)
    }

    /// The `--dry-run` line: SKU and the fields that put it there.
    var billingNote: String {
        let top = tier
        return "billed as \(method.skuName) \(top.name) (set by: \(drivers.joined(separator: ", ")))"
    }
}
