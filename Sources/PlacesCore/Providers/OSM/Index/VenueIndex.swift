/// A spatial index file of an extract, memory-mapped: a query reads the cells its box
/// covers, then scans from the source file only the elements whose entries pass. What it
/// reads it checks: a damaged index, or a source that no longer matches it, is a
/// `VenueIndexCorruption` (never a wrong answer or a crash).
final class VenueIndex {
    let header: VenueIndexHeader
    private let mapping: MappedBytes
    private let grid: GeoGrid

    /// Opens the index at `path`; nil when there is none. Something there that is not a
    /// regular file (a FIFO, a device) is damage: it is never opened in a way that blocks.
    init?(path: String) throws(VenueIndexCorruption) {
        do {
            mapping = try ReadOnlyFile(path: path).map()
        } catch {
            switch error {
            case .missing: return nil
            case .directory: throw VenueIndexCorruption(reason: "it is a directory, not a regular file")
            case .notRegular(let kind): throw VenueIndexCorruption(reason: "it is \(kind), not a regular file")
            case .unreadable(let reason): throw VenueIndexCorruption(reason: "it cannot be read (\(reason))")
            }
        }
        header = try VenueIndexHeader(decoding: mapping.bytes)
        grid = GeoGrid(degrees: header.cellDegrees)
        try checkCellTable()
    }

    /// The whole index file, as mapped (for rewriting it with another header).
    var fileBytes: UnsafeRawBufferPointer { mapping.bytes }

    /// The cell table in order: cell numbers rising and on the grid, first entries rising
    /// from 0 and below the entry count (so every cell has entries, and they add up). The
    /// table's checksum has been read whole already; this pass costs as little.
    private func checkCellTable() throws(VenueIndexCorruption) {
        let cellLimit = UInt64(grid.rows * grid.columns)
        var previousNumber: UInt64?, previousFirst: UInt64?
        for index in 0..<Int(header.cellCount) {
            var r = ByteReader(mapping.bytes, offset: Int(header.cellsOffset) + index * VenueIndexFormat.cellLength)
            let number = try r.u64(), first = try r.u64()
            guard number < cellLimit, previousNumber.map({ $0 < number }) ?? true,
                  previousFirst.map({ $0 < first }) ?? (first == 0), first < header.venueCount else {
                throw VenueIndexCorruption(reason: "the cell table is damaged (cell \(index))")
            }
            previousNumber = number
            previousFirst = first
        }
    }

    /// The venues `selection` selects, in source file order, from `source` (the file the
    /// header's key describes).
    func venues(_ selection: OverpassSelection, source: UnsafeRawBufferPointer) throws(VenueIndexCorruption) -> [Venue] {
        var candidates: [Entry] = []
        if let id = selection.elementID {
            try forEachEntry(inCells: 0...UInt64.max) { entry in
                if entry.kind == ScannedElement.Kind(id.type).rawValue && entry.id == id.id { candidates.append(entry) }
            }
        } else {
            for range in selection.bounds.map(grid.cellRanges(covering:)) ?? [0...UInt64.max] {
                try forEachEntry(inCells: range) { entry in
                    if let bounds = selection.bounds, !bounds.contains(latitude: entry.latitude, longitude: entry.longitude) { return }
                    if let types = selection.categoryMask, entry.mask & types == 0 { return }
                    candidates.append(entry)
                }
            }
        }
        if let nearest = selection.nearest {
            return try venues(nearest: nearest, of: candidates, radius: selection.radius, selection, source: source)
        }
        candidates.sort { $0.sourceOffset < $1.sourceOffset }
        var venues: [Venue] = []
        for candidate in candidates {
            let venue = try self.venue(candidate, source: source)
            if selection.accepts(venue) {
                venues.append(venue)
                if selection.elementID != nil { break }
            }
        }
        return venues
    }

    /// The `count` accepted venues nearest the centre (within the radius), ties in file
    /// order, as the pipeline would rank them: exact distances from the entries' positions,
    /// then elements scanned nearest first until enough are accepted.
    private func venues(nearest: (center: Coordinate, count: Int), of candidates: [Entry], radius: Double?,
                        _ selection: OverpassSelection, source: UnsafeRawBufferPointer) throws(VenueIndexCorruption) -> [Venue] {
        var ranked: [(meters: Double, entry: Entry)] = []
        ranked.reserveCapacity(candidates.count)
        for entry in candidates {
            let point = Coordinate(uncheckedLatitude: entry.latitude, longitude: entry.longitude)
            let meters = GeodesicDistance.meters(from: nearest.center, to: point)
            if let radius, !(meters <= radius) { continue }
            ranked.append((meters, entry))
        }
        ranked.sort { $0.meters != $1.meters ? $0.meters < $1.meters : $0.entry.sourceOffset < $1.entry.sourceOffset }
        var chosen: [(offset: UInt64, venue: Venue)] = []
        for (_, entry) in ranked {
            let venue = try self.venue(entry, source: source)
            guard selection.accepts(venue) else { continue }
            chosen.append((entry.sourceOffset, venue))
            if chosen.count == nearest.count { break }
        }
        return chosen.sorted { $0.offset < $1.offset }.map(\.venue)
    }

    /// The venue of an entry's element, scanned from the source; it must match the entry.
    private func venue(_ entry: Entry, source: UnsafeRawBufferPointer) throws(VenueIndexCorruption) -> Venue {
        guard entry.sourceOffset < UInt64(source.count) else {
            throw VenueIndexCorruption(reason: "an entry points past the end of the source (byte \(entry.sourceOffset))")
        }
        let scanned: Venue?
        do {
            scanned = try OverpassScanner.scanElement(at: Int(entry.sourceOffset), in: source) { element -> Venue? in
                guard element.kind.rawValue == entry.kind, element.id == entry.id, let p = element.position,
                      p.lat == entry.latitude, p.lon == entry.longitude else { return nil }
                return element.venue()
            }
        } catch {
            scanned = nil
        }
        guard let scanned else { throw VenueIndexCorruption(reason: "an entry does not match the element at byte \(entry.sourceOffset) of the source") }
        return scanned
    }

    /// One entry, as read from the file.
    struct Entry {
        var latitude: Double
        var longitude: Double
        var mask: UInt64
        var kind: UInt8
        var id: Int64
        var sourceOffset: UInt64
    }

    /// Calls `body` with every entry of the cells numbered in `range`, checking each cell
    /// and each entry: a position in range and in its cell, a known element type, a
    /// positive id, an offset inside the source.
    private func forEachEntry(inCells range: ClosedRange<UInt64>, _ body: (Entry) -> Void) throws(VenueIndexCorruption) {
        var cell = try firstCell(atLeast: range.lowerBound)
        let sourceSize = header.key.status.size
        while cell < Int(header.cellCount), try cellNumber(cell) <= range.upperBound {
            let number = try cellNumber(cell)
            let entries = try entries(ofCell: cell)
            var offset = 0
            while offset < entries.count {
                func word(_ i: Int) -> UInt64 { UInt64(littleEndian: entries.loadUnaligned(fromByteOffset: offset + 8 * i, as: UInt64.self)) }
                let maskAndKind = word(2)
                let entry = Entry(latitude: Double(bitPattern: word(0)), longitude: Double(bitPattern: word(1)),
                                  mask: maskAndKind & ~(3 << VenueIndexBuilder.kindShift), kind: UInt8(maskAndKind >> VenueIndexBuilder.kindShift),
                                  id: Int64(bitPattern: word(3)), sourceOffset: word(4))
                guard entry.latitude.isFinite, abs(entry.latitude) <= 90, entry.longitude.isFinite, abs(entry.longitude) <= 180,
                      grid.cell(latitude: entry.latitude, longitude: entry.longitude) == number,
                      entry.kind != ScannedElement.Kind.other.rawValue, entry.id > 0, entry.sourceOffset < sourceSize else {
                    throw VenueIndexCorruption(reason: "an entry of cell \(number) is out of range")
                }
                body(entry)
                offset += VenueIndexFormat.entryLength
            }
            cell += 1
        }
    }

    /// The entries of the `index`th cell, checked against the cell's checksum.
    private func entries(ofCell index: Int) throws(VenueIndexCorruption) -> UnsafeRawBufferPointer {
        var r = ByteReader(mapping.bytes, offset: Int(header.cellsOffset) + index * VenueIndexFormat.cellLength)
        let number = try r.u64()
        let first = try r.u64()
        let checksum = try r.u64()
        let next = index + 1 < Int(header.cellCount) ? try cellFirstEntry(index + 1) : header.venueCount
        guard first < next, next <= header.venueCount else { throw VenueIndexCorruption(reason: "the cell table is damaged") }
        let start = Int(header.entriesOffset) + Int(first) * VenueIndexFormat.entryLength
        let entries = UnsafeRawBufferPointer(rebasing: mapping.bytes[start..<(start + Int(next - first) * VenueIndexFormat.entryLength)])
        guard VenueIndexBuilder.cellChecksum(cell: number, first: first, entries: entries) == checksum else {
            throw VenueIndexCorruption(reason: "a cell's checksum does not match")
        }
        return entries
    }

    private func cellNumber(_ index: Int) throws(VenueIndexCorruption) -> UInt64 {
        var r = ByteReader(mapping.bytes, offset: Int(header.cellsOffset) + index * VenueIndexFormat.cellLength)
        return try r.u64()
    }

    private func cellFirstEntry(_ index: Int) throws(VenueIndexCorruption) -> UInt64 {
        var r = ByteReader(mapping.bytes, offset: Int(header.cellsOffset) + index * VenueIndexFormat.cellLength + 8)
        return try r.u64()
    }

    /// The index of the first cell whose number is at least `number` (binary search).
    private func firstCell(atLeast number: UInt64) throws(VenueIndexCorruption) -> Int {
        var low = 0, high = Int(header.cellCount)
        while low < high {
            let mid = (low + high) / 2
            if try cellNumber(mid) < number { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
