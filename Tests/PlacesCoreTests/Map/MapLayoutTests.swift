import Foundation
import Testing

@testable import PlacesGeodesy
@testable import PlacesMap
@testable import PlacesModel

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The map's geometry without a browser: the projection, where labels and markers go, how
/// lines are cut and simplified, and what the SVG holds.
@Suite("Map: projection, labels, simplification, SVG text")
struct MapLayoutTests {
    static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    @Test func theViewHoldsEveryPointInsideItsMarginAndKeepsNorthUp() {
        let frame = PixelRect(x: 0, y: 36, width: 560, height: 534)
        let points = [Self.coordinate(60.1699, 24.9384), Self.coordinate(60.1841, 24.9497), Self.coordinate(60.1600, 24.9200)]
        let view = WebMercatorView(fitting: points, frame: frame, margin: 24)
        for point in points {
            let p = view.pixel(point)
            #expect(p.x >= 24 - 1e-9 && p.x <= 560 - 24 + 1e-9 && p.y >= 36 + 24 - 1e-9 && p.y <= 570 - 24 + 1e-9)
        }
        // North is up, east is right.
        #expect(view.pixel(points[1]).y < view.pixel(points[0]).y && view.pixel(points[1]).x > view.pixel(points[0]).x)
        // The pixel's coordinate is the coordinate's pixel.
        let back = view.coordinate(atX: view.pixel(points[0]).x, y: view.pixel(points[0]).y)
        #expect(abs(back.latitude - 60.1699) < 1e-9 && abs(back.longitude - 24.9384) < 1e-9)
        // Mercator's scale at 60°: a pixel covers half the ground it would at the equator.
        #expect(abs(view.metersPerPixel(atLatitude: 60) / view.metersPerPixel(atLatitude: 0) - 0.5) < 1e-12)
    }

    @Test func aViewAcrossTheAntimeridianIsOnePieceAndASinglePointGetsAStreetScaleView() {
        let frame = PixelRect(x: 0, y: 0, width: 600, height: 400)
        let fiji = [Self.coordinate(-17.8, 179.9), Self.coordinate(-17.7, -179.9)]
        let view = WebMercatorView(fitting: fiji, frame: frame, margin: 20)
        let a = view.pixel(fiji[0]), b = view.pixel(fiji[1])
        #expect(b.x > a.x && b.x - a.x < 600)
        #expect(WebMercatorView.wrapBelow([24.9, 24.95]) < -150)
        let one = WebMercatorView(fitting: [Self.coordinate(60.17, 24.94)], frame: frame, margin: 20)
        let metersAcross = one.metersPerPixel(atLatitude: 60.17) * 600
        #expect(metersAcross >= 400 && metersAcross < 2_000)
    }

    /// Markers in a crowd: no label covers another label, a marker's circle or the furniture,
    /// every label stays in the map, and every number shows (no circle covers another's centre).
    @Test func labelsNeverOverlapAndEveryNumberShows() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let count = 5 + round * 3
            let markers = (0..<count).map { i in
                MapMarker(
                    number: i + 1, id: "osm:node/\(i)",
                    name: String(repeating: "Café ", count: 1 + Int.random(in: 0..<4, using: &generator)),
                    coordinate: Self.coordinate(
                        60.17 + Double.random(in: -0.002...0.002, using: &generator),
                        24.94 + Double.random(in: -0.004...0.004, using: &generator)))
            }
            let drawing = try MapDrawing.draw(
                MapContent(markers: markers, pins: [MapPin(role: .centre, coordinate: Self.coordinate(60.17, 24.94))], attributions: ["x"]))
            let labels = drawing.markers.compactMap(\.label)
            let circles = drawing.markers.map { MapDrawing.box(around: $0.badge, radius: $0.radius) }
            for (i, label) in labels.enumerated() {
                #expect(drawing.mapFrame.contains(label))
                #expect(!labels[(i + 1)...].contains { $0.intersects(label) })
                #expect(!circles.contains { $0.intersects(label) })
                #expect(!MapDrawing.furnitureBoxes(frame: drawing.mapFrame, attributions: ["x"]).contains { $0.intersects(label) })
            }
            guard count <= 30 else { continue }
            for (i, marker) in drawing.markers.enumerated() {
                for other in drawing.markers[(i + 1)...] {
                    #expect(PixelGeometry.distance(other.badge, marker.badge) >= marker.radius + other.radius - 2)
                }
            }
        }
    }

    @Test func simplifiedLinesStayWithinHalfAPixelAndKeepTheirEnds() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var points: [PixelPoint] = []
            var x = 0.0, y = 0.0
            for _ in 0..<500 {
                x += Double.random(in: 0...0.8, using: &generator)
                y += Double.random(in: -0.6...0.6, using: &generator)
                points.append(PixelPoint(x: x, y: y))
            }
            let simple = PixelGeometry.simplify(points)
            #expect(simple.first == points.first && simple.last == points.last && simple.count < points.count)
            for point in points {
                let nearest = zip(simple, simple.dropFirst()).map { PixelGeometry.distance(point, fromSegment: $0, $1) }.min() ?? 0
                #expect(nearest <= 1.0 + 1e-9)
            }
        }
    }

    @Test func clippingKeepsWhatIsInsideAndCutsAtTheEdge() {
        let rect = PixelRect(x: 0, y: 0, width: 100, height: 100)
        let pieces = PixelGeometry.clip(
            line: [PixelPoint(x: -50, y: 50), PixelPoint(x: 50, y: 50), PixelPoint(x: 50, y: 150), PixelPoint(x: 80, y: 80)], to: rect)
        #expect(pieces.count == 2)
        #expect(pieces[0] == [PixelPoint(x: 0, y: 50), PixelPoint(x: 50, y: 50), PixelPoint(x: 50, y: 100)])
        #expect(pieces[1].last == PixelPoint(x: 80, y: 80))
        let ring = PixelGeometry.clip(
            ring: [PixelPoint(x: -10, y: -10), PixelPoint(x: 50, y: -10), PixelPoint(x: 50, y: 50), PixelPoint(x: -10, y: 50)], to: rect)
        #expect(ring.allSatisfy { rect.contains($0) } && ring.count >= 4)
        #expect(PixelGeometry.clip(line: [PixelPoint(x: 200, y: 0), PixelPoint(x: 300, y: 0)], to: rect).isEmpty)
    }

    /// Hostile names are text: the document parses as XML, nothing from the name becomes an
    /// element, no control character survives; the same content gives the same bytes.
    @Test func textFromOutsideIsEscapedAndTheSameInputGivesTheSameBytes() throws {
        let hostile = "<script>alert(1)</script>\u{1B}[31m&\"'\u{202E}\u{0}\u{7}Evil\u{FFFF}"
        let content = MapContent(
            markers: [
                MapMarker(
                    number: 1, id: "osm:node/1\"><script>", name: hostile, address: "a\nb<", distanceMeters: 12,
                    coordinate: Self.coordinate(60.17, 24.94))
            ],
            pins: [MapPin(role: .centre, coordinate: Self.coordinate(60.171, 24.941))], attributions: ["© <OSM>"], title: hostile)
        let svg = try MapDrawing.draw(content).svg()
        #expect(!svg.contains("<script"))
        #expect(
            !svg.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0 == "\u{202E}" || $0 == "\u{FFFF}" })
        let parser = XMLParser(data: Data(svg.utf8))
        let elements = ElementNames()
        parser.delegate = elements
        #expect(parser.parse(), "not XML: \(String(describing: parser.parserError))")
        #expect(!elements.names.contains("script"))
        #expect(try MapDrawing.draw(content).svg() == svg)
    }

    @Test func roundLengthsForTheScaleBarAndTheGraticule() {
        #expect(MapGuides.roundLength(atMost: 740) == 500)
        #expect(MapGuides.roundLength(atMost: 199) == 100)
        #expect(MapGuides.roundLength(atMost: 2_100) == 2_000)
        #expect(MapGuides.lengthText(2_000) == "2 km" && MapGuides.lengthText(50) == "50 m")
        #expect(MapGuides.graticuleStep(span: 0.05) == 0.01)
        #expect(SVGText.number(-0.04) == "0" && SVGText.number(-0.06) == "-0.1" && SVGText.number(12.25) == "12.3")
    }
}

/// The names of the elements an XML document holds.
private final class ElementNames: NSObject, XMLParserDelegate {
    var names: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        names.append(elementName)
    }
}
