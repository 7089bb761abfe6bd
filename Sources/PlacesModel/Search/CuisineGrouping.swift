/// `--group-by cuisine`: restaurants grouped under canonical cuisine names.
///
/// With `--filter`, a cuisine whose name matches keeps all its restaurants; any other
/// cuisine keeps only the restaurants whose name matches; empty groups disappear.
/// Groups are ordered by their nearest restaurant (by first appearance when there is
/// no centre); restaurants with no known cuisine form `other`, always last.
enum CuisineGrouping {
    static func group(_ venues: [Venue], filter: String? = nil) -> [Cuisine] {
        var order: [String] = []
        var members: [String: [Restaurant]] = [:]
        var others: [Restaurant] = []
        for venue in venues {
            guard let restaurant = Restaurant(venue) else { continue }
            if restaurant.cuisines.isEmpty {
                if let filter, !VenuePipeline.matches(venue.name, filter), !VenuePipeline.matchesCuisine(Cuisine.otherName, filter) {
                    continue
                }
                others.append(restaurant)
                continue
            }
            for cuisine in restaurant.cuisines {
                if let filter, !VenuePipeline.matchesCuisine(cuisine, filter), !VenuePipeline.matches(venue.name, filter) { continue }
                if members[cuisine] == nil { order.append(cuisine) }
                members[cuisine, default: []].append(restaurant)
            }
        }
        // Sorted with the order each cuisine was first seen in, the tie-break.
        let seen = order.enumerated().map { (first: $0, group: Cuisine(name: $1, restaurants: members[$1, default: []])) }
        var groups = seen.sorted { a, b in
            let da = nearest(a.group), db = nearest(b.group)
            if da != db { return da < db }
            return a.first < b.first
        }.map(\.group)
        if !others.isEmpty { groups.append(Cuisine(name: Cuisine.otherName, restaurants: others)) }
        return groups
    }

    /// Whether a venue survives `--filter` before grouping: its name or one of its cuisines matches.
    static func isKept(_ venue: Venue, filter: String) -> Bool {
        if VenuePipeline.matches(venue.name, filter) { return true }
        if venue.cuisines.isEmpty { return VenuePipeline.matchesCuisine(Cuisine.otherName, filter) }
        return venue.cuisines.contains { VenuePipeline.matchesCuisine($0, filter) }
    }

    private static func nearest(_ cuisine: Cuisine) -> Double {
        cuisine.restaurants.compactMap(\.venue.distanceMeters).min() ?? .infinity
    }
}

extension Array where Element == Venue {
    /// The restaurants among these venues grouped by cuisine, groups ordered by their
    /// nearest restaurant, `other` (no known cuisine) last. With `filter`, a cuisine whose
    /// name matches keeps all its restaurants, any other only those whose name matches.
    public func groupedByCuisine(filter: String? = nil) -> [Cuisine] {
        CuisineGrouping.group(self, filter: filter)
    }
}
