import Foundation
import PlacesCore
import PlacesMap
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The map as an app draws it, through the public API only (no `@testable`): the places of
/// a search, the streets of an extract, the drawing as values and as SVG.
@Suite("Map, as an app draws it")
struct MapAppTests {
    @Test func anAppDrawsItsPlacesOverAnExtractsStreets() async throws {
        let dir = try TemporaryDirectory()
        let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let client = PlacesClient(source: .extract(URL(fileURLWithPath: PBFFiles.helsinki), indexDirectory: URL(fileURLWithPath: dir.path)))
        let cafes = try await client.nearby(.init(center: helsinki, radiusMeters: 500, categories: [.cafe]))
        #expect(!cafes.isEmpty)
        let streets = try StreetMaps.openStreetMap(extract: PBFFiles.helsinki, cacheDirectory: dir.path)
        let content = MapContent(
            markers: cafes.enumerated().map { MapMarker($1, number: $0 + 1) }, pins: [MapPin(role: .centre, coordinate: helsinki)],
            attributions: MapContent.credits(for: cafes), streets: streets)
        let drawing = try MapDrawing.draw(content)
        #expect(drawing.markers.count == cafes.count && !drawing.layers.isEmpty)
        #expect(drawing.attributions == ["© OpenStreetMap contributors"])
        for marker in drawing.markers { #expect(drawing.mapFrame.contains(marker.point)) }
        let svg = drawing.svg()
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).contains { $0.hasSuffix(".idx.map") })
        #expect(StreetMaps.isOpenStreetMapPBF(PBFFiles.helsinki) && !StreetMaps.isOpenStreetMapPBF(PlacesBinary.helsinkiData))
        #expect(!MapContent.mayShow(.google) && MapContent.mayShow(.foursquare) && MapContent.mayShow(.osm))
        #expect(throws: PlacesError.self) { try StreetMaps.openStreetMap(extract: PlacesBinary.helsinkiData) }
    }
}
