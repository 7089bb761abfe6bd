/// How a trip is made (the CLI's `--mode`). Each router maps it to its own vocabulary.
public enum TravelMode: String, Sendable, CaseIterable {
    case walk, bike, drive, transit

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
