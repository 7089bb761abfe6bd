import Foundation

/// The fields a venue can be printed with: JSON keys, CSV columns, table columns.
///
/// `contractFields` is `--fields all`, in the contract's example order. `openingHours`
/// and `photos` extend it: details extras that are printed only when named.
package enum VenueField: String, Sendable, CaseIterable, Hashable {
    case id, provider, name, latitude, longitude, address, distanceMeters, categories, cuisines
    case rating, ratingCount, priceLevel, openNow, phone, website, mapsUrl, isFavorite
    case openingHours, photos

    /// `--fields all`: exactly the contract's keys, in its order.
    package static let contractFields: [VenueField] = Array(allCases.prefix(17))

    /// The default set: every one is in Google's Pro tier and Foursquare's free Pro fields.
    package static let defaultSet: [VenueField] = [
        .id, .provider, .name, .latitude, .longitude, .address, .distanceMeters, .categories, .cuisines, .mapsUrl, .isFavorite,
    ]

    /// Fields that cost more to fetch and are asked for only when needed.
    package var isCostly: Bool {
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

    /// Parses `a,b,c` (exactly these), `+a,+b` (added to the default set) or `all`.
    /// Mixing plain and `+` names, or an unknown name, is a usage error.
    package static func parse(_ text: String) throws -> FieldSelection {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "all" { return FieldSelection(fields: VenueField.contractFields, isExplicit: true) }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "+" }) else {
            throw PlacesError.usage("--fields needs a list of field names, e.g. --fields id,name,distanceMeters or --fields +rating; known fields: \(knownNames)")
        }
        let additive = parts.filter { $0.hasPrefix("+") }.count
        guard additive == 0 || additive == parts.count else {
            throw PlacesError.usage("--fields '\(text)' mixes plain and +names: give either exactly the fields (a,b) or additions to the default set (+a,+b)")
        }
        var fields: [VenueField] = additive > 0 ? VenueField.defaultSet : []
        for part in parts {
            let name = additive > 0 ? String(part.dropFirst()) : part
            guard let field = VenueField(rawValue: name) ?? VenueField.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                let hint = Suggestion.closest(to: name, among: VenueField.allCases.map(\.rawValue)).map { "did you mean \($0)? " } ?? ""
                throw PlacesError.usage("unknown field '\(name)' in --fields; \(hint)known fields: \(knownNames)")
            }
            if !fields.contains(field) { fields.append(field) }
        }
        return FieldSelection(fields: fields, isExplicit: true)
    }

    package static var knownNames: String { VenueField.allCases.map(\.rawValue).joined(separator: ", ") }
}

