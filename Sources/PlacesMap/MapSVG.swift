import PlacesGeodesy
import PlacesModel
import PlacesSupport

extension MapDrawing {
    /// The map as one standalone SVG document: the same drawing gives the same bytes.
    public func svg() -> String {
        var svg = MapSVGWriter(drawing: self)
        return svg.document()
    }
}

/// Writes a `MapDrawing` as SVG, back to front: the ground (streets or graticule), the
/// route, labels, markers and pins, then the legend, scale bar, north arrow and credits.
/// Each place is a group `id="place-N"` with `data-id`, `data-lat`, `data-lon` and a
/// `<title>`, placed by `transform="translate(x,y)"` at its point.
struct MapSVGWriter {
    let drawing: MapDrawing
    private var out = ""

    init(drawing: MapDrawing) {
        self.drawing = drawing
    }

    private func n(_ value: Double) -> String { SVGText.number(value) }

    mutating func document() -> String {
        let w = drawing.width, h = drawing.height
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
        out += " font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">\n"
        out += "<title>\(SVGText.escaped(drawing.title))</title>\n"
        let frame = drawing.mapFrame
        out +=
            "<defs><clipPath id=\"map-area\"><rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\"/></clipPath></defs>\n"
        let ground = drawing.layers.isEmpty ? MapStyle.blank : MapStyle.land
        out += "<rect id=\"ground\" x=\"0\" y=\"0\" width=\"\(n(frame.width))\" height=\"\(h)\" fill=\"\(ground)\"/>\n"
        out += "<g clip-path=\"url(#map-area)\">\n"
        if drawing.layers.isEmpty { writeGraticule() } else { writeStreets() }
        writeRoute()
        out += "</g>\n"
        writeLabels()
        writePins()
        writeMarkers()
        writeLegend()
        writeScaleBar()
        writeNorthArrow()
        writeAttribution()
        out += "</svg>\n"
        return out
    }

    private func pathData(_ pieces: [[PixelPoint]], closed: Bool) -> String {
        var d = ""
        for piece in pieces {
            guard let first = piece.first else { continue }
            d += "M\(n(first.x)) \(n(first.y))"
            for point in piece.dropFirst() { d += " \(n(point.x)) \(n(point.y))" }
            if closed { d += "Z" }
        }
        return d
    }

    private mutating func writeStreets() {
        out += "<g id=\"streets\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for layer in drawing.layers {
            let paint = MapStyle.paint(layer.kind), name = MapStyle.name(layer.kind)
            let d = pathData(layer.pieces, closed: layer.kind.isArea)
            if layer.kind.isArea {
                out += "<path class=\"\(name)\" fill=\"\(paint.colour)\" stroke=\"none\" d=\"\(d)\"/>\n"
                continue
            }
            let dash = paint.dashed ? " stroke-dasharray=\"\(n(paint.width * 3)) \(n(paint.width * 2))\"" : ""
            if let casing = paint.casing {
                // The line once, drawn twice: its casing, then its fill over it (a `<use>`
                // takes its stroke from itself only when the path sets none).
                out += "<defs><path id=\"street-\(name)\" d=\"\(d)\"/></defs>"
                out += "<use href=\"#street-\(name)\" class=\"\(name)\" stroke=\"\(casing)\" stroke-width=\"\(n(paint.width + 1.6))\"/>"
                out += "<use href=\"#street-\(name)\" stroke=\"\(paint.colour)\" stroke-width=\"\(n(paint.width))\"/>\n"
            } else {
                out += "<path class=\"\(name)\" stroke=\"\(paint.colour)\" stroke-width=\"\(n(paint.width))\"\(dash) d=\"\(d)\"/>\n"
            }
        }
        out += "</g>\n"
    }

    private mutating func writeGraticule() {
        let frame = drawing.mapFrame, step = drawing.graticuleStep
        let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : step >= 0.001 ? 3 : 4
        out += "<g id=\"graticule\" stroke=\"\(MapStyle.graticule)\" stroke-width=\"1\" font-size=\"9\" fill=\"#8a8a8a\">\n"
        for line in drawing.graticule {
            let words = Self.degrees(
                line.degrees, decimals: decimals, positive: line.isLatitude ? "N" : "E", negative: line.isLatitude ? "S" : "W")
            if line.isLatitude {
                out += "<line x1=\"\(n(frame.x))\" y1=\"\(n(line.offset))\" x2=\"\(n(frame.maxX))\" y2=\"\(n(line.offset))\"/>"
                out += "<text x=\"\(n(frame.x + 3))\" y=\"\(n(line.offset - 2))\" stroke=\"none\">\(words)</text>\n"
            } else {
                out += "<line x1=\"\(n(line.offset))\" y1=\"\(n(frame.y))\" x2=\"\(n(line.offset))\" y2=\"\(n(frame.maxY))\"/>"
                out += "<text x=\"\(n(line.offset + 2))\" y=\"\(n(frame.y + 10))\" stroke=\"none\">\(words)</text>\n"
            }
        }
        out += "</g>\n"
    }

    /// `60.17°N`, `24.94°E`: a graticule line's degrees with the step's decimals.
    static func degrees(_ value: Double, decimals: Int, positive: String, negative: String) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let units = Int((abs(value) * Double(scale)).rounded())
        let whole = units / scale, fraction = units % scale
        var text = "\(whole)"
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return units == 0 ? "\(text)°" : "\(text)°\(value < 0 ? negative : positive)"
    }

    private mutating func writeRoute() {
        guard !drawing.route.isEmpty else { return }
        let dash = drawing.routeIsEstimate ? " stroke-dasharray=\"10 6\"" : ""
        out += "<path id=\"route\" fill=\"none\" stroke=\"\(MapStyle.route)\" stroke-width=\"4\" stroke-opacity=\"0.8\""
        out += " stroke-linecap=\"round\" stroke-linejoin=\"round\"\(dash) d=\"\(pathData(drawing.route, closed: false))\"/>\n"
    }

    private mutating func writeLabels() {
        out +=
            "<g id=\"labels\" font-size=\"\(n(LabelPlacer.fontSize))\" fill=\"\(MapStyle.text)\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\" stroke-linejoin=\"round\">\n"
        for placed in drawing.markers {
            guard let box = placed.label, let text = placed.labelText else { continue }
            out +=
                "<text id=\"label-\(placed.marker.number)\" x=\"\(n(box.x + 2))\" y=\"\(n(box.maxY - 4))\">\(SVGText.escaped(text))</text>\n"
        }
        for placed in drawing.pins {
            guard let box = placed.label, let text = placed.labelText else { continue }
            out +=
                "<text id=\"label-\(placed.pin.role.rawValue)\" x=\"\(n(box.x + 2))\" y=\"\(n(box.maxY - 4))\">\(SVGText.escaped(text))</text>\n"
        }
        out += "</g>\n"
    }

    private mutating func writeMarkers() {
        out += "<g id=\"places\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\">\n"
        // The first rows last, so that where markers overlap the first rows are on top.
        for placed in drawing.markers.reversed() {
            let marker = placed.marker
            out += "<g id=\"place-\(marker.number)\" class=\"place\" data-id=\"\(SVGText.escaped(marker.id))\""
            out += " data-lat=\"\(marker.coordinate.latitude)\" data-lon=\"\(marker.coordinate.longitude)\""
            out += " transform=\"translate(\(n(placed.point.x)),\(n(placed.point.y)))\">"
            out += "<title>\(tooltip(marker))</title>"
            // Moved aside: a dot on the place and a leader line to the number.
            let dx = SVGText.number(placed.badge.x - placed.point.x), dy = SVGText.number(placed.badge.y - placed.point.y)
            let moved = dx != "0" || dy != "0"
            if moved {
                out += "<line x2=\"\(dx)\" y2=\"\(dy)\" stroke=\"\(MapStyle.marker)\" stroke-width=\"1.5\"/>"
                out += "<circle r=\"3\" fill=\"\(MapStyle.marker)\" stroke=\"#ffffff\" stroke-width=\"1\"/>"
            }
            let at = moved ? " cx=\"\(dx)\" cy=\"\(dy)\"" : ""
            out += "<circle\(at) r=\"\(n(placed.radius))\" fill=\"\(MapStyle.marker)\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>"
            let textAt = moved ? " x=\"\(dx)\" y=\"\(SVGText.number(placed.badge.y - placed.point.y + 3.5))\"" : " y=\"3.5\""
            out += "<text\(textAt) fill=\"#ffffff\">\(marker.number)</text></g>\n"
        }
        out += "</g>\n"
    }

    private func tooltip(_ marker: MapMarker) -> String {
        var lines = ["\(marker.number). \(SVGText.escaped(marker.name))"]
        if let address = marker.address, !address.isEmpty { lines.append(SVGText.escaped(address)) }
        if let meters = marker.distanceMeters { lines.append(DistanceText.format(meters)) }
        return lines.joined(separator: "&#10;")
    }

    private mutating func writePins() {
        var centres = 0
        for placed in drawing.pins {
            let pin = placed.pin, p = placed.point
            var id = pin.role.rawValue
            if pin.role == .centre {
                centres += 1
                // Several reverse points: the first is the centre, the others numbered after it.
                if centres > 1 { id += "-\(centres)" }
            }
            out += "<g id=\"\(id)\" data-lat=\"\(pin.coordinate.latitude)\" data-lon=\"\(pin.coordinate.longitude)\""
            out += " transform=\"translate(\(n(p.x)),\(n(p.y)))\"><title>\(pinTooltip(pin))</title>"
            switch pin.role {
            case .centre:
                out +=
                    "<circle r=\"7\" fill=\"#ffffff\" stroke=\"\(MapStyle.pin)\" stroke-width=\"3\"/><circle r=\"2.5\" fill=\"\(MapStyle.pin)\"/>"
            case .start, .end:
                let letter = pin.role == .start ? "A" : "B"
                out += "<circle r=\"8\" fill=\"\(MapStyle.pin)\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>"
                out += "<text y=\"3.5\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">\(letter)</text>"
            }
            out += "</g>\n"
        }
    }

    private func pinTooltip(_ pin: MapPin) -> String {
        let role = pin.role == .centre ? "centre" : pin.role == .start ? "from" : "to"
        let place = pin.label.map { SVGText.escaped($0) + " " } ?? ""
        return "\(role): \(place)(\(pin.coordinate.latitude),\(pin.coordinate.longitude))"
    }

    private mutating func writeLegend() {
        let frame = drawing.legendFrame
        let lineHeight = 18.0, top = 24.0
        out += "<g id=\"legend\" font-size=\"12\" fill=\"\(MapStyle.text)\">\n"
        out +=
            "<rect x=\"\(n(frame.x))\" y=\"0\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" fill=\"#ffffff\" stroke=\"#cccccc\"/>\n"
        let rows = max(Int((frame.height - top - 8) / lineHeight), 1)
        var lines: [(symbol: String, name: String, distance: String)] = drawing.markers.map { placed in
            ("\(placed.marker.number)", placed.marker.name, placed.marker.distanceMeters.map(DistanceText.format) ?? "")
        }
        for placed in drawing.pins {
            let role = placed.pin.role == .centre ? "centre" : placed.pin.role == .start ? "from" : "to"
            lines.append((placed.pin.role == .centre ? "◎" : placed.pin.role == .start ? "A" : "B", placed.pin.label ?? role, ""))
        }
        if drawing.markers.isEmpty { lines.insert(("", "no places", ""), at: 0) }
        if lines.count > rows {
            let more = lines.count - rows + 1
            lines = Array(lines.prefix(rows - 1)) + [("", "and \(more) more", "")]
        }
        let nameLeft = frame.x + 34, right = frame.maxX - 8
        for (row, line) in lines.enumerated() {
            let y = top + Double(row) * lineHeight
            let distanceWidth = Double(line.distance.count) * 12 * LabelPlacer.advance
            let room = Int((right - nameLeft - distanceWidth - 6) / (12 * LabelPlacer.advance))
            let name = TerminalText.clip(TerminalText.shown(line.name), to: max(room, 4))
            out +=
                "<text x=\"\(n(frame.x + 26))\" y=\"\(n(y))\" text-anchor=\"end\" font-weight=\"bold\">\(SVGText.escaped(line.symbol))</text>"
            out += "<text x=\"\(n(nameLeft))\" y=\"\(n(y))\">\(SVGText.escaped(name))</text>"
            if !line.distance.isEmpty {
                out += "<text x=\"\(n(right))\" y=\"\(n(y))\" text-anchor=\"end\" fill=\"\(MapStyle.quiet)\">\(line.distance)</text>"
            }
            out += "\n"
        }
        out += "</g>\n"
    }

    private mutating func writeScaleBar() {
        let box = MapDrawing.scaleBarBox(frame: drawing.mapFrame)
        let x = box.x + 6, y = box.maxY - 8, length = drawing.scaleBarPixels
        out += "<g id=\"scale-bar\" data-meters=\"\(Int(drawing.scaleBarMeters))\" font-size=\"10\" fill=\"\(MapStyle.text)\">"
        out +=
            "<rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(max(length + 16, 60)))\" height=\"\(n(box.height))\" fill=\"#ffffff\" fill-opacity=\"0.75\"/>"
        out +=
            "<path d=\"M\(n(x)) \(n(y - 5)) \(n(x)) \(n(y)) \(n(x + length)) \(n(y)) \(n(x + length)) \(n(y - 5))\" fill=\"none\" stroke=\"\(MapStyle.text)\" stroke-width=\"1.5\"/>"
        out += "<text x=\"\(n(x))\" y=\"\(n(y - 7))\">\(MapGuides.lengthText(drawing.scaleBarMeters))</text></g>\n"
    }

    private mutating func writeNorthArrow() {
        let box = MapDrawing.northArrowBox(frame: drawing.mapFrame)
        let cx = box.x + box.width / 2
        out +=
            "<g id=\"north-arrow\"><path d=\"M\(n(cx)) \(n(box.y + 12)) \(n(cx + 6)) \(n(box.maxY)) \(n(cx)) \(n(box.maxY - 5)) \(n(cx - 6)) \(n(box.maxY))Z\" fill=\"\(MapStyle.text)\"/>"
        out +=
            "<text x=\"\(n(cx))\" y=\"\(n(box.y + 10))\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"\(MapStyle.text)\">N</text></g>\n"
    }

    private mutating func writeAttribution() {
        guard !drawing.attributions.isEmpty else { return }
        let box = MapDrawing.attributionBox(frame: drawing.mapFrame, attributions: drawing.attributions)
        out += "<g id=\"attribution\" font-size=\"\(n(MapDrawing.attributionFontSize))\" fill=\"\(MapStyle.text)\">"
        out +=
            "<rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" fill=\"#ffffff\" fill-opacity=\"0.8\"/>"
        let credits = SVGText.escaped(MapDrawing.attributionText(drawing.attributions))
        let text = "<text x=\"\(n(box.maxX - 4))\" y=\"\(n(box.maxY - 4))\" text-anchor=\"end\">\(credits)</text>"
        // OpenStreetMap asks that its credit say where the data's licence is: a link, in a browser.
        if drawing.attributions.contains(where: { $0.contains("OpenStreetMap") }) {
            out += "<a href=\"https://www.openstreetmap.org/copyright\">\(text)</a></g>\n"
        } else {
            out += "\(text)</g>\n"
        }
    }
}
