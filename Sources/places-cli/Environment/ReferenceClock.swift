import Foundation
import PlacesCore
import PlacesSupport

/// The instant that "open now" means: `$PLACES_NOW` when set (an ISO 8601 instant such as
/// `2026-11-25T10:00:00Z` or `2026-11-25T12:00:00+02:00`, for reproducible output and
/// tests), else the system clock. Only the osm provider evaluates opening hours itself;
/// the web providers answer openNow by their own clocks.
enum ReferenceClock {
    static let variable = "PLACES_NOW"

    /// The override, nil when unset (or empty); a value that is not an ISO 8601 instant
    /// with a zone is a configuration error (78) naming the variable.
    static func override(_ context: RunContext) throws -> Date? {
        guard let text = context.value(variable) else { return nil }
        guard let date = parse(text) else {
            throw PlacesError.configuration(
                message:
                    "\(variable)='\(TerminalText.sanitizedLine(text))' is not an ISO 8601 instant; use e.g. \(variable)=2026-11-25T10:00:00Z (a UTC offset such as +02:00 works too), or unset it to use the system clock"
            )
        }
        return date
    }

    /// `YYYY-MM-DDTHH:MM:SS` (`t` too), optional fractional seconds, then `Z` or `±HH:MM`:
    /// the favorites file's own reader, not `ISO8601DateFormatter`, whose ICU set-up costs
    /// a few milliseconds on every osm command that has the variable set.
    static func parse(_ text: String) -> Date? {
        UTCTimestamp.parse(text)
    }
}
