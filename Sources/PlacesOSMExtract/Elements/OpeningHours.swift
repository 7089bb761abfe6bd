/// A weekly schedule read from an OpenStreetMap `opening_hours` value by
/// `OpeningHoursParser`: for each weekday, the spans that day's rules open. A span may
/// run past midnight (end over 1440 minutes) and then opens the early hours of the next
/// day: `Fr 22:00-04:00` is open on Saturday at 03:00.
///
/// A span belongs to the day it starts on. A later rule naming Saturday replaces
/// Saturday's own spans, not the end of Friday's night (`Fr 22:00-04:00; Sa off` is still
/// open at 03:00 on Saturday): the hours of one night stay together.
struct OpeningHours: Sendable, Equatable {
    /// Half-open minute ranges from the owning day's midnight: `start..<end`, `end` ≤ 2880.
    struct Span: Sendable, Equatable {
        let start: Int
        let end: Int
    }

    /// Spans by weekday, Monday (0) to Sunday (6).
    let days: [[Span]]

    /// Whether a `PH off` rule was left out (openNow may be wrong on public holidays).
    let ignoredHolidayClosure: Bool

    /// Whether the place is open at `minute` (0 … 1439) of `weekday` (0 = Monday … 6 = Sunday),
    /// by that day's spans or the previous day's spans past midnight.
    func isOpen(weekday: Int, minute: Int) -> Bool {
        if days[weekday].contains(where: { $0.start <= minute && minute < $0.end }) { return true }
        let previous = (weekday + 6) % 7
        return days[previous].contains { $0.start <= minute + 1440 && minute + 1440 < $0.end }
    }
}
