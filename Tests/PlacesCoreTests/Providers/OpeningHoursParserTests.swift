import Testing

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import PlacesSupport

/// The opening_hours subset: what it reads, how rules combine, and what it refuses.
@Suite("OSM opening_hours parser and evaluator")
struct OpeningHoursParserTests {
    /// Open at `time` (`HH:MM`) on `day` (`Mo` … `Su`) by `rule`; nil when the rule is unknown.
    static func open(_ rule: String, _ day: String, _ time: String) -> Bool? {
        guard let hours = OpeningHoursParser.parse(rule) else { return nil }
        let weekday = OpeningHoursToken.weekdayNames.firstIndex(of: day.lowercased())!
        let parts = time.split(separator: ":").map { Int($0)! }
        return hours.isOpen(weekday: weekday, minute: parts[0] * 60 + parts[1])
    }

    /// (rule, day, time, expected)
    static let cases: [(String, String, String, Bool)] = [
        // Plain ranges; start inclusive, end exclusive.
        ("Mo-Fr 10:00-21:00; Sa 10:00-19:00; Su 12:00-18:00", "We", "12:00", true),
        ("Mo-Fr 10:00-21:00; Sa 10:00-19:00; Su 12:00-18:00", "We", "09:59", false),
        ("Mo-Fr 10:00-21:00; Sa 10:00-19:00; Su 12:00-18:00", "We", "10:00", true),
        ("Mo-Fr 10:00-21:00; Sa 10:00-19:00; Su 12:00-18:00", "We", "21:00", false),
        ("Mo-Fr 10:00-21:00; Sa 10:00-19:00; Su 12:00-18:00", "Sa", "18:59", true),
        ("Mo-Fr 10:00-21:00; Sa 10:00-19:00; Su 12:00-18:00", "Su", "11:00", false),
        ("Mo-Fr 10:00-18:00", "Sa", "12:00", false),
        // 24/7, closed, open, weekdays alone.
        ("24/7", "Su", "03:00", true),
        ("24/7", "We", "00:00", true),
        ("closed", "We", "12:00", false),
        ("off", "Mo", "12:00", false),
        ("Mo-Fr open", "Tu", "02:00", true),
        ("Mo-Fr open", "Sa", "12:00", false),
        ("Sa,Su", "Su", "23:59", true),
        ("Mo-Fr 10:00-16:30; Sa-Su off", "Sa", "12:00", false),
        ("Mo-Fr 10:00-20:00; Sa 10:00-17:00; Su closed", "Su", "12:00", false),
        // A rule without weekdays is every day; it overrides every day.
        ("10:30-18:00", "Su", "11:00", true),
        ("Mo-Fr 10:00-18:00; 11:00-15:00", "Mo", "10:30", false),
        ("Mo-Fr 10:00-18:00; 11:00-15:00", "Sa", "12:00", true),
        // Past midnight: the early hours of the next day.
        ("Mo-Su 21:00-04:00", "We", "03:00", true),
        ("Mo-Su 21:00-04:00", "We", "04:00", false),
        ("Mo-Su 21:00-04:00", "We", "12:00", false),
        ("Fr-Sa 22:00-04:00", "Sa", "03:59", true),
        ("Fr-Sa 22:00-04:00", "Su", "03:00", true),
        ("Fr-Sa 22:00-04:00", "Fr", "03:00", false),
        ("Fr-Sa 22:00-04:00", "Mo", "01:00", false),
        ("Mo-Sa 12:00-00:00", "Sa", "23:59", true),
        ("Mo-Sa 12:00-00:00", "Su", "00:00", false),
        ("Mo 10:00-24:00; Tu-Th 10:00-01:00", "Tu", "00:30", false),
        ("Mo 10:00-24:00; Tu-Th 10:00-01:00", "We", "00:30", true),
        ("Mo 10:00-24:00; Tu-Th 10:00-01:00", "Mo", "23:59", true),
        // Sunday's night opens Monday's early hours (the week wraps).
        ("Su 20:00-02:00", "Mo", "01:00", true),
        // A later rule replaces the days it names, not the previous night's end.
        ("Mo-Sa 09:00-21:00; Sa 09:00-19:00", "Sa", "20:00", false),
        ("Mo-Sa 09:00-21:00; Sa 09:00-19:00", "Fr", "20:00", true),
        ("Fr 22:00-04:00; Sa off", "Sa", "03:00", true),
        ("Fr 22:00-04:00; Sa off", "Sa", "23:00", false),
        ("Mo-Su 11:00-24:00; Sa-Su 00:00-02:00", "Sa", "12:00", false),
        ("Mo-Su 11:00-24:00; Sa-Su 00:00-02:00", "Fr", "12:00", true),
        // Comma between rules adds hours; comma in a time list; no space after `;`.
        ("Mo-Fr 09:00-21:00, Sa 09:00-19:00", "Sa", "18:00", true),
        ("Mo-Fr 09:00-21:00, Sa 09:00-19:00", "Su", "12:00", false),
        ("Mo-Sa 10:00-12:00, Sa 14:00-16:00", "Sa", "11:00", true),
        ("Mo-Sa 10:00-12:00, Sa 14:00-16:00", "Sa", "15:00", true),
        ("Mo-Sa 10:00-12:00; Sa 14:00-16:00", "Sa", "11:00", false),
        ("Mo-Fr 08:00-20:00; Sa 11:00-17:00, Su closed", "Su", "12:00", false),
        ("Mo-Fr 10:00-14:00,16:00-20:00", "Tu", "15:00", false),
        ("Mo-Fr 10:00-14:00,16:00-20:00", "Tu", "16:30", true),
        ("Mo-Fr 08:00-10:30, 11:00-16:00", "Fr", "11:30", true),
        ("Mo-Fr 10:00-18:00;Sa 10:00-15:00", "Sa", "14:00", true),
        // Weekday lists and ranges, including wrapping ones.
        ("Mo,We,Fr 10:00-12:00", "We", "11:00", true),
        ("Mo,We,Fr 10:00-12:00", "Tu", "11:00", false),
        ("Sa, Su 09:00-16:00", "Su", "10:00", true),
        ("Tu, Th, Fr 12:00-17:00; Fr 12:00-15:00", "Fr", "16:00", false),
        ("Fr-Mo 10:00-12:00", "Su", "11:00", true),
        ("Fr-Mo 10:00-12:00", "Mo", "11:00", true),
        ("Fr-Mo 10:00-12:00", "Tu", "11:00", false),
        ("Su-Th 14:00-02:00, Fr 14:00-05:00, Sa 12:00-05:00", "Sa", "04:30", true),
        ("Mo-Th,Su 12:00-00:30; Fr-Sa 12:00-01:30", "Mo", "00:15", true),
        // Whitespace and letter-case variants; one-digit hours.
        ("Mo-Fr 9:00-18:00", "Mo", "09:30", true),
        ("Mo-Fr 7:30-19:00;Sa 8:30-17:00;Su 9:00-17:00", "Su", "08:59", false),
        ("Mo-su 09:00-19:00", "Su", "10:00", true),
        ("  Mo - Fr   10:00 - 18:00 ;  Sa 10:00-15:00 ", "Sa", "10:00", true),
        ("Fr11:00-24:00", "Fr", "23:00", true),
        ("Mo-Su 10:00-18:00; Mo OFF", "Mo", "12:00", false),
        ("Mo-Su 10:00-18:00; Mo OFF", "Tu", "12:00", true),
        // PH off is left out; the rest counts.
        ("Mo-Fr 10:00-18:00; Sa 10:00-15:00; PH off", "Sa", "12:00", true),
        ("Mo-Fr 10:00-18:00; Sa 10:00-15:00; PH off", "Su", "12:00", false),
        ("PH off; Mo-Fr 10:00-18:00", "Mo", "12:00", true),
    ]

    @Test func evaluatesTheSubset() {
        for (rule, day, time, expected) in Self.cases {
            #expect(Self.open(rule, day, time) == expected, "\(rule) at \(day) \(time)")
        }
    }

    /// Outside the subset: unknown, never a guess.
    static let unsupported = [
        "", "   ", ";", "Mo-Fr 10:00-18:00;", "PH off", "PH 10:00-12:00", "SH off", "Mo-Fr 10:00-18:00; SH off",
        "Jun-Aug Mo-Fr 10:00-18:00", "Sep-May: Fr 18:00-22:00", "2017 Jul 1 - 2017 Aug 8 off; PH off",
        "Mo-Fr 10:00-18:00; Jun 06-Aug 13 Sa off", "week 01-10 Mo 10:00-12:00", "Mo[1] 10:00-12:00",
        "Mo-Fr sunrise-sunset", "Mo-Fr 10:00-18:00 \"by appointment\"", "\"for request only\"",
        "Mo-Fr 16:00+", "Mo-Fr 16:00-, Sa 14:00-", "Mo-Fr 10:00-18:00 unknown", "Mo-Fr 10:00-18:00 || \"call\"",
        "Mo-Fr 12:00-13:00 off", "Mo-Fr 10:00-10:00", "Su-Th 15-00", "Mo-Fr 7:00-21", "Mon - Fri 11am - 11pm",
        "We-Fr 13:00-18:00 Sa 12:00-18:00", "Mo-Fr 09:30 - 15:00. Lunch", "Mo-Fr 24:00-02:00", "Mo-Fr 10:60-12:00",
        "Mo-Fr 25:00-26:00", "Mo-Fr 10:00-24:30", "Seasonal, only summer time", "Mo-Fr 10:00-18:00 Mo",
        "Mo-Fr 10:00–18:00", "Mo-Fr, 10:00-18:00", "Mo- 10:00-12:00", "easter off",
    ]

    @Test func refusesWhatItDoesNotUnderstand() {
        for rule in Self.unsupported {
            #expect(OpeningHoursParser.parse(rule) == nil, "\(rule)")
        }
    }

    @Test func recordsThatAHolidayClosureWasLeftOut() throws {
        #expect(try #require(OpeningHoursParser.parse("Mo-Fr 10:00-17:00; PH off")).ignoredHolidayClosure)
        #expect(try #require(OpeningHoursParser.parse("Mo-Fr 10:00-17:00")).ignoredHolidayClosure == false)
    }

    @Test func equivalentSpellingsGiveTheSameWeek() throws {
        let reference = try #require(OpeningHoursParser.parse("Mo-Fr 10:00-18:00; Sa 10:00-15:00"))
        for variant in [
            "Mo-Fr 10:00-18:00;Sa 10:00-15:00", "mo-fr 10:00-18:00 ; sa 10:00-15:00", "Mo,Tu,We,Th,Fr 10:00-18:00; Sa 10:00-15:00",
            "Mo-Fr 10:00-18:00, Sa 10:00-15:00", "Mo-We,Th-Fr 10:00-18:00; Sa 10:00-15:00 open", "Mo-Sa 10:00-18:00; Sa 10:00-15:00",
            "Mo-Fr 10:00-18:00; Sa 10:00-15:00; Su off",
        ] {
            #expect(OpeningHoursParser.parse(variant)?.days == reference.days, "\(variant)")
        }
    }
}
