import PlacesModel

/// One venue of one provider's answer, with what matching needs worked out once.
struct MergeEntry: Sendable {
    let venue: Venue
    /// Which answer it came from (the provider's place in the order given) and where in it.
    let source: Int
    let position: Int
    let name: VenueNameKey
    let categories: VenueCategories
    /// Whether it is an area (park, hospital, attraction), whose point providers place loosely.
    let isArea: Bool
    /// Whether its name appears more than once in its own provider's answer (`ChainEvidence`).
    var isChain: Bool

    init(venue: Venue, source: Int, position: Int) {
        self.venue = venue
        self.source = source
        self.position = position
        name = VenueNameKey(venue.name)
        categories = VenueCategories(venue.categories)
        isArea = !categories.known.isDisjoint(with: MatchThresholds.areaCategories)
        isChain = false
    }

    /// The order of entries everywhere in the merge: by answer, then by place in it.
    static func precedes(_ a: MergeEntry, _ b: MergeEntry) -> Bool {
        (a.source, a.position) < (b.source, b.position)
    }
}
