import Foundation
import PlacesGeodesy

/// Links that open a trip's directions in a maps app or site. They carry only the two
/// coordinates and the mode: never a key.
package enum DirectionsLinks {
    /// Google Maps URLs (`api=1`): works in a browser and opens the app on phones.
    package static func googleMaps(from: Coordinate, to: Coordinate, mode: TravelMode) -> String {
        let travelmode: String
        switch mode {
        case .walk: travelmode = "walking"
        case .bike: travelmode = "bicycling"
        case .drive: travelmode = "driving"
        case .transit: travelmode = "transit"
        }
        return "https://www.google.com/maps/dir/?api=1&origin=\(text(from))&destination=\(text(to))&travelmode=\(travelmode)"
    }

    /// Apple Maps map links (`saddr`, `daddr`, `dirflg` d/w/r). Cycling has no `dirflg`
    /// value in Apple's map-links reference, so a bike trip opens in the user's default mode.
    package static func appleMaps(from: Coordinate, to: Coordinate, mode: TravelMode) -> String {
        let base = "https://maps.apple.com/?saddr=\(text(from))&daddr=\(text(to))"
        switch mode {
        case .walk: return base + "&dirflg=w"
        case .drive: return base + "&dirflg=d"
        case .transit: return base + "&dirflg=r"
        case .bike: return base
        }
    }

    /// openstreetmap.org directions with the FOSSGIS OSRM engine for the mode; OSM has no
    /// transit engine, so a transit trip opens with the site's default.
    package static func openStreetMap(from: Coordinate, to: Coordinate, mode: TravelMode) -> String {
        let route = "route=\(text(from))%3B\(text(to))"
        switch mode {
        case .walk: return "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&" + route
        case .bike: return "https://www.openstreetmap.org/directions?engine=fossgis_osrm_bike&" + route
        case .drive: return "https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&" + route
        case .transit: return "https://www.openstreetmap.org/directions?" + route
        }
    }

    /// `LAT,LON` in plain decimals (never `1e-05`), at most 7 decimals (about 1 cm).
    static func text(_ c: Coordinate) -> String {
        "\(DecimalText.plain(c.latitude, maxFractionDigits: 7)),\(DecimalText.plain(c.longitude, maxFractionDigits: 7))"
    }
}

/// Decimal numbers for URLs, which must not use exponent notation.
package enum DecimalText {
    /// `24.9384`, `-0.00001`, `0`: fixed notation, trailing zeros removed.
    package static func plain(_ value: Double, maxFractionDigits: Int) -> String {
        var text = String(format: "%.\(maxFractionDigits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return text
    }
}
