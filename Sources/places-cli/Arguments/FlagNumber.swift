/// A number a flag takes (`--jobs 8`, `--timeout 2.5`): how its text is read and checked
/// against the flag's range, and how help writes it.
protocol FlagNumber: Comparable, Sendable {
    /// `text` as a number within `range`, or a usage error naming `--flag`.
    static func read(_ text: String, flag: String, range: ClosedRange<Self>) throws -> Self
    /// As help writes it: `4`, `10`, `0.01`.
    var helpText: String { get }
    /// Whether help and errors leave this bound out: an `Int` flag with no upper limit says
    /// only "at least".
    var isUnbounded: Bool { get }
}

extension Int: FlagNumber {
    static func read(_ text: String, flag: String, range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text) else {
            throw UsageError("--\(flag) '\(text)' is not a whole number")
        }
        guard range.contains(value) else {
            let upper = range.upperBound.isUnbounded ? "" : " and at most \(range.upperBound)"
            throw UsageError("--\(flag) \(text) is out of range: it must be at least \(range.lowerBound)\(upper)")
        }
        return value
    }

    var helpText: String { String(self) }

    var isUnbounded: Bool { self == .max }
}

extension Double: FlagNumber {
    /// A plain decimal (`nan`, `inf` and hex floats are not numbers here).
    static func read(_ text: String, flag: String, range: ClosedRange<Double>) throws -> Double {
        guard let value = Double(text), value.isFinite,
            text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" })
        else {
            throw UsageError("--\(flag) '\(text)' is not a number")
        }
        guard range.contains(value) else {
            throw UsageError(
                "--\(flag) \(text) is out of range: it must be between \(range.lowerBound.helpText) and \(range.upperBound.helpText)")
        }
        return value
    }

    /// Whole numbers without a decimal point (`10`, not `10.0`).
    var helpText: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }

    var isUnbounded: Bool { self == .infinity }
}
