/// `--mode`: how the trip is made. Each router maps it to its own vocabulary.
package enum TravelMode: String, Sendable, CaseIterable {
    case walk, bike, drive, transit

    /// Parses `--mode`; an unknown value is a usage error listing the known ones.
    package static func parse(_ text: String) throws -> TravelMode {
        guard let mode = TravelMode(rawValue: text.lowercased()) else {
            let hint = Suggestion.closest(to: text, among: allCases.map(\.rawValue)).map { " (did you mean \($0)?)" } ?? ""
            throw PlacesError.usage("unknown --mode '\(text)'\(hint): expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return mode
    }

    /// As a person says it: "walking", "cycling", "driving", "public transit".
    package var phrase: String {
        switch self {
        case .walk: return "walking"
        case .bike: return "cycling"
        case .drive: return "driving"
        case .transit: return "public transit"
        }
    }
}
