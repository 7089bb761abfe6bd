/// `--format`: how results are written to stdout.
package enum OutputFormat: String, Sendable, CaseIterable {
    case table, json, ndjson, csv, geojson

    package static func parse(_ text: String) throws -> OutputFormat {
        guard let format = OutputFormat(rawValue: text.lowercased()) else {
            let hint = Suggestion.closest(to: text, among: allCases.map(\.rawValue)).map { " (did you mean \($0)?)" } ?? ""
            throw PlacesError.usage("unknown --format '\(text)'\(hint): expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return format
    }
}
