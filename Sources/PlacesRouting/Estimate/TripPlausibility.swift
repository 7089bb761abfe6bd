import PlacesGeodesy
import PlacesModel
import PlacesProviderKit
import PlacesSupport

/// Whether anyone would make a trip in this mode, for the one note the estimate prints
/// when not: a walk or ride of more than a day, a drive of more than a day and a night,
/// or a straight line that crosses the open sea (Helsinki → Tallinn by car is a ferry).
/// The estimate is printed either way; the note says what it leaves out.
enum TripPlausibility {
    /// Moving time past which a trip is not one trip in this mode: about 60 km on foot
    /// (12 h at 5 km/h, more than a long day's walk), about 240 km by bike (16 h), and
    /// 24 h at the wheel or in transit (the estimate counts no rest, sleep or change).
    static func longestSeconds(_ mode: TravelMode) -> Double {
        switch mode {
        case .walk: return 12 * 3_600
        case .bike: return 16 * 3_600
        case .drive, .transit: return 24 * 3_600
        }
    }

    /// Open sea under the straight line that gets a note: at least 20 km unbroken, and
    /// either a quarter of the trip or 100 km (a bay on a long coastal trip is not).
    static let seaMeters = 20_000.0
    static let seaShare = 0.25
    static let seaAlways = 100_000.0
    /// Open sea past which it is an ocean, which no car ferry on a road trip crosses.
    static let oceanMeters = 1_000_000.0

    /// The note for this trip, or nil when it is one people make.
    static func note(
        from: Coordinate, to: Coordinate, straightLineMeters straight: Double,
        mode: TravelMode, estimate: RouteMeasure
    ) -> String? {
        var reasons: [String] = []
        if estimate.durationSeconds > longestSeconds(mode) {
            reasons.append(
                "\(DistanceText.format(estimate.distanceMeters)) \(noun(mode)) is \(DistanceText.duration(estimate.durationSeconds)) without a stop, more than anyone \(verb(mode)) in one go"
            )
        }
        if straight >= seaMeters {
            let sea = SeaCrossing.longestSeaMeters(from: from, to: to, straightLineMeters: straight)
            if sea >= seaMeters && (sea >= seaShare * straight || sea >= seaAlways) {
                reasons.append(
                    "the straight line crosses about \(Int((sea / 1_000).rounded())) km of open sea, which \(crossing(mode, ocean: sea >= oceanMeters))"
                )
            }
        }
        guard !reasons.isEmpty else { return nil }
        return reasons.joined(separator: ", and ") + "; the estimate leaves this out"
    }

    private static func noun(_ mode: TravelMode) -> String {
        switch mode {
        case .walk: return "on foot"
        case .bike: return "by bike"
        case .drive: return "by car"
        case .transit: return "by public transit"
        }
    }

    private static func verb(_ mode: TravelMode) -> String {
        switch mode {
        case .walk: return "walks"
        case .bike: return "rides"
        case .drive: return "drives"
        case .transit: return "travels"
        }
    }

    private static func crossing(_ mode: TravelMode, ocean: Bool) -> String {
        if ocean { return mode == .transit ? "is a flight or a voyage, not transit" : "no road crosses" }
        switch mode {
        case .walk: return "no one walks: it takes a ferry or a long way round"
        case .bike, .transit: return "takes a ferry or a long way round"
        case .drive: return "takes a car ferry, a bridge or tunnel, or a long way round"
        }
    }
}
