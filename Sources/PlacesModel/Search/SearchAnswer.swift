import PlacesGeodesy

/// A provider's answer to a `SearchRequest`: its venues, in its order, and what an offline
/// source knows about them beyond the list (the client words that for the person asking).
package struct SearchAnswer: Sendable {
    /// The venues, as `PlaceProvider.search` gives them.
    package var venues: [Venue]
    /// From a local extract: how far it reaches and how many places matched; nil from a web
    /// provider, which tells neither.
    package var extract: ExtractCoverage?

    package init(venues: [Venue], extract: ExtractCoverage? = nil) {
        self.venues = venues
        self.extract = extract
    }
}

/// What a local extract tells about an answer: where its places lie (a centre far outside
/// that box finds nothing, which is worth saying), and how many matched when a limit cut
/// the answer and the count was asked for (`SearchRequest.wantsTotalCount`).
package struct ExtractCoverage: Sendable, Equatable {
    /// The extract as messages name it (its path, or "standard input").
    package var source: String
    /// The box of every place of the extract; nil when it has none.
    package var extent: BoundingBox?
    /// How many places passed every test, when known without building their venues.
    package var totalMatching: Int?

    package init(source: String, extent: BoundingBox?, totalMatching: Int?) {
        self.source = source
        self.extent = extent
        self.totalMatching = totalMatching
    }
}
