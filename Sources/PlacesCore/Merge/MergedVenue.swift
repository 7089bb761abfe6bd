import PlacesModel

/// One place as several providers know it: one venue made from theirs, and their ids.
struct MergedVenue: Sendable, Hashable {
    /// `id` and `provider` of the first provider (in the order given) that has the place;
    /// every other field from the first provider with a value (see `init(members:)`).
    var venue: Venue
    /// The other providers' ids for the place, in the order given; empty when only one has it.
    var sameAs: [PlaceID]

    init(venue: Venue, sameAs: [PlaceID]) {
        self.venue = venue
        self.sameAs = sameAs
    }

    /// Every id of the place, the record's own first: which providers the row came from.
    var sourceIDs: [PlaceID] { [venue.id] + sameAs }

    /// Merges one place's venues, given in provider order (at least one).
    ///
    /// Each optional field comes from the first venue where it is not nil, and categories and
    /// cuisines from the first where they are not empty (a provider that does not know them
    /// gives none). id, provider, name and coordinate are the first venue's, and so is `mapsUrl`,
    /// which is never null. `isFavorite` is true if any of them is a favorite; the distance
    /// and bearing are left for the pipeline to compute again after the merge.
    init(members: [Venue]) {
        // Not reachable by data: VenueMerger.groups drops empty groups; every group starts as one entry.
        precondition(!members.isEmpty, "a merged place needs at least one venue")
        var merged = members[0]
        for other in members.dropFirst() {
            merged.address = merged.address ?? other.address
            if merged.categories.isEmpty { merged.categories = other.categories }
            if merged.cuisines.isEmpty { merged.cuisines = other.cuisines }
            merged.rating = merged.rating ?? other.rating
            merged.ratingCount = merged.ratingCount ?? other.ratingCount
            merged.priceLevel = merged.priceLevel ?? other.priceLevel
            merged.openNow = merged.openNow ?? other.openNow
            merged.phone = merged.phone ?? other.phone
            merged.website = merged.website ?? other.website
            merged.openingHours = merged.openingHours ?? other.openingHours
            merged.photoURLs = merged.photoURLs ?? other.photoURLs
            merged.isFavorite = merged.isFavorite || other.isFavorite
        }
        self.init(venue: merged, sameAs: members.dropFirst().map(\.id))
    }
}
