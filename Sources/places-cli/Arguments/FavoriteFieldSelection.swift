import Foundation
import PlacesCore
import PlacesSupport

/// What `--fields` asked `favorite list` for: venue fields (as for `nearby`) plus the
/// favorite's own `addedAt`, `note` and `alias`, which always come after the venue fields.
struct FavoriteFieldSelection: Sendable, Equatable {
    /// A favorite's own fields, after the venue fields in every format.
    enum Extra: String, Sendable, CaseIterable {
        case addedAt, note, alias
    }

    let venue: FieldSelection
    let extras: [Extra]

    /// The venue default set, then `addedAt`, `note` and `alias`.
    static let `default` = FavoriteFieldSelection(venue: .default, extras: Extra.allCases)

    init(venue: FieldSelection, extras: [Extra]) {
        self.venue = venue
        self.extras = extras
    }

    /// Every `--fields` given, in order: a plain list or `all` replaces what came before,
    /// a `+list` adds to it (to the default set when it comes first).
    static func parse(_ values: [String]) throws -> FavoriteFieldSelection {
        var selection: FavoriteFieldSelection?
        for value in values {
            let next = try parse(value)
            guard FieldSelection.isAdditive(value), let earlier = selection else {
                selection = next
                continue
            }
            let added = try parse(FieldSelection.withoutPlusSigns(value))
            let venue = FieldSelection(
                fields: earlier.venue.fields + added.venue.fields.filter { !earlier.venue.fields.contains($0) }, isExplicit: true)
            selection = FavoriteFieldSelection(venue: venue, extras: earlier.extras + added.extras.filter { !earlier.extras.contains($0) })
        }
        return selection ?? .default
    }

    /// `a,b` (exactly these), `+a,+b` (added to the default), or `all`; names are the
    /// venue fields plus `addedAt`, `note` and `alias`. Mixing plain and `+` names, or an
    /// unknown name, is a usage error.
    static func parse(_ text: String) throws -> FavoriteFieldSelection {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "all" { return FavoriteFieldSelection(venue: try .parse("all"), extras: Extra.allCases) }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let additive = parts.filter { $0.hasPrefix("+") }.count
        guard additive == 0 || additive == parts.count else {
            throw UsageError(
                "--fields '\(text)' mixes plain and +names: give either exactly the fields (a,b) or additions to the default set (+a,+b)")
        }
        var venueNames: [String] = []
        var extras: [Extra] = additive > 0 ? Extra.allCases : []
        for part in parts {
            let name = additive > 0 ? String(part.dropFirst()) : part
            if let extra = Extra.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) {
                if !extras.contains(extra) { extras.append(extra) }
            } else if name.isEmpty || VenueField.allCases.contains(where: { $0.rawValue.lowercased() == name.lowercased() }) {
                venueNames.append(part)
            } else {
                let known = VenueField.allCases.map(\.rawValue) + Extra.allCases.map(\.rawValue)
                let hint = Suggestion.closest(to: name, among: known).map { "did you mean \($0)? " } ?? ""
                throw UsageError("unknown field '\(name)' in --fields; \(hint)known fields: \(known.joined(separator: ", "))")
            }
        }
        let venue: FieldSelection
        if venueNames.isEmpty {
            venue =
                additive > 0
                ? FieldSelection(fields: VenueField.defaultSet, isExplicit: true) : FieldSelection(fields: [], isExplicit: true)
        } else {
            venue = try FieldSelection.parse(venueNames.joined(separator: ","))
        }
        return FavoriteFieldSelection(venue: venue, extras: extras)
    }
}
