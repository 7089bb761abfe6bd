import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// A spatial index file of an extract, memory-mapped: a query reads the cells it needs (the
/// nearest first, for an answer ranked by distance), judges their entries (`PlaceJudge`),
/// and scans from the source file only the elements it keeps. What it reads it checks: a
/// damaged index, or a source that no longer matches it, is a `VenueIndexCorruption` (never
/// a wrong answer or a crash).
///
/// Shared between threads (a stream's queries, `OpenedExtractIndex`): the mapping is read
/// only, and the cells found whole are marked under a lock.
final class VenueIndex: @unchecked Sendable {
    let header: VenueIndexHeader
    private let mapping: MappedBytes
    let grid: GeoGrid
    /// A bit a cell: its checksum matched. An index file is written once and renamed into
    /// place, so a cell that checked out reads the same for as long as it is mapped: many
    /// queries of one opened index (a stream) sum each cell once.
    private var checkedCells: [UInt64] = []
    private let checkedLock = NSLock()

    /// Opens the index at `path`; nil when there is none, or when another version of places
    /// wrote it (it is rebuilt, silently). Something there that is not a regular file (a
    /// FIFO, a device) is damage: it is never opened in a way that blocks.
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
        do {
            header = try VenueIndexHeader(decoding: mapping.bytes)
        } catch  where error == .otherVersion {
            return nil
        }
        grid = GeoGrid(degrees: header.cellDegrees)
        try checkCellTable()
        checkedCells = Array(repeating: 0, count: (cellCount + 63) / 64)
    }

    /// The whole index file, as mapped (for rewriting it with another header).
    var fileBytes: UnsafeRawBufferPointer { mapping.bytes }

    var cellCount: Int { Int(header.cellCount) }

    /// The cell table in order: cell numbers rising and on the grid, first entries rising
    /// from 0 and below the entry count (so every cell has entries, and they add up). The
    /// table's checksum has been read whole already; this pass costs as little.
    private func checkCellTable() throws(VenueIndexCorruption) {
        let cellLimit = UInt64(grid.rows * grid.columns)
        var previousNumber: UInt64?, previousFirst: UInt64?
        for index in 0..<cellCount {
            var r = ByteReader(mapping.bytes, offset: Int(header.cellsOffset) + index * VenueIndexFormat.cellLength)
            let number = try r.u64(), first = try r.u64()
            guard number < cellLimit, previousNumber.map({ $0 < number }) ?? true,
                previousFirst.map({ $0 < first }) ?? (first == 0), first < header.venueCount
            else {
                throw VenueIndexCorruption(reason: "the cell table is damaged (cell \(index))")
            }
            previousNumber = number
            previousFirst = first
        }
    }

    // MARK: Selecting

    /// Offers `judge` the places `selection` can use, reading as few cells as the order
    /// allows, and returns the venues it kept, best first, read from `source` (the file the
    /// header's key describes).
    func select(_ judge: inout PlaceJudge, source: UnsafeRawBufferPointer) throws(VenueIndexCorruption) -> [Venue] {
        let places = try select(&judge) { place throws(VenueIndexCorruption) in try venue(place, source: source) }
        var venues: [Venue] = []
        for place in places {
            venues.append(try venue(place, source: source))
        }
        return venues
    }

    /// Makes the venue of an entry's place from the source, or says the entry does not match it.
    typealias VenueReader = (RankedPlace) throws(VenueIndexCorruption) -> Venue

    /// The same walk for any source: returns the places `judge` kept, best first; `venueOf`
    /// makes a place's venue when a test needs it (from either thread of a walk that reads
    /// every cell).
    func select(_ judge: inout PlaceJudge, venueOf: VenueReader) throws(VenueIndexCorruption) -> [RankedPlace] {
        let selection = judge.selection
        func visit(_ cell: Int) throws(VenueIndexCorruption) {
            try judgeCell(cell, &judge, venueOf: venueOf)
        }
        if selection.elementID != nil {
            for cell in 0..<cellCount { try visit(cell) }
        } else if let corridor = selection.corridor {
            try walk(corridor, order: selection.order, visit) { judge.collector.threshold?.meters }
        } else if let center = selection.center, selection.ranksByDistance {
            try NearestCellWalk(index: self, center: center, radius: selection.radius).run(visit) { judge.distanceToBeat }
        } else if let bounds = selection.bounds {
            for range in grid.cellRanges(covering: bounds) {
                var cell = try firstCell(atLeast: range.lowerBound)
                while cell < cellCount, try cellNumber(cell) <= range.upperBound {
                    try visit(cell)
                    cell += 1
                }
            }
        } else {
            try judgeAllCells(&judge, venueOf: venueOf)
        }
        return judge.collector.ranked()
    }

    /// The cells near a route, piece by piece along it, each once. Places met in order along
    /// the route: once the last place kept is met before the next piece starts, no place
    /// left can be kept (a place's nearest point on the route lies in a piece whose box holds
    /// it, so every place met before a piece's end has been offered once that piece is done).
    private func walk(
        _ corridor: RouteCorridor, order: OverpassSelection.Order, _ visit: (Int) throws(VenueIndexCorruption) -> Void,
        threshold: () -> Double?
    ) throws(VenueIndexCorruption) {
        var visited = Set<Int>()
        for piece in corridor.pieces {
            if order == .along, let beat = threshold(), beat < piece.startAlong { return }
            for range in grid.cellRanges(covering: piece.box) {
                var cell = try firstCell(atLeast: range.lowerBound)
                while cell < cellCount, try cellNumber(cell) <= range.upperBound {
                    if visited.insert(cell).inserted { try visit(cell) }
                    cell += 1
                }
            }
        }
    }

    /// Offers `judge` every entry of one cell. Without texts in the index, a text test
    /// reads the venue (the provider rebuilds an index without texts before a text search;
    /// `--filter` alone makes do).
    private func judgeCell(_ cell: Int, _ judge: inout PlaceJudge, venueOf: VenueReader) throws(VenueIndexCorruption) {
        let readsText = judge.readsText && header.hasTexts
        try forEachEntry(ofCell: cell) { entry, text throws(VenueIndexCorruption) in
            var record: OSMSearchText.Record?
            if readsText {
                guard let read = OSMSearchText.Record(text) else { throw VenueIndexCorruption(reason: "the text of an entry is damaged") }
                record = read
            }
            if let pending = judge.offer(entry.candidate, record: record) {
                judge.decide(pending, venue: try venueOf(entry.place))
            }
        }
    }

    /// Every cell, on two threads when there are many (a search without a location reads
    /// them all): each half has its own copy of the judge, and the second's is merged in.
    private func judgeAllCells(_ judge: inout PlaceJudge, venueOf: VenueReader) throws(VenueIndexCorruption) {
        guard cellCount >= Self.parallelCells, ProcessInfo.processInfo.activeProcessorCount > 1 else {
            for cell in 0..<cellCount { try judgeCell(cell, &judge, venueOf: venueOf) }
            return
        }
        try withoutActuallyEscaping(venueOf) { venueOf throws(VenueIndexCorruption) in
            let half = SecondHalf(index: self, judge: judge, cells: (cellCount / 2)..<cellCount, venueOf: venueOf)
            let thread = Thread { half.run() }
            thread.stackSize = 1 << 20
            thread.start()
            var failure: VenueIndexCorruption?
            do throws(VenueIndexCorruption) {
                for cell in 0..<(cellCount / 2) { try judgeCell(cell, &judge, venueOf: venueOf) }
            } catch {
                failure = error
            }
            half.finished.wait()
            half.venueOf = nil
            if let failure { throw failure }
            if let failure = half.failure { throw failure }
            judge.merge(half.judge)
        }
    }

    /// Below this many cells, one thread is quicker than starting a second.
    static let parallelCells = 4096

    /// The second thread's half of the cells. Only that thread touches it until `finished`.
    private final class SecondHalf: @unchecked Sendable {
        let index: VenueIndex
        var judge: PlaceJudge
        let cells: Range<Int>
        var venueOf: VenueReader?
        var failure: VenueIndexCorruption?
        let finished = DispatchSemaphore(value: 0)

        init(index: VenueIndex, judge: PlaceJudge, cells: Range<Int>, venueOf: @escaping VenueReader) {
            self.index = index
            self.judge = judge
            self.cells = cells
            self.venueOf = venueOf
        }

        func run() {
            do throws(VenueIndexCorruption) {
                guard let venueOf else { throw VenueIndexCorruption(reason: "the walk was abandoned") }
                for cell in cells { try index.judgeCell(cell, &judge, venueOf: venueOf) }
            } catch {
                failure = error
            }
            finished.signal()
        }
    }

    /// The venue of a kept place's element, scanned from the source; it must be the element
    /// the entry describes, where it describes it (or, when its position was worked out from
    /// its members, have none of its own).
    func venue(_ place: RankedPlace, source: UnsafeRawBufferPointer) throws(VenueIndexCorruption) -> Venue {
        guard place.offset < UInt64(source.count) else {
            throw VenueIndexCorruption(reason: "an entry points past the end of the source (byte \(place.offset))")
        }
        let scanned: Venue?
        do {
            scanned = try OverpassScanner.scanElement(at: Int(place.offset), in: source) { element -> Venue? in
                guard element.kind.rawValue == place.kind, element.id == place.id else { return nil }
                if place.derived {
                    guard element.position == nil, element.isNamedPlace else { return nil }
                    return element.venue(placedAt: (place.latitude, place.longitude))
                }
                guard let p = element.position, p.lat == place.latitude, p.lon == place.longitude else { return nil }
                return element.venue()
            }
        } catch {
            scanned = nil
        }
        guard let scanned else {
            throw VenueIndexCorruption(reason: "an entry does not match the element at byte \(place.offset) of the source")
        }
        return scanned
    }

    // MARK: Counting

    /// How many places of the selected types lie in the selection's circle (or anywhere),
    /// from the cell table where a cell is wholly inside, entry by entry at the edge; nil
    /// when the selection tests more than types and distance, or a type cannot be told
    /// from an entry (then counting would mean building venues).
    func count(_ selection: OverpassSelection) throws(VenueIndexCorruption) -> Int? {
        guard selection.text == nil, selection.nameFilter == nil, !selection.openNow, selection.onlyElements == nil,
            selection.elementID == nil, selection.corridor == nil
        else { return nil }
        let wanted = selection.categoryMask
        var total = 0
        var undecidable = false
        func countEntries(ofCell cell: Int, _ inside: (Entry) -> Bool) throws(VenueIndexCorruption) {
            try forEachEntry(ofCell: cell) { entry, _ in
                if let wanted {
                    if entry.mask == OSMCategoryMask.unknown { undecidable = true }
                    if entry.mask & wanted == 0 { return }
                }
                if inside(entry) { total += 1 }
            }
        }
        guard let center = selection.center, let radius = selection.radius, let bounds = selection.bounds else {
            if wanted == nil { return Int(header.venueCount) }
            for cell in 0..<cellCount { try countEntries(ofCell: cell) { _ in true } }
            return undecidable ? nil : total
        }
        let distances = GeodesicDistanceBounds(center: center)
        for range in grid.cellRanges(covering: bounds) {
            var cell = try firstCell(atLeast: range.lowerBound)
            while cell < cellCount, try cellNumber(cell) <= range.upperBound {
                let rect = grid.rectangle(ofCell: try cellNumber(cell))
                if distances.lower(south: rect.south, north: rect.north, west: rect.west, east: rect.east) <= radius {
                    if wanted == nil, distances.upper(south: rect.south, north: rect.north, west: rect.west, east: rect.east) <= radius {
                        total += Int(try entryCount(ofCell: cell))
                    } else {
                        try countEntries(ofCell: cell) { entry in
                            let (lower, upper) = distances.bounds(latitude: entry.latitude, longitude: entry.longitude)
                            if lower > radius { return false }
                            if upper <= radius { return true }
                            return GeodesicDistance.meters(
                                from: center, to: Coordinate(uncheckedLatitude: entry.latitude, longitude: entry.longitude)) <= radius
                        }
                    }
                }
                cell += 1
            }
        }
        return undecidable ? nil : total
    }

    // MARK: Entries

    /// One entry, as read from the file.
    struct Entry {
        var latitude: Double
        var longitude: Double
        /// Category bits; `OSMCategoryMask.unknown` when the entry could not tell them.
        var mask: UInt64
        var flags: UInt64
        var kind: UInt8
        var id: Int64
        var sourceOffset: UInt64

        var candidate: PlaceJudge.Candidate {
            PlaceJudge.Candidate(
                kind: kind, id: id, latitude: latitude, longitude: longitude, mask: mask,
                hasOpeningHours: flags & VenueIndexFormat.openingHoursFlag != 0, offset: sourceOffset,
                derived: flags & VenueIndexFormat.derivedFlag != 0)
        }

        var place: RankedPlace {
            RankedPlace(
                key: RankKey(tier: 0, meters: 0, offset: sourceOffset, element: OSMElementKey(kind: kind, id: id)), latitude: latitude,
                longitude: longitude, derived: flags & VenueIndexFormat.derivedFlag != 0)
        }
    }

    /// Calls `body` with every entry of the `index`th cell and its text, checking the cell
    /// (its checksum covers its entries and their texts) and each entry: a position in range
    /// and in its cell, known bits, a known element type, a positive id, an offset inside the
    /// source, a text inside the cell's.
    func forEachEntry(
        ofCell index: Int, _ body: (Entry, UnsafeRawBufferPointer) throws(VenueIndexCorruption) -> Void
    ) throws(VenueIndexCorruption) {
        guard index >= 0, index < cellCount else { throw VenueIndexCorruption(reason: "no cell \(index) in the cell table") }
        var r = ByteReader(mapping.bytes, offset: Int(header.cellsOffset) + index * VenueIndexFormat.cellLength)
        let number = try r.u64()
        let first = try r.u64()
        let checksum = try r.u64()
        let next = index + 1 < cellCount ? try cellFirstEntry(index + 1) : header.venueCount
        guard first < next, next <= header.venueCount else { throw VenueIndexCorruption(reason: "the cell table is damaged") }
        let start = Int(header.entriesOffset) + Int(first) * VenueIndexFormat.entryLength
        let entries = UnsafeRawBufferPointer(rebasing: mapping.bytes[start..<(start + Int(next - first) * VenueIndexFormat.entryLength)])
        func word(_ entry: Int, _ i: Int) -> UInt64 {
            UInt64(littleEndian: entries.loadUnaligned(fromByteOffset: entry * VenueIndexFormat.entryLength + 8 * i, as: UInt64.self))
        }
        let count = entries.count / VenueIndexFormat.entryLength
        let textStart = Int(word(0, 5) & 0xFFFF_FFFF)
        let lastText = word(count - 1, 5)
        let textEnd = Int(lastText & 0xFFFF_FFFF) + Int(lastText >> 32)
        guard textStart <= textEnd, textEnd <= Int(header.textLength) else {
            throw VenueIndexCorruption(reason: "a cell's texts are out of range")
        }
        let texts = UnsafeRawBufferPointer(
            rebasing: mapping.bytes[(Int(header.textOffset) + textStart)..<(Int(header.textOffset) + textEnd)])
        func text(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
            // Inside the cell's texts (a damaged entry's text is cut to them; its checksum fails).
            let from = min(max(offset - textStart, 0), texts.count)
            return UnsafeRawBufferPointer(rebasing: texts[from..<min(from + length, texts.count)])
        }
        let bit: UInt64 = 1 << UInt64(index % 64)
        if !checkedLock.withLock({ checkedCells[index / 64] & bit != 0 }) {
            let sum = VenueIndexBuilder.cellChecksum(cell: number, first: first, entries: entries) {
                text(Int($0.textOffset), Int($0.textLength))
            }
            guard sum == checksum else {
                throw VenueIndexCorruption(reason: "a cell's checksum does not match")
            }
            checkedLock.withLock { checkedCells[index / 64] |= bit }
        }
        let sourceSize = header.key.status.size
        for i in 0..<count {
            let bits = word(i, 2)
            let categories = bits & VenueIndexFormat.categoryBits
            let entry = Entry(
                latitude: Double(bitPattern: word(i, 0)), longitude: Double(bitPattern: word(i, 1)),
                mask: categories == VenueIndexFormat.categoryBits ? OSMCategoryMask.unknown : categories,
                flags: bits & VenueIndexFormat.flagBits, kind: UInt8(bits >> VenueIndexFormat.kindShift),
                id: Int64(bitPattern: word(i, 3)), sourceOffset: word(i, 4))
            let textWord = word(i, 5)
            let textOffset = Int(textWord & 0xFFFF_FFFF), textLength = Int(textWord >> 32)
            guard entry.latitude.isFinite, abs(entry.latitude) <= 90, entry.longitude.isFinite, abs(entry.longitude) <= 180,
                grid.cell(latitude: entry.latitude, longitude: entry.longitude) == number,
                bits & ~(VenueIndexFormat.categoryBits | VenueIndexFormat.flagBits | 3 << VenueIndexFormat.kindShift) == 0,
                entry.kind != ScannedElement.Kind.other.rawValue, entry.id > 0, entry.sourceOffset < sourceSize,
                textOffset >= textStart, textOffset + textLength <= textEnd
            else {
                throw VenueIndexCorruption(reason: "an entry of cell \(number) is out of range")
            }
            try body(entry, text(textOffset, textLength))
        }
    }

    /// The entry numbered `number` in file order (cell by cell), checked as `forEachEntry`
    /// checks each entry but without its cell's checksum: what a caller makes of it must be
    /// confirmed against the source (the element there must be the entry's).
    func entry(at number: UInt32) throws(VenueIndexCorruption) -> Entry {
        guard UInt64(number) < header.venueCount else { throw VenueIndexCorruption(reason: "an entry number is out of range") }
        let start = Int(header.entriesOffset) + Int(number) * VenueIndexFormat.entryLength
        func word(_ i: Int) -> UInt64 { UInt64(littleEndian: mapping.bytes.loadUnaligned(fromByteOffset: start + 8 * i, as: UInt64.self)) }
        let bits = word(2)
        let categories = bits & VenueIndexFormat.categoryBits
        let entry = Entry(
            latitude: Double(bitPattern: word(0)), longitude: Double(bitPattern: word(1)),
            mask: categories == VenueIndexFormat.categoryBits ? OSMCategoryMask.unknown : categories,
            flags: bits & VenueIndexFormat.flagBits, kind: UInt8(bits >> VenueIndexFormat.kindShift),
            id: Int64(bitPattern: word(3)), sourceOffset: word(4))
        guard entry.latitude.isFinite, abs(entry.latitude) <= 90, entry.longitude.isFinite, abs(entry.longitude) <= 180,
            bits & ~(VenueIndexFormat.categoryBits | VenueIndexFormat.flagBits | 3 << VenueIndexFormat.kindShift) == 0,
            entry.kind != ScannedElement.Kind.other.rawValue, entry.id > 0, entry.sourceOffset < header.key.status.size
        else {
            throw VenueIndexCorruption(reason: "entry \(number) is out of range")
        }
        return entry
    }

    /// How many entries the `index`th cell has, from the cell table alone.
    private func entryCount(ofCell index: Int) throws(VenueIndexCorruption) -> UInt64 {
        let first = try cellFirstEntry(index)
        let next = index + 1 < cellCount ? try cellFirstEntry(index + 1) : header.venueCount
        guard first < next, next <= header.venueCount else { throw VenueIndexCorruption(reason: "the cell table is damaged") }
        return next - first
    }

    func cellNumber(_ index: Int) throws(VenueIndexCorruption) -> UInt64 {
        var r = ByteReader(mapping.bytes, offset: Int(header.cellsOffset) + index * VenueIndexFormat.cellLength)
        return try r.u64()
    }

    private func cellFirstEntry(_ index: Int) throws(VenueIndexCorruption) -> UInt64 {
        var r = ByteReader(mapping.bytes, offset: Int(header.cellsOffset) + index * VenueIndexFormat.cellLength + 8)
        return try r.u64()
    }

    /// The index of the first cell whose number is at least `number` (binary search).
    func firstCell(atLeast number: UInt64) throws(VenueIndexCorruption) -> Int {
        var low = 0, high = cellCount
        while low < high {
            let mid = (low + high) / 2
            if try cellNumber(mid) < number { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
