import Foundation

/// The instant that "open now" means: `$PLACES_NOW` when set (an ISO 8601 instant such as
/// `2026-11-25T10:00:00Z` or `2026-11-25T12:00:00+02:00`, for reproducible output and
/// tests), else the system clock. Only the osm provider evaluates opening hours itself;
/// the web providers answer openNow by their own clocks.
public enum ReferenceClock {
    public static let variable = "PLACES_NOW"

    /// The override, nil when unset (or empty); a value that is not an ISO 8601 instant
    /// with a zone is a configuration error (78) naming the variable.
    public static func override(_ context: RunContext) throws -> Date? {
        guard let text = context.value(variable) else { return nil }
        guard let date = parse(text) else {
            throw PlacesError.configuration("\(variable)='\(TerminalText.sanitizedLine(text))' is not an ISO 8601 instant; use e.g. \(variable)=2026-11-25T10:00:00Z (a UTC offset such as +02:00 works too), or unset it to use the system clock")
        }
        return date
    }

    /// `YYYY-MM-DDTHH:MM:SS` (`t` too), optional fractional seconds, then `Z` or `±HH:MM`.
    /// Read by hand rather than with `ISO8601DateFormatter`, whose ICU set-up costs a few
    /// milliseconds on every osm command that has the variable set.
    static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count else { return nil }
            var value = 0
            for k in i..<(i + digits) {
                guard b[k] >= 0x30 && b[k] <= 0x39 else { return nil }
                value = value * 10 + Int(b[k] - 0x30)
            }
            i += digits
            return value
        }
        func expect(_ c: UInt8...) -> Bool {
            guard i < b.count, c.contains(b[i]) else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
              expect(0x54, 0x74), let hour = number(2), expect(0x3A), let minute = number(2), expect(0x3A), let second = number(2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60 else { return nil }
        var fraction = 0.0
        if i < b.count, b[i] == 0x2E {
            i += 1
            var scale = 0.1, digits = 0
            while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 {
                fraction += Double(b[i] - 0x30) * scale
                scale /= 10; i += 1; digits += 1
            }
            guard digits > 0 else { return nil }
        }
        var offset = 0
        if expect(0x5A, 0x7A) {
            offset = 0
        } else if i < b.count, b[i] == 0x2B || b[i] == 0x2D {
            let sign = b[i] == 0x2D ? -1 : 1
            i += 1
            guard let oh = number(2), expect(0x3A), let om = number(2), oh < 24, om < 60 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let seconds = daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
