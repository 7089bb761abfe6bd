/// The help of a number flag, which may name the flag's range where it reads best:
/// `"lines run at once (\(.range))"` is "lines run at once (1-64)" for `1...64`, so the
/// range help states is the one parsing checks.
struct FlagHelp: ExpressibleByStringInterpolation, Sendable {
    /// What help may say of the flag's range.
    enum Fact: Sendable {
        /// `1-64`.
        case range
        /// `64`.
        case upperBound
    }

    fileprivate enum Part: Sendable {
        case text(String)
        case fact(Fact)
    }

    private let parts: [Part]

    init(stringLiteral value: String) { parts = [.text(value)] }

    init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    /// The help with its facts stated for `range`.
    func text<Number: FlagNumber>(range: ClosedRange<Number>) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .fact(.range): return "\(range.lowerBound.helpText)-\(range.upperBound.helpText)"
            case .fact(.upperBound): return range.upperBound.helpText
            }
        }.joined()
    }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var parts: [Part] = []

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }

        mutating func appendInterpolation(_ fact: Fact) { parts.append(.fact(fact)) }

        mutating func appendInterpolation(_ value: some CustomStringConvertible) { parts.append(.text(value.description)) }
    }
}
