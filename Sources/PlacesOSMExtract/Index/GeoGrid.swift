import PlacesGeodesy

/// Square cells of `degrees` on a side over the whole globe, numbered row by row from
/// (-90, -180): where the spatial index files each venue, and which cells a query reads.
struct GeoGrid: Sendable {
    let degrees: Double
    let rows: Int
    let columns: Int

    package init(degrees: Double) {
        self.degrees = degrees
        rows = Int((180 / degrees).rounded(.up))
        columns = Int((360 / degrees).rounded(.up))
    }

    /// Bits a cell number needs.
    var cellBits: Int { 64 - UInt64(rows * columns - 1).leadingZeroBitCount }

    @inline(__always) func row(_ latitude: Double) -> Int {
        min(max(Int(((latitude + 90) / degrees).rounded(.down)), 0), rows - 1)
    }

    @inline(__always) func column(_ longitude: Double) -> Int {
        min(max(Int(((longitude + 180) / degrees).rounded(.down)), 0), columns - 1)
    }

    @inline(__always) func cell(latitude: Double, longitude: Double) -> UInt64 {
        UInt64(row(latitude) * columns + column(longitude))
    }

    /// Ranges of cell numbers that together hold every point of `bounds`: one per row and
    /// longitude range. (Row and column are monotonic in the coordinate, so a point in the
    /// box never falls in a cell outside these.)
    func cellRanges(covering bounds: GeodesicBounds) -> [ClosedRange<UInt64>] {
        let columnRanges = bounds.longitudeRanges.map { column($0.lowerBound)...column($0.upperBound) }
        var ranges: [ClosedRange<UInt64>] = []
        for r in row(bounds.minLatitude)...row(bounds.maxLatitude) {
            for c in columnRanges {
                ranges.append(UInt64(r * columns + c.lowerBound)...UInt64(r * columns + c.upperBound))
            }
        }
        return ranges
    }

    /// A margin that covers rounding in `row` and `column`: a point is never farther than
    /// this outside the rectangle of the cell it is filed in.
    static let edgeMargin = 1e-9

    /// The latitudes and longitudes a cell covers, widened by `edgeMargin`.
    func rectangle(ofCell number: UInt64) -> (south: Double, north: Double, west: Double, east: Double) {
        let row = Int(number) / columns, column = Int(number) % columns
        return rectangle(row: row, column: column)
    }

    func rectangle(row: Int, column: Int) -> (south: Double, north: Double, west: Double, east: Double) {
        let south = -90 + Double(row) * degrees, west = -180 + Double(column) * degrees
        return (
            max(-90, south - Self.edgeMargin), min(90, south + degrees + Self.edgeMargin),
            west - Self.edgeMargin, west + degrees + Self.edgeMargin
        )
    }
}
