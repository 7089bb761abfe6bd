import PlacesGeodesy

/// Visits an index's non-empty cells nearest first, by a lower bound on the distance from
/// the centre to each cell (`GeodesicDistanceBounds`), and stops as soon as no cell left can
/// hold a place nearer than the one the caller must beat, or any place within the radius.
///
/// Rows of cells are opened outward from the centre's row, each when its band of latitude
/// could be nearer than the nearest cell waiting. In an open row two cursors step out from
/// the centre's column, east and west, half the globe each (so every column is covered once,
/// across the antimeridian too), jumping over empty cells by binary search in the cell table.
/// Moving away in longitude only moves away from the centre, so a cursor's next cell is the
/// nearest its row has left on that side. Near a pole every column of a row is near: they
/// are all visited, as they must be. The cost follows the cells visited, not the globe.
struct NearestCellWalk {
    let index: VenueIndex
    let center: Coordinate
    let radius: Double?

    private struct Waiting: Comparable {
        var lower: Double
        var row: Int
        /// Columns from the centre's, east (≥ 0) or west (< 0, −1 the first).
        var step: Int
        var cell: Int

        static func < (a: Waiting, b: Waiting) -> Bool { a.lower < b.lower }
    }

    /// Calls `visit` with each cell index, nearest first, while a cell can still matter:
    /// its lower bound within the radius and not above `beat()` (nil: anything can).
    func run(_ visit: (Int) throws(VenueIndexCorruption) -> Void, beat: () -> Double?) throws(VenueIndexCorruption) {
        let grid = index.grid
        let bounds = GeodesicDistanceBounds(center: center)
        let centerRow = grid.row(center.latitude), centerColumn = grid.column(center.longitude)
        let half = grid.columns / 2
        var queue = MinQueue<Waiting>()
        var north = centerRow, south = centerRow - 1

        func rowLower(_ row: Int) -> Double {
            let rect = grid.rectangle(row: row, column: 0)
            return bounds.lower(south: rect.south, north: rect.north, west: -180, east: 180)
        }
        /// The next non-empty cell of `row` at `step` or beyond (outward on that side).
        func next(row: Int, from step: Int) throws(VenueIndexCorruption) -> Waiting? {
            let base = UInt64(row * grid.columns)
            if step >= 0 {
                // East: columns centre + step ..< centre + half, wrapping past the last column.
                var lo = centerColumn + step
                let end = centerColumn + half
                while lo < end {
                    let first = lo % grid.columns
                    let last = min(end, lo - first + grid.columns) - 1 - (lo - first)
                    let cell = try index.firstCell(atLeast: base + UInt64(first))
                    if cell < index.cellCount {
                        let number = try index.cellNumber(cell)
                        if number <= base + UInt64(last) {
                            let column = Int(number - base)
                            return waiting(
                                row: row, column: column, step: (column - centerColumn + grid.columns) % grid.columns, cell: cell)
                        }
                    }
                    lo += last - first + 1
                }
                return nil
            }
            // West: columns centre − 1 down to centre − half, wrapping below column 0.
            var hi = centerColumn + step
            let end = centerColumn - half
            while hi >= end {
                let wrapped = ((hi % grid.columns) + grid.columns) % grid.columns
                let low = max(end, hi - wrapped)
                let firstColumn = wrapped - (hi - low)
                // The last non-empty cell numbered at most base + wrapped.
                let after = try index.firstCell(atLeast: base + UInt64(wrapped) + 1)
                if after > 0 {
                    let number = try index.cellNumber(after - 1)
                    if number >= base + UInt64(firstColumn) {
                        let column = Int(number - base)
                        return waiting(
                            row: row, column: column, step: -((centerColumn - column + grid.columns) % grid.columns), cell: after - 1)
                    }
                }
                hi = low - 1
            }
            return nil
        }
        func waiting(row: Int, column: Int, step: Int, cell: Int) -> Waiting {
            let rect = grid.rectangle(row: row, column: column)
            return Waiting(
                lower: bounds.lower(south: rect.south, north: rect.north, west: rect.west, east: rect.east), row: row, step: step,
                cell: cell)
        }
        func open(_ row: Int) throws(VenueIndexCorruption) {
            if let east = try next(row: row, from: 0) { queue.push(east) }
            if let west = try next(row: row, from: -1) { queue.push(west) }
        }

        while true {
            // Open rows while one could be nearer than every cell waiting.
            while true {
                let northLower = north < grid.rows ? rowLower(north) : .infinity
                let southLower = south >= 0 ? rowLower(south) : .infinity
                let nearer = min(northLower, southLower)
                guard nearer.isFinite, nearer <= (queue.min?.lower ?? .infinity), radius.map({ nearer <= $0 }) ?? true else { break }
                if northLower <= southLower {
                    try open(north)
                    north += 1
                } else {
                    try open(south)
                    south -= 1
                }
            }
            guard let cell = queue.pop() else { return }
            if let radius, cell.lower > radius { return }
            if let beat = beat(), cell.lower > beat { return }
            try visit(cell.cell)
            let step = cell.step >= 0 ? cell.step + 1 : cell.step - 1
            if let following = try next(row: cell.row, from: step) { queue.push(following) }
        }
    }
}

/// A binary min-heap: the smallest first.
struct MinQueue<Element: Comparable> {
    private var items: [Element] = []

    var min: Element? { items.first }

    mutating func push(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { return }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Element? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count, items[left] < items[smallest] { smallest = left }
                if right < items.count, items[right] < items[smallest] { smallest = right }
                guard smallest != parent else { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
