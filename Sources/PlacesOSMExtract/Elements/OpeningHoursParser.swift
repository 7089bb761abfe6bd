/// Reads the common subset of OpenStreetMap's `opening_hours` grammar
/// (https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification) into an
/// `OpeningHours` schedule, or returns nil for anything outside it — never a guess.
///
/// Understood:
/// - rules separated by `;`: a later rule replaces the hours of the days it names
///   (`Mo-Sa 09:00-21:00; Sa 09:00-19:00` → Saturday 09–19);
/// - rules separated by `,` (the specification's additional rule, as in
///   `Mo-Fr 09:00-21:00, Sa 09:00-19:00`): its hours are added to the days it names, which
///   it must name (weekdays, `24/7` or `PH off`);
/// - weekdays: `Mo`, ranges `Mo-Fr`, ranges that wrap `Fr-Mo`, lists `Mo,We,Fr`, `Sa, Su`;
///   a rule without weekdays is every day;
/// - times: `HH:MM-HH:MM` (also `H:MM`), lists `10:00-14:00,16:00-20:00`, `24:00` as an end,
///   spans whose end is at or before their start run past midnight (`21:00-04:00`,
///   `12:00-00:00`); weekdays without times mean the whole day;
/// - `24/7`; the modifiers `open`, `off` and `closed`. An `off`/`closed` rule closes the
///   whole of the days it names, whichever separator comes before it.
///
/// Unknown (nil): month, week, year and date selectors, `PH`/`SH` rules (but see below),
/// sunrise/sunset, comments in quotes, open ends (`+`, `16:00-`), the `unknown` modifier,
/// `off` with times (`12:00-13:00 off`), a span that starts and ends at the same time,
/// fallback rules (`||`), hours without minutes (`10-18`), English words (`Mon`, `11am`),
/// two rules without a separator, an empty rule.
///
/// `PH off` / `PH closed` as a rule of its own is left out, and the rest evaluated: with no
/// holiday calendar we cannot know when it applies, and dropping it only matters on a
/// public holiday (`ignoredHolidayClosure` records it). A value that is only `PH off` says
/// nothing about ordinary days and is unknown.
enum OpeningHoursParser {
    static func parse(_ text: String) -> OpeningHours? {
        guard let tokens = OpeningHoursToken.tokens(of: text), !tokens.isEmpty else { return nil }
        var reader = Reader(tokens: tokens)
        var days = [[OpeningHours.Span]](repeating: [], count: 7)
        var ignoredHoliday = false
        var appliedRules = 0
        var additional = false
        while true {
            guard let rule = reader.rule(additional: additional) else { return nil }
            switch rule {
            case .holidayOff:
                ignoredHoliday = true
            case .hours(let selected, let spans, let closed):
                appliedRules += 1
                for day in selected {
                    if closed {
                        days[day] = []
                    } else if additional {
                        days[day] += spans
                    } else {
                        days[day] = spans
                    }
                }
            }
            guard let separator = reader.next() else { break }
            switch separator {
            case .semicolon: additional = false
            case .comma: additional = true
            default: return nil
            }
        }
        guard appliedRules > 0 else { return nil }
        return OpeningHours(days: days, ignoredHolidayClosure: ignoredHoliday)
    }

    private enum Rule {
        /// Weekdays (0 = Monday), spans, and whether the rule closes them.
        case hours([Int], [OpeningHours.Span], closed: Bool)
        /// `PH off`, left out.
        case holidayOff
    }

    private struct Reader {
        let tokens: [OpeningHoursToken]
        var position = 0

        func peek(_ offset: Int = 0) -> OpeningHoursToken? {
            position + offset < tokens.count ? tokens[position + offset] : nil
        }

        mutating func next() -> OpeningHoursToken? {
            defer { position += 1 }
            return peek()
        }

        /// One rule, stopping before its separator (or at the end); nil if outside the subset.
        /// A rule after `,` must name its days: `Mo-Fr, 10:00-18:00` is valid grammar
        /// (whole days Monday to Friday, plus 10–18 every day) but surely not what was meant.
        mutating func rule(additional: Bool) -> Rule? {
            if additional {
                switch peek() {
                case .weekday?, .always?, .word("ph")?: break
                default: return nil
                }
            }
            var selected: [Int]?
            var spans: [OpeningHours.Span]?
            var sawAnything = false
            var explicitTimes = false
            switch peek() {
            case .always:
                position += 1
                selected = Array(0..<7)
                spans = [OpeningHours.Span(start: 0, end: 1440)]
                sawAnything = true
            case .word("ph"):
                position += 1
                guard case .word(let modifier)? = next(), modifier == "off" || modifier == "closed", atRuleEnd else { return nil }
                return .holidayOff
            case .weekday:
                guard let days = weekdays() else { return nil }
                selected = days
                sawAnything = true
            default:
                break
            }
            if spans == nil, case .time? = peek() {
                guard let list = timeSpans() else { return nil }
                spans = list
                explicitTimes = true
                sawAnything = true
            }
            var closed = false
            if case .word(let modifier)? = peek() {
                switch modifier {
                case "open": break
                case "off", "closed": closed = true
                default: return nil
                }
                position += 1
                sawAnything = true
            }
            guard sawAnything, atRuleEnd else { return nil }
            // `off` with times would close only part of the day: not in the subset.
            if closed && explicitTimes { return nil }
            return .hours(selected ?? Array(0..<7), spans ?? [OpeningHours.Span(start: 0, end: 1440)], closed: closed)
        }

        /// Whether the rule ends here: at the end, a `;`, or a `,` that starts another rule.
        var atRuleEnd: Bool {
            switch peek() {
            case nil, .semicolon?, .comma?: return true
            default: return false
            }
        }

        /// `Mo`, `Mo-Fr`, `Fr-Mo`, and `,`-lists of them (a `,` followed by a weekday continues).
        mutating func weekdays() -> [Int]? {
            var days: [Int] = []
            while case .weekday(let first)? = peek() {
                position += 1
                var last = first
                if peek() == .dash {
                    guard case .weekday(let end)? = peek(1) else { return nil }
                    last = end
                    position += 2
                }
                var day = first
                while true {
                    if !days.contains(day) { days.append(day) }
                    if day == last { break }
                    day = (day + 1) % 7
                }
                guard peek() == .comma, case .weekday? = peek(1) else { break }
                position += 1
            }
            return days.isEmpty ? nil : days
        }

        /// `HH:MM-HH:MM` and `,`-lists of them (a `,` followed by a time continues).
        mutating func timeSpans() -> [OpeningHours.Span]? {
            var spans: [OpeningHours.Span] = []
            while case .time(let start)? = peek() {
                guard peek(1) == .dash, case .time(var end)? = peek(2), start < 1440, end != start else { return nil }
                position += 3
                if end < start { end += 1440 }
                spans.append(OpeningHours.Span(start: start, end: end))
                guard peek() == .comma, case .time? = peek(1) else { break }
                position += 1
            }
            return spans.isEmpty ? nil : spans
        }
    }
}
