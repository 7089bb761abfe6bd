/// An eight-point compass direction (`N`, `NE`, ... `NW`) for the table's bearing column.
package enum CompassDirection: String, Sendable, CaseIterable {
    case north = "N", northEast = "NE", east = "E", southEast = "SE"
    case south = "S", southWest = "SW", west = "W", northWest = "NW"

    /// The sector containing `degrees` (clockwise from north; any finite value).
    package init(degrees: Double) {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        let index = Int((d / 45).rounded(.toNearestOrAwayFromZero)) % 8
        self = Self.allCases[index]
    }
}
