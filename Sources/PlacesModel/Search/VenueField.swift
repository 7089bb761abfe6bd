import Foundation

/// The fields of a venue: what a request asks providers to fetch, and what the CLI prints
/// (the raw values are its JSON keys and CSV columns).
///
/// `contractFields` is the CLI's `--fields all`: the contract's example order, then `sameAs`.
/// `openingHours` and `photos` extend it: details extras that are printed only when named.
public enum VenueField: String, Sendable, CaseIterable, Hashable {
    case id, provider, name, latitude, longitude, address, distanceMeters, categories, cuisines
    case rating, ratingCount, priceLevel, openNow, phone, website
    case mapsURL = "mapsUrl"
    case isFavorite
    /// The other providers' ids for the place (several providers merged); `[]` when none.
    case sameAs
    /// `operational`, `closedTemporarily`, `closedPermanently`, or null when unknown.
    case businessStatus
    case openingHours, photos
    /// Along a route (`PlacesClient.alongRoute`): where the place is met, how far off the
    /// route, and what stopping there costs (null where the provider does not say).
    case alongMeters, routeOffsetMeters, detourSeconds, detourMeters
    /// What people wrote (details only, `details --reviews`): Google's reviews (Enterprise +
    /// Atmosphere), Foursquare's tips (Premium), none for OpenStreetMap.
    case reviews

    /// The fields a search along a route adds to the default set.
    public static let routeFields: [VenueField] = [.alongMeters, .routeOffsetMeters, .detourSeconds, .detourMeters]

    /// `--fields all`: exactly the contract's keys, in its order (`sameAs` after them: with one
    /// provider it is `[]`, so a script sees the same keys whichever providers answered; then
    /// `businessStatus`).
    package static let contractFields: [VenueField] = Array(allCases.prefix(19))

    /// The default set: every one is in Google's Pro tier and Foursquare's free Pro fields.
    public static let defaultSet: [VenueField] = [
        .id, .provider, .name, .latitude, .longitude, .address, .distanceMeters, .categories, .cuisines, .mapsURL, .isFavorite,
    ]

    /// Fields that cost more to fetch and are asked for only when needed.
    public var isCostly: Bool {
        switch self {
        case .rating, .ratingCount, .priceLevel, .openNow, .phone, .website, .openingHours, .reviews: return true
        default: return false
        }
    }
}

/// What `--fields` asked for: the fields printed, in order.
package struct FieldSelection: Sendable, Hashable {
    /// The printed fields, in order.
    package let fields: [VenueField]
    /// Whether the user named fields (so the table shows exactly them).
    package let isExplicit: Bool
    /// Whether the fields are the default set, or additions to it (`+rating`).
    package let extendsDefault: Bool

    package static let `default` = FieldSelection(fields: VenueField.defaultSet, isExplicit: false, extendsDefault: true)

    package init(fields: [VenueField], isExplicit: Bool, extendsDefault: Bool = false) {
        self.fields = fields
        self.isExplicit = isExplicit
        self.extendsDefault = extendsDefault
    }

    /// The selection for a merged search (several providers, or the CLI's `--provider all`):
    /// the default set includes `sameAs` (right after its own fields, before any `+additions`).
    package func listingSameAs(_ merged: Bool) -> FieldSelection {
        guard merged, extendsDefault, !fields.contains(.sameAs) else { return self }
        var withSameAs = fields
        let end = fields.starts(with: VenueField.defaultSet) ? VenueField.defaultSet.count : fields.count
        withSameAs.insert(.sameAs, at: end)
        return FieldSelection(fields: withSameAs, isExplicit: isExplicit, extendsDefault: true)
    }

    /// The selection along a route: the default set (or additions to it) gains the route's
    /// fields right after its own; fields named exactly stay as named.
    package func listingRouteFields() -> FieldSelection {
        guard extendsDefault else { return self }
        var withRoute = fields.filter { !VenueField.routeFields.contains($0) }
        let end = withRoute.starts(with: VenueField.defaultSet) ? VenueField.defaultSet.count : withRoute.count
        withRoute.insert(contentsOf: VenueField.routeFields, at: end)
        return FieldSelection(fields: withRoute, isExplicit: isExplicit, extendsDefault: true)
    }

    /// A set of fields in the contract's order, as named by an app.
    init(_ fields: Set<VenueField>) {
        self.init(fields: VenueField.allCases.filter(fields.contains), isExplicit: true)
    }

    package static var knownNames: String { VenueField.allCases.map(\.rawValue).joined(separator: ", ") }
}
