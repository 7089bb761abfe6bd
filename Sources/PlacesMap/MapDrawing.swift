import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// A map laid out and ready to write: every place, pin, route and street in pixels, the
/// labels that fit placed, the legend's lines, the scale bar's length. An app may draw it
/// its own way from these values, or take `svg()`.
public struct MapDrawing: Sendable {
    /// A marker where it is drawn, with its label's box and text when the name fits.
    public struct PlacedMarker: Sendable {
        public let marker: MapMarker
        /// Where its place is.
        public let point: PixelPoint
        /// Where its numbered circle is drawn: at `point`, or moved aside (a leader line
        /// joins them) when a marker drawn before it would cover its number.
        public let badge: PixelPoint
        public let radius: Double
        public let label: PixelRect?
        public let labelText: String?
    }

    public struct PlacedPin: Sendable {
        public let pin: MapPin
        public let point: PixelPoint
        public let label: PixelRect?
        public let labelText: String?
    }

    /// Streets of one class, as pieces of line (or rings, for an area) in pixels.
    public struct Layer: Sendable {
        public let kind: MapFeature.Kind
        public let pieces: [[PixelPoint]]
    }

    /// A graticule line: a parallel (`isLatitude`) or a meridian at `degrees`, at `offset`
    /// pixels (y for a parallel, x for a meridian).
    public struct GraticuleLine: Sendable {
        public let isLatitude: Bool
        public let degrees: Double
        public let offset: Double
    }

    public let width: Int
    public let height: Int
    public let title: String
    public let view: WebMercatorView
    /// Where the map is drawn; the legend takes the rest of the width.
    public let mapFrame: PixelRect
    public let legendFrame: PixelRect
    public let markers: [PlacedMarker]
    public let pins: [PlacedPin]
    public let route: [[PixelPoint]]
    public let routeIsEstimate: Bool
    /// The street map's layers in painting order; empty when there is no street data here.
    public let layers: [Layer]
    /// Drawn when `layers` is empty.
    public let graticule: [GraticuleLine]
    public let graticuleStep: Double
    public let scaleBarMeters: Double
    public let scaleBarPixels: Double
    public let attributions: [String]

    static let markerRadius = 9.0
    /// Room kept at the map's top (the north arrow) and bottom (scale bar, credits).
    static let topBand = 36.0
    static let bottomBand = 30.0
    static let margin = 24.0

    /// Lays out `content`: fits the view to its places, pins and route, reads the streets
    /// of that view from its street source, places the labels that fit.
    public static func draw(_ content: MapContent) throws -> MapDrawing {
        let width = Double(content.width), height = Double(content.height)
        let legendWidth = min(max(width * 0.3, 150), 280)
        let mapFrame = PixelRect(x: 0, y: 0, width: width - legendWidth, height: height)
        let fitFrame = PixelRect(x: 0, y: topBand, width: mapFrame.width, height: height - topBand - bottomBand)
        var points = content.markers.map(\.coordinate) + content.pins.map(\.coordinate)
        points += content.route ?? []
        let view = WebMercatorView(fitting: points, frame: fitFrame, margin: margin)

        let layers = try content.streets.map { try streetLayers($0, view: view, frame: mapFrame) } ?? []
        var attributions = content.attributions
        if !layers.isEmpty, let credit = content.streets?.attribution, !attributions.contains(credit) {
            attributions.insert(credit, at: 0)
        }

        let centreLatitude = view.coordinate(atX: mapFrame.width / 2, y: height / 2).latitude
        let metersPerPixel = view.metersPerPixel(atLatitude: centreLatitude)
        let scaleMeters = MapGuides.roundLength(atMost: metersPerPixel * min(120, mapFrame.width / 3))
        let furniture = furnitureBoxes(frame: mapFrame, attributions: attributions)

        let pinPoints = content.pins.map { ($0, view.pixel($0.coordinate)) }
        var badges: [(MapMarker, PixelPoint, PixelPoint, Double)] = []
        var circles = pinPoints.map { box(around: $0.1, radius: 8) }
        for marker in content.markers {
            let point = view.pixel(marker.coordinate), radius = radius(of: marker.number)
            let badge = freeSpot(near: point, radius: radius, taken: circles, inside: fitFrame)
            circles.append(box(around: badge, radius: radius))
            badges.append((marker, point, badge, radius))
        }
        // A marker moved aside leaves a dot on its place, which labels keep clear of too.
        let dots = badges.filter { $0.1 != $0.2 }.map { box(around: $0.1, radius: 4) }
        var placer = LabelPlacer(bounds: mapFrame.insetBy(2), obstacles: furniture + circles + dots)
        var markers: [PlacedMarker] = []
        for (marker, point, badge, radius) in badges {
            let (text, labelWidth, labelHeight) = LabelPlacer.measure(TerminalText.shown(marker.name))
            let label = text.isEmpty ? nil : placer.place(width: labelWidth, height: labelHeight, beside: badge, radius: radius)
            markers.append(
                PlacedMarker(marker: marker, point: point, badge: badge, radius: radius, label: label, labelText: label.map { _ in text }))
        }
        var pins: [PlacedPin] = []
        for (pin, point) in pinPoints {
            var label: PixelRect?, labelText: String?
            if let name = pin.label.map(TerminalText.shown), pin.role != .centre, !name.isEmpty {
                let (text, labelWidth, labelHeight) = LabelPlacer.measure(name)
                label = placer.place(width: labelWidth, height: labelHeight, beside: point, radius: 8)
                labelText = label.map { _ in text }
            }
            pins.append(PlacedPin(pin: pin, point: point, label: label, labelText: labelText))
        }

        let route =
            content.route.map { line in
                PixelGeometry.clip(line: line.map(view.pixel), to: mapFrame.insetBy(-8)).map { PixelGeometry.simplify($0) }
            } ?? []
        let (graticule, step) = layers.isEmpty ? graticuleLines(view: view, frame: mapFrame) : ([], 0)
        return MapDrawing(
            width: content.width, height: content.height, title: content.title, view: view, mapFrame: mapFrame,
            legendFrame: PixelRect(x: mapFrame.maxX, y: 0, width: legendWidth, height: height), markers: markers, pins: pins,
            route: route, routeIsEstimate: content.routeIsEstimate, layers: layers, graticule: graticule, graticuleStep: step,
            scaleBarMeters: scaleMeters, scaleBarPixels: scaleMeters / metersPerPixel, attributions: attributions)
    }

    /// A marker's radius: wide enough for its number's digits.
    static func radius(of number: Int) -> Double {
        number < 100 ? markerRadius : number < 1000 ? markerRadius + 2 : markerRadius + 5
    }

    /// Where a marker's circle goes: on its point when no circle drawn before covers it,
    /// else the nearest free spot on the two rings around it (so every number shows), else
    /// its point (in a crowd, a number moved farther would lose its place).
    static func freeSpot(near point: PixelPoint, radius: Double, taken: [PixelRect], inside bounds: PixelRect) -> PixelPoint {
        func free(_ p: PixelPoint) -> Bool {
            let circle = box(around: p, radius: radius - 1)
            return !taken.contains { $0.intersects(circle) }
        }
        if free(point) { return point }
        for ring in 1...2 {
            let distance = Double(ring) * radius * 2.2, steps = 8 * ring
            for step in 0..<steps {
                let angle = Double(step) / Double(steps) * 2 * Double.pi - Double.pi / 2
                let spot = PixelPoint(x: point.x + distance * cos(angle), y: point.y + distance * sin(angle))
                if bounds.contains(box(around: spot, radius: radius)), free(spot) { return spot }
            }
        }
        return point
    }

    static func box(around point: PixelPoint, radius: Double) -> PixelRect {
        PixelRect(x: point.x - radius, y: point.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// What labels keep clear of: the north arrow, the scale bar, the credits.
    static func furnitureBoxes(frame: PixelRect, attributions: [String]) -> [PixelRect] {
        [northArrowBox(frame: frame), scaleBarBox(frame: frame), attributionBox(frame: frame, attributions: attributions)]
    }

    static func northArrowBox(frame: PixelRect) -> PixelRect {
        PixelRect(x: frame.maxX - 34, y: frame.y + 6, width: 26, height: 30)
    }

    static func scaleBarBox(frame: PixelRect) -> PixelRect {
        PixelRect(x: frame.x + 6, y: frame.maxY - 28, width: 136, height: 24)
    }

    static let attributionFontSize = 10.0

    static func attributionText(_ attributions: [String]) -> String {
        attributions.map(TerminalText.shown).joined(separator: " · ")
    }

    static func attributionBox(frame: PixelRect, attributions: [String]) -> PixelRect {
        let text = attributionText(attributions)
        let width = min(Double(TerminalText.displayWidth(text)) * attributionFontSize * LabelPlacer.advance + 8, frame.width - 150)
        return PixelRect(x: frame.maxX - width - 4, y: frame.maxY - 18, width: width, height: 15)
    }

    /// The streets of the view, projected, clipped and simplified, class by class.
    static func streetLayers(_ source: any StreetMapSource, view: WebMercatorView, frame: PixelRect) throws -> [Layer] {
        let corner1 = view.coordinate(atX: frame.x, y: frame.maxY), corner2 = view.coordinate(atX: frame.maxX, y: frame.y)
        let south = max(corner1.latitude, -90), north = min(corner2.latitude, 90)
        var features: [MapFeature] = []
        // The view's longitudes, unwrapped, may pass 180°: ask for each side of the antimeridian.
        let west = corner1.longitude, east = corner2.longitude
        if east - west >= 360 {
            features = try source.features(south: south, west: -180, north: north, east: 180)
        } else {
            for (w, e) in splitAtAntimeridian(west: west, east: east) {
                features += try source.features(south: south, west: w, north: north, east: e)
            }
        }
        let clipFrame = frame.insetBy(-8)
        var pieces = [[[PixelPoint]]](repeating: [], count: MapFeature.Kind.allCases.count)
        for feature in features {
            let points = feature.points.map(view.pixel)
            if feature.kind.isArea {
                let ring = PixelGeometry.simplify(PixelGeometry.clip(ring: points, to: clipFrame))
                if ring.count >= 3 { pieces[feature.kind.rawValue].append(ring) }
            } else {
                for piece in PixelGeometry.clip(line: points, to: clipFrame) {
                    let simple = PixelGeometry.simplify(piece)
                    if simple.count >= 2 { pieces[feature.kind.rawValue].append(simple) }
                }
            }
        }
        return MapFeature.Kind.allCases.compactMap { kind in
            pieces[kind.rawValue].isEmpty ? nil : Layer(kind: kind, pieces: pieces[kind.rawValue])
        }
    }

    /// `west…east` (unwrapped, east maybe past 180°) as ranges within -180…180.
    static func splitAtAntimeridian(west: Double, east: Double) -> [(Double, Double)] {
        func normal(_ l: Double) -> Double { l > 180 ? l - 360 : l < -180 ? l + 360 : l }
        let w = normal(west), e = normal(east)
        return w <= e ? [(w, e)] : [(w, 180), (-180, e)]
    }

    /// Parallels and meridians at a round step across the view.
    static func graticuleLines(view: WebMercatorView, frame: PixelRect) -> ([GraticuleLine], Double) {
        let topLeft = view.coordinate(atX: frame.x, y: frame.y), bottomRight = view.coordinate(atX: frame.maxX, y: frame.maxY)
        let step = MapGuides.graticuleStep(span: bottomRight.longitude - topLeft.longitude)
        var lines: [GraticuleLine] = []
        var latitude = (bottomRight.latitude / step).rounded(.up) * step
        while latitude <= topLeft.latitude, lines.count < 200 {
            let y = view.pixel(Coordinate(uncheckedLatitude: latitude, longitude: 0)).y
            lines.append(GraticuleLine(isLatitude: true, degrees: latitude, offset: y))
            latitude += step
        }
        var longitude = (topLeft.longitude / step).rounded(.up) * step
        while longitude <= bottomRight.longitude, lines.count < 400 {
            let x = (WebMercatorView.worldX(longitude, wrapBelow: -.infinity) - view.originX) * view.scale
            lines.append(GraticuleLine(isLatitude: false, degrees: longitude > 180 ? longitude - 360 : longitude, offset: x))
            longitude += step
        }
        return (lines, step)
    }
}
