import Foundation

/// `reverse -` inputs (issue 33): 1–14 lines, each tagged with what it must give, so the
/// runner knows each record before it sees it: `point LAT LON` (a record at exactly that
/// point), `bad` (an error record), `blank` (no record). Points written every way a reader
/// takes them (spaces, tabs, CR, signs, exponents, NDJSON with other members, escaped keys),
/// and lines that are not points: junk, control characters, invalid UTF-8, numbers out of
/// range or beyond every range (`1e400`, a thousand digits), keys given twice, wrong types,
/// a line past 64 KiB. A byte-order mark opens the input now and then. Stored in the file
/// `points` as `TAG<TAB>LINE`; `{xff}` stands for an invalid byte.
enum ReverseLineGenerator {
    static let invalidByte = "{xff}"

    static func make(_ rng: inout SplitMix64) -> FuzzInvocation {
        // A third of the inputs are points only (and blank lines): a stream that must succeed.
        let pointsOnly = rng.percent(35)
        var lines = (0..<rng.int(in: 1...14)).map { _ in line(&rng, pointsOnly: pointsOnly) }
        if rng.percent(15), let first = lines.first, !first.hasPrefix("blank") {
            let (tag, text) = split(first)
            lines[0] = tag + "\t\u{FEFF}" + text
        }
        var pieces: [[String]] = [["reverse"], ["-"]]
        switch rng.weighted([(70, "city"), (30, "extract")]) {
        case "city": pieces.append(["--city-only"])
        default: pieces += [["--data", FuzzValues.helsinki], ["--limit", String(rng.int(in: 0...2))]]
        }
        let format = rng.weighted([(35, "ndjson"), (35, "csv"), (15, "json"), (15, "table")])
        pieces.append(format == "json" ? ["--json"] : ["--format", format])
        return FuzzInvocation(
            pieces: pieces, environment: [], favorites: .absent, pinned: ["-", "--data", "--city-only"], files: [("points", lines)])
    }

    /// The tag and the line's text of a stored line.
    static func split(_ stored: String) -> (tag: String, text: String) {
        guard let tab = stored.firstIndex(of: "\t") else { return (stored, "") }
        return (String(stored[..<tab]), String(stored[stored.index(after: tab)...]))
    }

    /// The input's bytes: the lines' texts, `{xff}` as the byte 0xFF, each ending in LF but
    /// perhaps the last.
    static func input(_ stored: [String], finalNewline: Bool) -> Data {
        var data = Data()
        for (i, line) in stored.enumerated() {
            let parts = split(line).text.components(separatedBy: invalidByte)
            for (j, part) in parts.enumerated() {
                if j > 0 { data.append(0xFF) }
                data.append(contentsOf: Array(part.utf8))
            }
            if i < stored.count - 1 || finalNewline { data.append(10) }
        }
        return data
    }

    /// One stored line.
    static func line(_ rng: inout SplitMix64, pointsOnly: Bool = false) -> String {
        let bad = pointsOnly ? 0 : 1
        switch rng.weighted([(40, "point"), (18, "ndjson point"), (24 * bad, "bad"), (10 * bad, "bad object"), (8, "blank")]) {
        case "point":
            let (lat, lon, latText, lonText) = coordinate(&rng)
            let space = { (rng: inout SplitMix64) in rng.percent(70) ? "" : rng.pick([" ", "  ", "\t", " \t "]) }
            let end = rng.percent(85) ? "" : rng.pick(["\r", " ", "\t"])
            return "point \(lat) \(lon)\t" + space(&rng) + latText + space(&rng) + "," + space(&rng) + lonText + end
        case "ndjson point":
            let (lat, lon, written, writtenLon) = coordinate(&rng)
            // JSON has no leading +.
            let latText = written.hasPrefix("+") ? String(written.dropFirst()) : written
            let lonText = writtenLon.hasPrefix("+") ? String(writtenLon.dropFirst()) : writtenLon
            let latKey = rng.pick(["\"latitude\"", "\"l\\u0061titude\""])
            var members = [latKey + ":" + latText, "\"longitude\":" + lonText]
            if rng.percent(40) {
                members.append(
                    rng.pick([
                        #""id":7"#, #""name":"x\u001b[31m""#, #""latitude_":"x""#, #""nested":{"latitude":1e400}"#, #""a":[1,{"b":null}]"#,
                    ]))
            }
            if rng.percent(50) { members = rng.shuffled(members) }
            return "point \(lat) \(lon)\t{" + members.joined(separator: rng.pick([",", ", ", " ,\t"])) + "}"
        case "bad":
            return "bad\t"
                + rng.pick([
                    "not a point", "60.1699", "60.1699,", ",24.9", "60.1,24.9,3", "abc,def", "nan,0", "0,NaN", "inf,0", "0x10,1", "--1,2",
                    "1..2,3",
                    "91,0", "-90.0000001,0", "0,180.5", "0,-181", "1e400,1e400", "0,-1e999", "1e308,0",
                    "9" + String(repeating: "0", count: 1_000) + ",0",
                    "60.1699;24.9384", "60,1699 24,9384", "\u{1B}[2J60,24", "60,24\u{1B}[31m", "60\u{202E},24", "60,24\u{7F}",
                    "\u{9B}60,24",
                    "60\(invalidByte),24", "\(invalidByte)\(invalidByte)", "\u{FEFF}\u{FEFF}60,24", "60.1699,24.9384 extra",
                    String(repeating: "x", count: 70_000), "1," + String(repeating: "1", count: 70_000),
                ])
        case "bad object":
            return "bad\t"
                + rng.pick([
                    #"{"latitude":1,"latitude":2,"longitude":3}"#, #"{"latitude":60,"longitude":24,"longitude":25}"#,
                    #"{"latitude":60,"l\u0061titude":61,"longitude":24}"#, #"{"latitude":"60","longitude":24}"#, #"{"latitude":60}"#,
                    #"{"latitude":null,"longitude":24}"#, #"{"latitude":1e400,"longitude":24}"#, #"{"latitude":60,"longitude":-1e999}"#,
                    #"{"latitude":91,"longitude":24}"#, #"{"latitude":60,"longitude":24"#, #"{"latitude":60,"longitude":24} trailing"#,
                    #"{"latitude":NaN,"longitude":24}"#, #"{"latitude":+60,"longitude":24}"#, #"{"latitude":060,"longitude":24}"#,
                    #"{"latitude":[60],"longitude":24}"#, #"{"latitude":60,"longitude":24,"x":"\#(invalidByte)"#, #"{"#, "{}", "[60,24]",
                    #"{"latitude":60,"longitude":24,"x":"\#u{1B}"}"#,
                ])
        default:
            return "blank\t" + rng.pick(["", " ", "\t", "\r", " \t\r"])
        }
    }

    /// A point and its texts as written: plain decimals (up to 17 digits), a sign, an exponent.
    static func coordinate(_ rng: inout SplitMix64) -> (Double, Double, String, String) {
        func one(_ limit: Int, _ rng: inout SplitMix64) -> (Double, String) {
            let whole = rng.below(limit)
            let digits = rng.int(in: 0...12)
            var fraction = ""
            for _ in 0..<digits { fraction.append(String(rng.below(10))) }
            let negative = rng.percent(40)
            var text = (negative ? "-" : rng.percent(5) ? "+" : "") + "\(whole)" + (digits > 0 ? "." + fraction : "")
            if rng.percent(8), whole < 10 {
                // The same number with an exponent.
                text = (negative ? "-" : "") + "\(whole)\(fraction)e-\(digits)"
            }
            return (Double(text) ?? 0, text)
        }
        let (lat, latText) = one(90, &rng), (lon, lonText) = one(180, &rng)
        return (lat, lon, latText, lonText)
    }
}
