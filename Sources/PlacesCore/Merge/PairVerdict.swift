import PlacesGeodesy

/// Whether two venues of different providers may be one place, and how good a match they are.
///
/// They may when their names agree (`NameAgreement`), neither name's generic words
/// contradict the other's categories ("Cafe Aalto" is not the restaurant "Aalto"), their
/// categories do not conflict (`CategoryAgreement`), and the geodesic distance between them
/// is within the limit `MatchThresholds` sets for names that specific (no longer than an
/// ordinary name's for chains, twice as long for areas).
struct PairVerdict: Sendable {
    let name: NameAgreement
    let category: CategoryAgreement
    let meters: Double
    let limitMeters: Double
    /// Higher is better (`MatchThresholds.score`).
    let score: Double

    /// The verdict, or nil when they cannot be one place; `slack` stretches the distance limit
    /// (used for the pairs a group join brings together, `MatchThresholds.linkageFactor`).
    init?(_ a: MergeEntry, _ b: MergeEntry, slack: Double = 1) {
        guard a.source != b.source, a.venue.provider != b.venue.provider else { return nil }
        let name = NameAgreement(a.name, b.name)
        guard name != .none, !a.categories.contradicts(b.name, own: a.name), !b.categories.contradicts(a.name, own: b.name) else {
            return nil
        }
        let limit = MatchThresholds.limitMeters(
            sharedLetters: NameAgreement.sharedLetters(a.name, b.name),
            chain: a.isChain || b.isChain,
            area: a.isArea || b.isArea)
        let meters = GeodesicDistance.meters(from: a.venue.coordinate, to: b.venue.coordinate)
        guard meters <= limit * slack else { return nil }
        let category = CategoryAgreement(a.categories, b.categories)
        guard category != .conflicting else { return nil }
        self.name = name
        self.category = category
        self.meters = meters
        self.limitMeters = limit
        score = MatchThresholds.score(name: name, category: category, meters: meters, limit: limit)
    }
}
