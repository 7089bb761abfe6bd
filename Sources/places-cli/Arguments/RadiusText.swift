import PlacesCore

/// `--radius` as people write it: metres (`800`), or a number with a unit (`800m`, `1.5km`,
/// `2mi`, `500ft`, `300yd`; a space before the unit is allowed, case is ignored).
enum RadiusText {
    /// Metres per unit.
    static let units: [(suffix: String, meters: Double)] = [("km", 1000), ("mi", 1609.344), ("ft", 0.3048), ("yd", 0.9144), ("m", 1)]

    /// The longest radius that means anything: half the Earth's circumference.
    static let maximum = 20_037_509.0

    /// The radius in metres, or a usage error: not a distance, under 1 m (which a bare
    /// `0.5` meant to be kilometres would be), or longer than half the Earth around.
    static func meters(_ text: String) throws -> Double {
        let trimmed = text.trimmingSpaces()
        let lower = trimmed.lowercased()
        var number = Substring(lower)
        var perUnit = 1.0
        for unit in units where lower.hasSuffix(unit.suffix) {
            number = lower.dropLast(unit.suffix.count)
            perUnit = unit.meters
            break
        }
        let digits = String(number).trimmingSpaces()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            digits.filter({ $0 == "." }).count <= 1, let value = Double(digits), value.isFinite
        else {
            if trimmed.hasPrefix("-") {
                throw UsageError(
                    "--radius \(text) is not a positive distance: it is in metres, e.g. 1000, or with a unit: 800m, 1.5km, 2mi")
            }
            throw UsageError(
                "--radius '\(text)' is not a distance: give metres, e.g. 1000, or a number with a unit: 800m, 1.5km, 2mi, 500ft")
        }
        let meters = value * perUnit
        guard meters >= 1 else {
            throw UsageError("--radius \(text) is under 1 m: it is in metres, e.g. 1000 (or with a unit: 800m, 1.5km, 2mi)")
        }
        guard meters <= maximum else {
            throw UsageError(
                "--radius \(text) is more than half the Earth around (\(Int(maximum)) m); give metres, e.g. 1000, or 1.5km, 2mi")
        }
        return meters
    }
}

extension StringProtocol {
    /// Without leading and trailing whitespace.
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
