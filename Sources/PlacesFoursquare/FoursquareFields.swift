import PlacesModel

/// The `fields` parameter: exactly the response fields the output needs. Without it
/// Foursquare returns every Pro field; Premium fields (rating, price, hours) are returned
/// only when named, and each call that names one is billed as Premium (it needs purchased
/// credits), so they are named only when a printed field or a flag needs them.
///
/// Tiers are Foursquare's (providers.md §3.1, response-fields page).
struct FoursquareFields: Sendable, Equatable {
    /// Response field names, in a fixed order.
    let names: [String]

    static let premium: Set<String> = [
        "rating", "price", "hours", "popularity", "photos", "tips", "stats", "menu",
        "description", "tastes", "features", "verified", "closed_bucket",
    ]

    init(for fields: Set<VenueField>) {
        // Without an id, a name and a position a place cannot be listed at all; `date_closed`
        // (a Pro field: no Premium cost) tells a place closed for good.
        var wanted: Set<String> = ["fsq_place_id", "name", "latitude", "longitude", "date_closed"]
        for field in fields {
            switch field {
            case .address: wanted.insert("location")
            case .categories, .cuisines: wanted.insert("categories")
            case .phone: wanted.insert("tel")
            case .website: wanted.insert("website")
            case .rating: wanted.insert("rating")
            case .priceLevel: wanted.insert("price")
            case .openNow, .openingHours: wanted.insert("hours")
            case .reviews: wanted.insert("tips")
            // Foursquare has no rating count among the documented fields, no map link, and
            // photos are not fetched: these stay null rather than buying a guess.
            case .ratingCount, .mapsURL, .photos: break
            case .id, .provider, .name, .latitude, .longitude, .distanceMeters, .isFavorite, .sameAs, .businessStatus: break
            // Measured against the route; Foursquare knows no detour.
            case .alongMeters, .routeOffsetMeters, .detourSeconds, .detourMeters: break
            }
        }
        names = Self.order.filter(wanted.contains)
    }

    private static let order = [
        "fsq_place_id", "name", "latitude", "longitude", "date_closed", "location", "categories", "tel", "website",
        "rating", "price", "hours", "tips",
    ]

    /// The `fields` query value.
    var parameter: String { names.joined(separator: ",") }

    var premiumNames: [String] { names.filter(Self.premium.contains) }

    /// What a call with these fields is billed at, for the cost ceiling and the request counts.
    func billedTier(call: String) -> BilledTier {
        let premium = premiumNames
        let served: [String: [VenueField]] = ["rating": [.rating], "price": [.priceLevel], "hours": [.openNow, .openingHours]]
        if premium.isEmpty {
            return BilledTier(
                provider: .foursquare, sku: call, rung: TierLadder.foursquare[0], drivers: [], driverFields: [],
                floor: TierLadder.foursquare[0])
        }
        return BilledTier(
            provider: .foursquare, sku: call, rung: TierLadder.foursquare[1], drivers: premium,
            driverFields: premium.flatMap { served[$0] ?? [] }, floor: TierLadder.foursquare[0])
    }

    /// The `--dry-run` line: whether the call is billed as Pro or Premium, and why.
    func billingNote(call: String) -> String {
        let premium = premiumNames
        if premium.isEmpty { return "billed as \(call) Pro (no Premium fields)" }
        return "billed as \(call) Premium (needs credits; set by: \(premium.joined(separator: ", ")))"
    }
}
