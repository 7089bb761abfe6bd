import Foundation
import PlacesCore

extension FieldSelection {
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
