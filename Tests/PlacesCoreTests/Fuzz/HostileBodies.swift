import Foundation

/// The hostile server's bodies: a well-formed answer bent where clients break, at numbers
/// beyond any range (aimed at numbers and durations, where range checks are missed), non-JSON
/// numbers, odd strings, nulls, wrong types, removed fields, deep nesting, a cut, bad UTF-8.
extension HostileReplies {
    /// Numbers beyond every range a client might convert to an Int or print.
    static let hostileNumbers = [
        "1e308", "-1e308", "1e400", "-1e400", "9223372036854775808", "-9223372036854775809", "18446744073709551616", "1e19",
        "9.3e18", "1e300", "-1", "-0", "4.9e-324", "123456789012345678901234567890", "1.7976931348623157e308", "0.1e-999999",
    ]

    static func hostileValue(_ rng: inout SplitMix64) -> (FuzzJSON, String) {
        switch rng.below(9) {
        case 0, 1, 2: let n = rng.pick(hostileNumbers); return (.raw(n), "an out-of-range number (\(n))")
        case 3:
            let n = rng.pick(["NaN", "Infinity", "-Infinity", "nan", "+1", "01", "1.", ".5", "1e", "0x10"]);
            return (.raw(n), "a non-JSON number (\(n))")
        case 4:
            let s = rng.pick([
                "", "\u{1b}[2J\u{1b}[31mX", "\u{202e}reversed", "9223372036854775808s", "1e19s", "-1s", "NaNs", "99999999999999999999999s",
                "PRICE_LEVEL_UNKNOWN_999", "\u{0}", "\u{85}\u{2028}", String(repeating: "x", count: 100_000),
            ])
            return (.string(s), "an odd string ('\(describeText(String(s.prefix(40)))))')")
        case 5: return (.null, "a null")
        case 6: return (rng.pick([.raw("true"), .array([]), .object([]), .raw("\"\"")]), "a value of the wrong type")
        case 7: return (.array(Array(repeating: .raw("1e308"), count: rng.pick([1, 5000]))), "an array of huge numbers")
        default:
            var deep = FuzzJSON.raw("1")
            for _ in 0..<rng.pick([64, 600]) { deep = .array([deep]) }
            return (deep, "deeply nested arrays")
        }
    }

    static func mutated(_ template: FuzzJSON, _ rng: inout SplitMix64) -> HostileReply {
        var tree = template
        var what: [String] = []
        for _ in 0..<rng.int(in: 1...3) {
            let paths = tree.paths.filter { !$0.isEmpty }
            guard !paths.isEmpty else { break }
            let path = rng.pick(paths)
            // Numbers and durations are where range checks are missed: aim at them often.
            let numbers = paths.filter { if case .raw(let t) = tree.node(at: $0), Double(t) != nil { return true } else { return false } }
            let durations = paths.filter {
                if case .string(let t) = tree.node(at: $0), t.hasSuffix("s"), Double(t.dropLast()) != nil {
                    return true
                } else {
                    return false
                }
            }
            if rng.percent(35), !numbers.isEmpty {
                let n = rng.pick(hostileNumbers)
                tree = tree.replacing(at: rng.pick(numbers), with: .raw(n)) ?? tree
                what.append("an out-of-range number (\(n))")
            } else if rng.percent(50), !durations.isEmpty {
                let d = rng.pick([
                    "9223372036854775808s", "99999999999999999999999s", "1e19s", "9.3e18s", "18446744073709551616s",
                    "-1s", "1.0000000001s", "0.5s", "s", "NaNs", "infs", "1e400s",
                ])
                tree = tree.replacing(at: rng.pick(durations), with: .string(d)) ?? tree
                what.append("an out-of-range duration (\(d))")
            } else if rng.percent(15) {
                tree = tree.replacing(at: path, with: nil) ?? tree
                what.append("a field removed")
            } else {
                let (value, name) = hostileValue(&rng)
                tree = tree.replacing(at: path, with: value) ?? tree
                what.append(name)
            }
        }
        var text = tree.rendered
        if rng.percent(4) {
            let depth = rng.pick([1_000, 100_000])
            text = String(repeating: "[", count: depth) + text + String(repeating: "]", count: depth)
            what.append("wrapped in \(depth) arrays")
        }
        var body = Data(text.utf8)
        if rng.percent(12) {
            body = body.prefix(rng.below(body.count))
            what.append("cut at byte \(body.count)")
        }
        if rng.percent(4) {
            body.insert(contentsOf: [0xff, 0xfe, 0xc3], at: rng.below(body.count + 1))
            what.append("invalid UTF-8")
        }
        let first = what.first.map { String($0.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces) } ?? "nothing changed"
        return HostileReply(
            reply: .respond(status: 200, headers: [("Content-Type", "application/json")], body: body),
            tag: "a 200 body with " + first,
            summary: "HTTP 200, body (\(what.joined(separator: "; "))): \(excerpt(body))")
    }
}
