import Foundation

/// ISO 8601 timestamps in UTC with whole seconds (`2024-05-01T12:34:56Z`): the form
/// `jq`'s `fromdate` reads and that sorts as text. Done with calendar arithmetic rather
/// than a date formatter, which costs a millisecond per call on Linux.
package enum UTCTimestamp {
    /// `date` truncated to the second, e.g. `2024-05-01T12:34:56Z`.
    package static func format(_ date: Date) -> String {
        let total = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let seconds = Int(total - days * 86_400)
        let (y, m, d) = civil(fromDays: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = String(y)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-\(two(m))-\(two(d))T"
            + "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z"
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS` with optional fractional seconds, ending in `Z` or an
    /// offset `+HH:MM` / `-HH:MM`; nil for anything else or an impossible date.
    package static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= b.count else { return nil }
            var n = 0
            for i in at..<(at + count) {
                guard b[i] >= 48 && b[i] <= 57 else { return nil }
                n = n * 10 + Int(b[i] - 48)
            }
            return n
        }
        func byte(_ at: Int, _ c: Character) -> Bool { at < b.count && b[at] == c.asciiValue }
        guard let y = digits(0, 4), byte(4, "-"), let mo = digits(5, 2), byte(7, "-"), let d = digits(8, 2),
            byte(10, "T") || byte(10, "t"), let h = digits(11, 2), byte(13, ":"), let mi = digits(14, 2),
            byte(16, ":"), let s = digits(17, 2)
        else { return nil }
        guard (1...12).contains(mo), (1...daysIn(month: mo, year: y)).contains(d), h < 24, mi < 60, s < 61 else { return nil }
        var i = 19
        var fraction = 0.0
        if byte(i, ".") {
            i += 1
            var scale = 0.1
            let start = i
            while let digit = digits(i, 1) { fraction += Double(digit) * scale; scale /= 10; i += 1 }
            guard i > start else { return nil }
        }
        var offset = 0
        if byte(i, "Z") || byte(i, "z") {
            i += 1
        } else if byte(i, "+") || byte(i, "-"), let oh = digits(i + 1, 2), byte(i + 3, ":"), let om = digits(i + 4, 2), oh < 24, om < 60 {
            offset = (oh * 3600 + om * 60) * (byte(i, "-") ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let seconds = days(fromCivil: y, mo, d) * 86_400 + Int64(h * 3600 + mi * 60 + s - offset)
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = Int64((month + 9) % 12)
        let doy = (153 * mp + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse of `days(fromCivil:)`.
    private static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = Int(doy - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        return (Int(yoe + era * 400) + (month <= 2 ? 1 : 0), month, day)
    }
}
