import PlacesGeodesy
import PlacesModel

/// The order the `osm` provider gives places (`OverpassSelection.Order`), for venues
/// already built: the online provider's answer, and the plain path the offline one is
/// tested against. The same rank keys as `PlaceJudge`, with a venue's position in the list
/// standing for its offset in the file.
enum OSMRanking {
    static func ranked(_ venues: [Venue], by selection: OverpassSelection) -> [Venue] {
        guard selection.order != .file else { return venues }
        var keyed: [(key: RankKey, venue: Venue)] = []
        keyed.reserveCapacity(venues.count)
        for (index, venue) in venues.enumerated() {
            var tier: UInt8 = 0
            if let text = selection.text {
                var bytes: [UInt8] = []
                OSMSearchText.append(name: venue.name, categories: venue.categories, cuisines: venue.cuisines, to: &bytes)
                tier = bytes.withUnsafeBytes { OSMSearchText.Record($0).map(text.tier) } ?? OSMTextQuery.tiers - 1
            }
            var meters = 0.0
            if let center = selection.center, selection.ranksByDistance {
                meters = GeodesicDistance.meters(from: center, to: venue.coordinate)
            }
            keyed.append((RankKey(tier: tier, meters: meters, offset: UInt64(index), element: OSMElementKey(kind: 0, id: 0)), venue))
        }
        return keyed.sorted { $0.key < $1.key }.map(\.venue)
    }
}
