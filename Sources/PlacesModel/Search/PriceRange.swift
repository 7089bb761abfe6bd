/// Price levels 0 (free) to 4 (very expensive), inclusive (`--price MIN[-MAX]` in the CLI).
public struct PriceRange: Sendable, Hashable, CustomStringConvertible {
    public let min: Int
    public let max: Int

    public init(min: Int, max: Int) throws {
        guard (0...4).contains(min), (0...4).contains(max), min <= max else {
            throw PlacesError.invalidRequest(
                .price, message: "\(min)-\(max) is not a price range: levels go from 0 (free) to 4 (very expensive), low first")
        }
        self.min = min
        self.max = max
    }

    public func contains(_ level: Int) -> Bool { (min...max).contains(level) }

    public var description: String { min == max ? "\(min)" : "\(min)-\(max)" }
}
