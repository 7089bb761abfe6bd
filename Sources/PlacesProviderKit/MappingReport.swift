import PlacesModel
import PlacesSupport

/// What a mapper set aside from one provider answer, told to the user as at most two warnings:
/// places it could not list (no id, name or usable position), and values outside their
/// documented range or form, which are treated as unknown (`null`) rather than printed.
package struct MappingReport: Sendable {
    /// How many places were skipped, and why (a few shown).
    private(set) var skipped = 0
    private var skippedWhy: [String] = []
    /// Values ignored, as `field value (place id)`.
    private var ignored: [String] = []

    package init() {}

    /// At most this many examples in a warning line.
    static let shown = 3

    /// A place that cannot be listed; `why` names the field when a value was the problem.
    package mutating func skip(_ why: String? = nil) {
        skipped += 1
        if let why { skippedWhy.append(why) }
    }

    /// A value outside its documented range, now unknown.
    package mutating func ignore(_ field: String, _ value: String, of place: PlaceID) {
        ignored.append("\(field) \(value.prefix(40)) (\(place))")
    }

    var isEmpty: Bool { skipped == 0 && ignored.isEmpty }

    /// Why the first skipped place was skipped, when a value was the problem.
    package var firstSkipReason: String? { skippedWhy.first }

    /// `provider` as users know it ("Google Places"); `skippedNoun` says what a place lacked.
    package func report(provider: String, lacking: String, to diagnostics: Diagnostics) {
        if skipped > 0 {
            let why = skippedWhy.isEmpty ? "" : ": " + Self.examples(skippedWhy)
            diagnostics.warning("skipped \(skipped) \(provider) place(s) without \(lacking)\(why)")
        }
        if !ignored.isEmpty {
            diagnostics.warning(
                "\(provider) gave \(ignored.count) value(s) outside their documented range, shown as unknown: \(Self.examples(ignored))")
        }
    }

    private static func examples(_ items: [String]) -> String {
        let more = items.count > shown ? " and \(items.count - shown) more" : ""
        return items.prefix(shown).joined(separator: ", ") + more
    }
}

/// Range checks for numbers a provider sends about a place.
package enum PlaceValueRange {
    /// `value` as an `Int` if it is a whole number in `range`, else nil (never a trap).
    package static func integer(_ value: Double, in range: ClosedRange<Int>) -> Int? {
        guard value.isFinite, value >= Double(range.lowerBound), value <= Double(range.upperBound),
            let whole = Int(exactly: value)
        else { return nil }
        return whole
    }

    /// The text a number is shown with in a warning.
    package static func text(_ value: Double) -> String { JSONValue.format(value) }
}
