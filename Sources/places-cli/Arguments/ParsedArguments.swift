import PlacesCore

/// The flags and positionals of one command line, with typed getters that turn a
/// bad value into a usage error naming the flag.
struct ParsedArguments {
    let spec: CommandSpec
    /// Flag name → raw value (`"true"` for a switch that was given).
    let values: [String: String]
    let positionals: [String]

    func string(_ name: String) -> String? {
        precondition(spec.flag(named: name) != nil, "flag --\(name) is not declared for \(spec.name)")
        return values[name]
    }

    func isSet(_ name: String) -> Bool { string(name) != nil }

    func double(_ name: String, range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text), value.isFinite, text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" }) else {
            throw UsageError("--\(name) '\(text)' is not a number")
        }
        if let range, !range.contains(value) {
            throw UsageError("--\(name) \(text) is out of range: it must be between \(format(range.lowerBound)) and \(format(range.upperBound))")
        }
        return value
    }

    func integer(_ name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else {
            throw UsageError("--\(name) '\(text)' is not a whole number")
        }
        guard range.contains(value) else {
            let upper = range.upperBound == Int.max ? "" : " and at most \(range.upperBound)"
            throw UsageError("--\(name) \(text) is out of range: it must be at least \(range.lowerBound)\(upper)")
        }
        return value
    }

    /// A value parsed by a PlacesCore parser whose errors already name what is wrong.
    func parsed<T>(_ name: String, _ parse: (String) throws -> T) throws -> T? {
        guard let text = string(name) else { return nil }
        return try parse(text)
    }

    private func format(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(d)
    }
}
