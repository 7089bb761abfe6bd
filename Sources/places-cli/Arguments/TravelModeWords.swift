import PlacesCore
import PlacesSupport

/// `--mode` as people write it: `walk`, `bike`, `drive`, `transit`, or the words for them
/// (`car`, `driving`, `walking`, `foot`, `cycling`, `bicycle`, `bus`...).
enum TravelModeWords {
    static let synonyms: [String: TravelMode] = [
        "walking": .walk, "foot": .walk, "on_foot": .walk, "by_foot": .walk, "pedestrian": .walk, "hike": .walk, "hiking": .walk,
        "cycling": .bike, "cycle": .bike, "bicycle": .bike, "bicycling": .bike, "biking": .bike,
        "car": .drive, "driving": .drive, "auto": .drive, "automobile": .drive, "motorcar": .drive, "taxi": .drive,
        "public_transport": .transit, "public_transit": .transit, "public": .transit, "pt": .transit, "bus": .transit,
        "train": .transit, "tram": .transit, "subway": .transit, "metro": .transit, "underground": .transit, "rail": .transit,
    ]

    /// Parses `--mode`; an unknown word is a usage error suggesting the nearest mode.
    static func parse(_ text: String) throws -> TravelMode {
        let key = PlaceTypeWords.folded(text)
        if let mode = TravelMode(rawValue: key) ?? synonyms[key] { return mode }
        let words = TravelMode.allCases.map(\.rawValue) + synonyms.keys.sorted()
        let hint =
            Suggestion.closest(to: key, among: words).flatMap { TravelMode(rawValue: $0) ?? synonyms[$0] }
            .map { " (did you mean \($0.rawValue)?)" } ?? ""
        throw UsageError(
            "unknown --mode '\(text)'\(hint): expected one of \(TravelMode.allCases.map(\.rawValue).joined(separator: ", ")) (car, walking, cycling, bus... work too)"
        )
    }
}
