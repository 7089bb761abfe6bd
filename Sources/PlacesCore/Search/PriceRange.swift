/// `--price MIN[-MAX]`: price levels 0 (free) to 4 (very expensive), inclusive.
package struct PriceRange: Sendable, Hashable, CustomStringConvertible {
    package let min: Int
    package let max: Int

    package init(min: Int, max: Int) throws {
        guard (0...4).contains(min), (0...4).contains(max), min <= max else {
            throw PlacesError.usage("--price \(min)-\(max) is not a price range: levels go from 0 (free) to 4 (very expensive), low first, e.g. --price 1-2")
        }
        self.min = min
        self.max = max
    }

    /// Parses `2` or `1-3`.
    package static func parse(_ text: String) throws -> PriceRange {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = Int(parts[0]), let high = Int(parts.last!) else {
            throw PlacesError.usage("--price '\(text)' is not a price range: expected MIN or MIN-MAX with levels 0–4, e.g. --price 1-2")
        }
        return try PriceRange(min: low, max: high)
    }

    package func contains(_ level: Int) -> Bool { (min...max).contains(level) }

    package var description: String { min == max ? "\(min)" : "\(min)-\(max)" }
}
