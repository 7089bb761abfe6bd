import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// Sets `openNow` on OpenStreetMap venues from their `opening_hours` rule at one instant,
/// in the local time of the venue: the time zone of the nearest city of the bundled
/// gazetteer (`NearestCityTimeZone`). `nil` when the rule is missing or outside the subset
/// `OpeningHoursParser` understands, or when the system does not know the zone.
///
/// Made once per search: rules are parsed once per distinct text, zones found once per
/// 0.1° cell, and the local weekday and minute computed once per zone.
package struct OSMOpenNow {
    let now: Date
    private var schedules: [String: OpeningHours?] = [:]
    /// Made on the first venue with understood hours: the city table is not read otherwise.
    private lazy var zones = NearestCityTimeZone()
    private var localTimes: [String: (weekday: Int, minute: Int)] = [:]

    init(now: Date) {
        self.now = now
    }

    /// `venues` with `openNow` evaluated (every other field as it was).
    package static func apply(_ venues: [Venue], at now: Date) -> [Venue] {
        var evaluator = OSMOpenNow(now: now)
        return venues.map { venue in
            var v = venue
            v.openNow = evaluator.openNow(v)
            return v
        }
    }

    /// Whether `venue` is open at `now`, or nil when that cannot be known.
    mutating func openNow(_ venue: Venue) -> Bool? {
        guard let text = venue.openingHours?.first, let schedule = schedule(text) else { return nil }
        guard let zone = zones.timeZone(at: venue.coordinate) else { return nil }
        let local = localTime(in: zone)
        return schedule.isOpen(weekday: local.weekday, minute: local.minute)
    }

    private mutating func schedule(_ text: String) -> OpeningHours? {
        if let known = schedules[text] { return known }
        let parsed = OpeningHoursParser.parse(text)
        schedules[text] = parsed
        return parsed
    }

    /// Weekday (0 = Monday) and minute of the day of `now` on the wall clocks of `zone`.
    private mutating func localTime(in zone: TimeZone) -> (weekday: Int, minute: Int) {
        if let known = localTimes[zone.identifier] { return known }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: now)
        // Foundation counts weekdays from Sunday = 1.
        let local = (weekday: ((parts.weekday ?? 1) + 5) % 7, minute: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
        localTimes[zone.identifier] = local
        return local
    }
}
