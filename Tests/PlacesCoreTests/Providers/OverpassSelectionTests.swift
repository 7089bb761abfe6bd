import Testing
@testable import PlacesCore

@Suite("OverpassSelection")
struct OverpassSelectionTests {
    let center = try! Coordinate(latitude: 60.1699, longitude: 24.9384)

    @Test func nearestShortcutOnlyWhenNothingFiltersAfterTheSource() {
        var request = SearchRequest(kind: .nearby, center: center, radiusMeters: 1000, limit: 2)
        #expect(OverpassSelection(request: request).nearest?.count == 2)
        // --favorites-only filters after the source: the two nearest may not be favorites.
        request.onlyIDs = [PlaceID(provider: .osm, rawID: "node/1369465615")]
        #expect(OverpassSelection(request: request).nearest == nil)
    }

    @Test func onlyIDsAreTheOnlyAcceptedVenues() {
        var request = SearchRequest(kind: .nearby, center: center, radiusMeters: 1000)
        request.onlyIDs = [PlaceID(provider: .osm, rawID: "node/1")]
        let selection = OverpassSelection(request: request)
        #expect(selection.accepts(venue("Kept", 60.17, 24.94, id: 1)))
        #expect(!selection.accepts(venue("Dropped", 60.17, 24.94, id: 2)))
    }
}
