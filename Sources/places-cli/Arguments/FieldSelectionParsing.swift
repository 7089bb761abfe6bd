import Foundation
import PlacesCore
import PlacesSupport

extension FieldSelection {
    /// Every `--fields` given, in order: a plain list or `all` replaces what came before, a
    /// `+list` adds to it (to the default set when it comes first). So `--fields +rating
    /// --fields +phone` adds both, and an alias's `--fields +rating` followed by a typed
    /// `--fields id,name` is exactly id,name.
    static func parse(_ values: [String]) throws -> FieldSelection {
        var selection: FieldSelection?
        for value in values {
            if isAdditive(value), let earlier = selection {
                _ = try parse(value)  // its errors, worded for the `+` form
                let added = try parse(withoutPlusSigns(value)).fields
                selection = FieldSelection(fields: earlier.fields + added.filter { !earlier.fields.contains($0) }, isExplicit: true)
            } else {
                selection = try parse(value)
            }
        }
        return selection ?? .default
    }

    /// Whether a `--fields` value adds to the set (`+a,+b`) rather than naming it.
    static func isAdditive(_ value: String) -> Bool {
        value.trimmingCharacters(in: .whitespaces).hasPrefix("+")
    }

    /// `+a,+b` → `a,b`: the names a `+` value adds, to add them to what came before.
    static func withoutPlusSigns(_ value: String) -> String {
        value.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).drop { $0 == "+" } }
            .joined(separator: ",")
    }

    /// Parses `a,b,c` (exactly these), `+a,+b` (added to the default set) or `all`.
    /// Mixing plain and `+` names, or an unknown name, is a usage error.
    static func parse(_ text: String) throws -> FieldSelection {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "all" { return FieldSelection(fields: VenueField.contractFields, isExplicit: true) }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "+" }) else {
            throw UsageError(
                "--fields needs a list of field names, e.g. --fields id,name,distanceMeters or --fields +rating; known fields: \(knownNames)"
            )
        }
        let additive = parts.filter { $0.hasPrefix("+") }.count
        guard additive == 0 || additive == parts.count else {
            throw UsageError(
                "--fields '\(text)' mixes plain and +names: give either exactly the fields (a,b) or additions to the default set (+a,+b)")
        }
        var fields: [VenueField] = additive > 0 ? VenueField.defaultSet : []
        for part in parts {
            let name = additive > 0 ? String(part.dropFirst()) : part
            guard
                let field = VenueField(rawValue: name)
                    ?? VenueField.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
            else {
                let hint = Suggestion.closest(to: name, among: VenueField.allCases.map(\.rawValue)).map { "did you mean \($0)? " } ?? ""
                throw UsageError("unknown field '\(name)' in --fields; \(hint)known fields: \(knownNames)")
            }
            if !fields.contains(field) { fields.append(field) }
        }
        return FieldSelection(fields: fields, isExplicit: true, extendsDefault: additive > 0)
    }
}
