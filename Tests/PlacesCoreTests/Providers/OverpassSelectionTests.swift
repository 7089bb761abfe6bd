import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract

@Suite("OverpassSelection")
struct OverpassSelectionTests {
    let center = try! Coordinate(latitude: 60.1699, longitude: 24.9384)

    @Test func theLimitIsCutAtTheSourceUnlessGroupingCountsEverything() {
        var request = SearchRequest(kind: .nearby, center: center, radiusMeters: 1000, limit: 2)
        #expect(OverpassSelection(request: request).limit == 2)
        #expect(OverpassSelection(request: request).order == .distance)
        request.onlyIDs = [PlaceID(provider: .osm, rawID: "node/1369465615")]
        #expect(OverpassSelection(request: request).onlyElements == [OSMElementKey(kind: 0, id: 1369465615)])
        request.groupByCuisine = true
        #expect(OverpassSelection(request: request).limit == nil)
        request.groupByCuisine = false
        request.minRating = 4
        #expect(OverpassSelection(request: request).limit == 1, "one place is enough to say OSM has no ratings")
    }

    @Test func onlyIDsAreTheOnlyAcceptedVenues() {
        var request = SearchRequest(kind: .nearby, center: center, radiusMeters: 1000)
        request.onlyIDs = [PlaceID(provider: .osm, rawID: "node/1")]
        let selection = OverpassSelection(request: request)
        #expect(selection.accepts(venue("Kept", 60.17, 24.94, id: 1), openNow: nil))
        #expect(!selection.accepts(venue("Dropped", 60.17, 24.94, id: 2), openNow: nil))
    }
}
