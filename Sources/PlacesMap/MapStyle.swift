import PlacesModel

/// How each part of the map is painted: colours after OpenStreetMap's standard style (so the
/// map reads as a street map at a glance), widths falling with a street's class.
enum MapStyle {
    static let land = "#f2efe9"
    static let blank = "#fbfbf8"
    static let graticule = "#d9d9d9"
    static let marker = "#c62828"
    static let pin = "#1f5fbf"
    static let route = "#1f5fbf"
    static let text = "#222222"
    static let quiet = "#555555"

    /// A line's stroke (its colour and width in pixels, and a darker casing drawn under it
    /// when it has one); an area's fill.
    struct Paint {
        var colour: String
        var width: Double
        var casing: String?
        var dashed = false
    }

    static func paint(_ kind: MapFeature.Kind) -> Paint {
        switch kind {
        case .water: return Paint(colour: "#aad3df", width: 0)
        case .park: return Paint(colour: "#c8facc", width: 0)
        case .coastline: return Paint(colour: "#7fb6c9", width: 1.2)
        case .waterway: return Paint(colour: "#aad3df", width: 2)
        case .railway: return Paint(colour: "#8a8a8a", width: 1.4, dashed: true)
        case .path: return Paint(colour: "#e2847a", width: 0.8, dashed: true)
        case .service: return Paint(colour: "#ffffff", width: 1.6, casing: "#cfc8bd")
        case .minor: return Paint(colour: "#ffffff", width: 2.6, casing: "#c4bcb0")
        case .tertiary: return Paint(colour: "#ffffff", width: 3.4, casing: "#b8b0a4")
        case .secondary: return Paint(colour: "#f7fabf", width: 4, casing: "#a8a88a")
        case .primary: return Paint(colour: "#fcd6a4", width: 4.6, casing: "#a88a66")
        case .trunk: return Paint(colour: "#f9b29c", width: 5, casing: "#b0705e")
        case .motorway: return Paint(colour: "#e892a2", width: 5.4, casing: "#b05064")
        }
    }

    /// The name a class has in the SVG (`class="street minor"`), for styling and for tests.
    static func name(_ kind: MapFeature.Kind) -> String {
        switch kind {
        case .water: return "water"
        case .park: return "park"
        case .coastline: return "coastline"
        case .waterway: return "waterway"
        case .railway: return "railway"
        case .path: return "path"
        case .service: return "service"
        case .minor: return "minor"
        case .tertiary: return "tertiary"
        case .secondary: return "secondary"
        case .primary: return "primary"
        case .trunk: return "trunk"
        case .motorway: return "motorway"
        }
    }
}

/// The lengths a map's guides take: a scale bar of a round length, graticule lines at a
/// round step.
enum MapGuides {
    /// The longest round length (1, 2 or 5 times a power of ten metres) at most `meters`.
    static func roundLength(atMost meters: Double) -> Double {
        guard meters.isFinite, meters >= 1 else { return 1 }
        var unit = 1.0
        while unit * 10 <= meters { unit *= 10 }
        for factor in [5.0, 2.0] where unit * factor <= meters { return unit * factor }
        return unit
    }

    /// A scale bar's words: `500 m`, `2 km`.
    static func lengthText(_ meters: Double) -> String {
        meters >= 1000 ? "\(Int((meters / 1000).rounded())) km" : "\(Int(meters.rounded())) m"
    }

    /// The graticule's step in degrees: the round step that draws at least `lines` lines
    /// across `span` degrees.
    static func graticuleStep(span: Double, lines: Double = 4) -> Double {
        let steps = [0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 45, 90]
        return steps.last { span / $0 >= lines } ?? steps[0]
    }
}
