import Foundation

/// The fields of a venue: what a request asks providers to fetch, and what the CLI prints
/// (the raw values are its JSON keys and CSV columns).
///
/// `contractFields` is the CLI's `--fields all`, in the contract's example order.
/// `openingHours` and `photos` extend it: details extras that are printed only when named.
public enum VenueField: String, Sendable, CaseIterable, Hashable {
    case id, provider, name, latitude, longitude, address, distanceMeters, categories, cuisines
    case rating, ratingCount, priceLevel, openNow, phone, website
    case mapsURL = "mapsUrl"
    case isFavorite
    case openingHours, photos

    /// `--fields all`: exactly the contract's keys, in its order.
    package static let contractFields: [VenueField] = Array(allCases.prefix(17))

    /// The default set: every one is in Google's Pro tier and Foursquare's free Pro fields.
    public static let defaultSet: [VenueField] = [
        .id, .provider, .name, .latitude, .longitude, .address, .distanceMeters, .categories, .cuisines, .mapsURL, .isFavorite,
    ]

    /// Fields that cost more to fetch and are asked for only when needed.
    public var isCostly: Bool {
        switch self {
        case .rating, .ratingCount, .priceLevel, .openNow, .phone, .website, .openingHours: return true
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

    package static let `default` = FieldSelection(fields: VenueField.defaultSet, isExplicit: false)

    package init(fields: [VenueField], isExplicit: Bool) {
        self.fields = fields
        self.isExplicit = isExplicit
    }

    /// A set of fields in the contract's order, as named by an app.
    package init(_ fields: Set<VenueField>) {
        self.init(fields: VenueField.allCases.filter(fields.contains), isExplicit: true)
    }

    package static var knownNames: String { VenueField.allCases.map(\.rawValue).joined(separator: ", ") }
}

