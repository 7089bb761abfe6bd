import PlacesModel
import PlacesSupport

/// One field of one venue, typed, before any format writes it.
package enum FieldValue: Sendable, Equatable {
    case text(String?)
    case number(Double?)
    case integer(Int?)
    case flag(Bool?)
    case list([String])
    /// A list the provider did not give: `null`, unlike an empty list.
    case absentList
    /// Records (reviews), each a JSON object.
    case records([JSONValue])

    /// Every field value comes through here, so provider text is sanitized once (`TerminalText.shown`).
    package static func of(_ field: VenueField, in venue: Venue) -> FieldValue {
        switch field {
        case .id: return .text(venue.id.description)
        case .provider: return .text(venue.provider.rawValue)
        case .name: return .text(TerminalText.shown(venue.name))
        case .latitude: return .number(venue.coordinate.latitude)
        case .longitude: return .number(venue.coordinate.longitude)
        case .address: return .text(venue.address.map(TerminalText.shown))
        case .distanceMeters: return .number(venue.distanceMeters.map { ($0 * 10).rounded() / 10 })
        case .categories: return .list(venue.categories.map(TerminalText.shown))
        case .cuisines: return .list(venue.cuisines.map(TerminalText.shown))
        case .rating: return .number(venue.rating)
        case .ratingCount: return .integer(venue.ratingCount)
        case .priceLevel: return .integer(venue.priceLevel)
        case .openNow: return .flag(venue.openNow)
        case .phone: return .text(venue.phone.map(TerminalText.shown))
        case .website: return .text(venue.website.map(TerminalText.shown))
        case .mapsURL: return .text(TerminalText.shown(venue.mapsURL))
        case .isFavorite: return .flag(venue.isFavorite)
        case .sameAs: return .list(venue.sameAs.map { TerminalText.shown($0.description) })
        case .businessStatus: return .text(venue.businessStatus?.rawValue)
        case .openingHours: return venue.openingHours.map { .list($0.map(TerminalText.shown)) } ?? .absentList
        case .photos: return venue.photoURLs.map { .list($0.map(TerminalText.shown)) } ?? .absentList
        case .alongMeters: return .number(venue.alongMeters.map { ($0 * 10).rounded() / 10 })
        case .routeOffsetMeters: return .number(venue.routeOffsetMeters.map { ($0 * 10).rounded() / 10 })
        case .detourSeconds: return .number(venue.detourSeconds.map { $0.rounded() })
        case .detourMeters: return .number(venue.detourMeters.map { $0.rounded() })
        case .reviews: return venue.reviews.map { .records($0.map(Self.json)) } ?? .absentList
        }
    }

    /// A review as the contract writes it: rating, text, language, author, authorUri,
    /// publishTime, relativeTime (null where unknown), its text sanitized.
    static func json(_ review: Review) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map { .string(TerminalText.shown($0)) } ?? .null }
        return .object([
            ("rating", review.rating.map(JSONValue.number) ?? .null), ("text", text(review.text)), ("language", text(review.language)),
            ("author", text(review.author)), ("authorUri", text(review.authorUri)), ("publishTime", text(review.publishTime)),
            ("relativeTime", text(review.relativeTime)),
        ])
    }

    var json: JSONValue {
        switch self {
        case .text(let s): return s.map(JSONValue.string) ?? .null
        case .number(let d): return d.map(JSONValue.number) ?? .null
        case .integer(let i): return i.map(JSONValue.integer) ?? .null
        case .flag(let b): return b.map(JSONValue.bool) ?? .null
        case .list(let items): return .array(items.map(JSONValue.string))
        case .absentList: return .null
        case .records(let records): return .array(records)
        }
    }

    /// CSV cell text: lists joined with `;`, booleans `true`/`false`, null empty.
    package var csvText: String {
        switch self {
        case .text(let s): return s ?? ""
        case .number(let d): return d.map(JSONValue.format) ?? ""
        case .integer(let i): return i.map(String.init) ?? ""
        case .flag(let b): return b.map { $0 ? "true" : "false" } ?? ""
        case .list(let items): return items.joined(separator: ";")
        case .absentList: return ""
        case .records(let records): return JSONValue.array(records).compact
        }
    }
}

extension Venue {
    /// The venue as a JSON object with exactly `fields`, in order.
    package func jsonObject(fields: [VenueField], extra: [(String, JSONValue)] = []) -> JSONValue {
        .object(fields.map { ($0.rawValue, FieldValue.of($0, in: self).json) } + extra)
    }
}
