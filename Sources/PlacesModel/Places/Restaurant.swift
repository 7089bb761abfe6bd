/// A venue that serves food, with its cuisines: what grouping by cuisine groups.
public struct Restaurant: Sendable, Hashable {
    public let venue: Venue

    /// Succeeds when the venue serves food: a food category, or any known cuisine.
    public init?(_ venue: Venue) {
        guard !venue.cuisines.isEmpty || venue.categories.contains(where: { PlaceCategory(rawValue: $0)?.servesFood == true }) else {
            return nil
        }
        self.venue = venue
    }

    /// Canonical cuisine names; empty means the restaurant belongs to `other`.
    public var cuisines: [String] { venue.cuisines }
}
