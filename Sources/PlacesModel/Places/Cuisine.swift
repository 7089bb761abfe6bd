/// A named group of restaurants (`[Venue].groupedByCuisine()`; `--group-by cuisine` in the CLI).
public struct Cuisine: Sendable, Hashable {
    /// The name of the group of restaurants with no known cuisine; always listed last.
    public static let otherName = "other"

    /// Canonical lower-case snake_case name, e.g. `sushi`, `middle_eastern`, or `other`.
    public let name: String
    public var restaurants: [Restaurant]

    public init(name: String, restaurants: [Restaurant]) {
        self.name = name
        self.restaurants = restaurants
    }
}
