import PlacesGeodesy
import PlacesModel

/// What an offline search found, with the facts about it and about the extract that the
/// client tells the user (as `SearchAnswer.extract`, in its `Phrase`s): how many places matched in all when the
/// limit cut the answer, where the extract's places lie (a centre far outside is likely a
/// mistake, perhaps LAT and LON swapped), and how many named elements had no position.
struct ExtractAnswer: Sendable {
    /// The places, best first in the request's order; at most `limit` of them unless the
    /// request groups by cuisine (then every place the grouping may need).
    var venues: [Venue]
    /// How many places passed every test, when it was known without building their venues
    /// (a scan of the whole file, or an index's cells); nil otherwise.
    var totalMatching: Int?
    /// The box of every place of the extract (plain minimum and maximum); nil when it has none.
    var extent: BoundingBox?
    /// Named elements of the extract that have no position, even from their members.
    var unplacedCount: Int
    /// Named elements of the extract dropped for an id below 1 or a position off the globe.
    var droppedCount: Int

    var facts: ExtractFacts
    /// What the extract is: the unplaced note's advice depends on it.
    var format = ExtractFileFormat.json

    init(venues: [Venue], totalMatching: Int?, facts: ExtractFacts) {
        self.venues = venues
        self.totalMatching = totalMatching
        self.facts = facts
        extent = facts.box.flatMap { box in
            box.isEmpty ? nil : BoundingBox(south: box.minLatitude, west: box.minLongitude, north: box.maxLatitude, east: box.maxLongitude)
        }
        unplacedCount = facts.unplacedCount
        droppedCount = facts.droppedCount
    }
}
