/// What every part of the library knows of a provider without asking it: its name as users
/// know it, its letter, the shape of its place ids and its own page for a place, its ratings
/// and its billing tiers. `ProviderName` is the provider's one identity; this is its profile,
/// one per case, declared here because place ids, messages and billing (all below the
/// providers' own targets) read it. How a provider is made and asked is its
/// `ProviderDescriptor`, in its own target.
package struct ProviderProfile: Sendable {
    /// As users know it: "Google Places", "OpenStreetMap".
    package let displayName: String
    /// One letter, where a table shows which providers had a place (`O G F`).
    package let letter: Character
    /// Whether its places carry ratings.
    var hasRatings = true
    /// Whether people's reviews (or tips) of its places can be asked for.
    package var hasReviews = true
    /// Its billing tiers, cheapest first; nil for a provider that does not bill by tier.
    let tiers: [TierLadder.Rung]?
    /// Why `raw` (what follows `name:` in `text`) is not one of its place ids; nil when it is.
    var idProblem: @Sendable (_ provider: ProviderName, _ text: String, _ raw: String) -> String? = Self.opaqueIDProblem
    /// A place as a "no such place" message names it: "place google:X", "node/1".
    package var placeNoun: @Sendable (PlaceID) -> String = { "place \($0)" }
    /// The provider's own page for a place id, where there is one without asking.
    var placePage: @Sendable (_ rawID: String) -> String? = { _ in nil }
    /// The credit a map of places' own (`--format svg`, drawn over OpenStreetMap or a
    /// graticule) must show when it draws this provider's places; nil when the provider's
    /// terms do not let its places be drawn on such a map at all.
    package var mapCredit: String?

    /// Opaque ids travel in URL paths: anything that could escape one is refused.
    static let opaqueIDProblem: @Sendable (ProviderName, String, String) -> String? = { provider, text, raw in
        let allowed = raw.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
        }
        return allowed ? nil : "'\(text)' is not a valid \(provider.rawValue) place id: only letters, digits, '_' and '-' are allowed"
    }
}

extension ProviderProfile {
    /// Google Places: opaque ids, billed by the tier its field mask sets.
    ///
    /// No map credit: Google Maps Platform Terms of Service §3.2.3(e), "No Use With Non-Google
    /// Maps": "Customer will not use the Google Maps Core Services with or near a non-Google
    /// Map in a Customer Application. For example, Customer will not (i) display or use Places
    /// content on a non-Google Map" (https://cloud.google.com/maps-platform/terms); the Places
    /// API policies say the same: "Places API results displayed on a map must be shown on a
    /// Google Map" (https://developers.google.com/maps/documentation/places/web-service/policies).
    static let google = ProviderProfile(displayName: "Google Places", letter: "G", tiers: TierLadder.google)

    /// Foursquare Places: opaque ids, Pro and Premium fields.
    ///
    /// Its map credit: "If your application uses our Places API, you must credit Foursquare as
    /// the source of your data through either visual credit (i.e., buttons, our developer
    /// logo, etc.) or contextual credit (i.e., woven into copy, etc.)"
    /// (https://docs.foursquare.com/fsq-developers-places/reference/usage-guidelines).
    static let foursquare = ProviderProfile(
        displayName: "Foursquare", letter: "F", tiers: TierLadder.foursquare, mapCredit: "Places: Foursquare")

    /// OpenStreetMap: `node/N`, `way/N` or `relation/N`, each with its page on openstreetmap.org;
    /// no ratings, no billing.
    static let osm = ProviderProfile(
        displayName: "OpenStreetMap", letter: "O", hasRatings: false, hasReviews: false, tiers: nil,
        idProblem: { _, text, raw in
            OSMElementRef(rawID: raw) == nil
                ? "'\(text)' is not an OpenStreetMap id: expected osm:node/N, osm:way/N or osm:relation/N" : nil
        },
        placeNoun: { $0.rawID },
        placePage: { raw in OSMElementRef(rawID: raw).map { "https://www.openstreetmap.org/\($0.type.rawValue)/\($0.id)" } },
        // "We require that you use the credit “© OpenStreetMap contributors”"
        // (https://www.openstreetmap.org/copyright).
        mapCredit: "© OpenStreetMap contributors")
}

extension ProviderName {
    /// What the library knows of this provider without asking it.
    package var profile: ProviderProfile {
        switch self {
        case .google: return .google
        case .foursquare: return .foursquare
        case .osm: return .osm
        }
    }
}
