import PlacesSupport

/// Where each marker's name goes: beside it, in the first of a few positions (right, left,
/// above, below, the corners) where it stays inside the map and covers no marker, no other
/// label and nothing kept clear (the scale bar, the credits). Markers are served in row
/// order, so the first rows get the best places; a name that fits nowhere is left out (the
/// marker's number still shows it).
struct LabelPlacer {
    /// The rectangle labels must stay inside.
    let bounds: PixelRect
    /// What no label may cover: markers, pins, the map's furniture, labels placed so far.
    private(set) var taken: [PixelRect]

    static let fontSize = 12.0
    /// An upper bound on a sans-serif character's advance, as a share of the font size (no
    /// font metrics here): a label may be given more room than it needs, never less.
    static let advance = 0.62
    /// Longest name a label shows, in characters (the legend and tooltip show it whole).
    static let longestName = 28

    init(bounds: PixelRect, obstacles: [PixelRect]) {
        self.bounds = bounds
        taken = obstacles
    }

    /// The label's text (cut to `longestName`) and the box it needs with its top left at 0,0.
    static func measure(_ name: String) -> (text: String, width: Double, height: Double) {
        let text = name.count > longestName ? String(name.prefix(longestName - 1)) + "…" : name
        let width = Double(TerminalText.displayWidth(text)) * fontSize * advance + 4
        return (text, width, fontSize + 4)
    }

    /// Places a label of `size` beside a marker of `radius` at `point`: its box, or nil when
    /// it fits nowhere. A placed label is taken from then on.
    mutating func place(width: Double, height: Double, beside point: PixelPoint, radius: Double) -> PixelRect? {
        let gap = radius + 2
        let candidates = [
            PixelRect(x: point.x + gap, y: point.y - height / 2, width: width, height: height),
            PixelRect(x: point.x - gap - width, y: point.y - height / 2, width: width, height: height),
            PixelRect(x: point.x - width / 2, y: point.y - gap - height, width: width, height: height),
            PixelRect(x: point.x - width / 2, y: point.y + gap, width: width, height: height),
            PixelRect(x: point.x + gap * 0.7, y: point.y - gap * 0.7 - height, width: width, height: height),
            PixelRect(x: point.x + gap * 0.7, y: point.y + gap * 0.7, width: width, height: height),
            PixelRect(x: point.x - gap * 0.7 - width, y: point.y - gap * 0.7 - height, width: width, height: height),
            PixelRect(x: point.x - gap * 0.7 - width, y: point.y + gap * 0.7, width: width, height: height),
        ]
        for box in candidates where bounds.contains(box) && !taken.contains(where: { $0.intersects(box) }) {
            taken.append(box)
            return box
        }
        return nil
    }
}
