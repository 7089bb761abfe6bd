/// A named group of restaurants: one entry of `--group-by cuisine` output.
package struct Cuisine: Sendable, Hashable {
    /// The name of the group of restaurants with no known cuisine; always listed last.
    package static let otherName = "other"

    /// Canonical lower-case snake_case name, e.g. `sushi`, `middle_eastern`, or `other`.
    package let name: String
    package var restaurants: [Restaurant]

    package init(name: String, restaurants: [Restaurant]) {
        self.name = name
        self.restaurants = restaurants
    }
}
