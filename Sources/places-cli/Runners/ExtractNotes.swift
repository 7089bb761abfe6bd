import Foundation
import PlacesCore
import PlacesOSMExtract
import PlacesSupport

/// What an offline answer should tell the person at the terminal beyond its places: a centre
/// that no place of the extract can be near (a city the extract does not cover, LAT and LON
/// swapped), and how many places the limit left out when that is known.
enum ExtractNotes {
    static func report(
        _ answer: ExtractAnswer, request: SearchRequest, shown: Int, source: String,
        terminal: TerminalInfo, diagnostics: Diagnostics
    ) {
        if let note = outside(answer, request: request, source: source) { diagnostics.note(note) }
        if terminal.isTTY, !request.groupByCuisine, shown == request.limit, let total = answer.totalMatching, total > shown {
            diagnostics.note("\(shown) of \(total) shown (--limit N for more)")
        }
    }

    /// The note for a centre farther than the radius from every place of the extract; nil
    /// when some place could be inside the circle (or there is no circle or no place).
    static func outside(_ answer: ExtractAnswer, request: SearchRequest, source: String) -> String? {
        guard let center = request.center, let radius = request.radiusMeters, let box = answer.extent else { return nil }
        let away = box.metersOutside(from: center)
        guard away > radius else { return nil }
        var note =
            "\(degrees(center.latitude)),\(degrees(center.longitude)) is at least \(DistanceText.format(away)) from every place of \(source)"
            + " (they lie within \(degrees(box.south)),\(degrees(box.west)) to \(degrees(box.north)),\(degrees(box.east))), farther than --radius \(JSONValue.format(radius)) m"
        if let swapped = try? Coordinate(latitude: center.longitude, longitude: center.latitude),
            box.metersOutside(from: swapped) <= radius
        {
            note += "; did you swap LAT,LON? (try --at \(degrees(center.longitude)),\(degrees(center.latitude)))"
        }
        return note
    }

    private static func degrees(_ value: Double) -> String {
        String(format: "%.4f", value)
    }
}
