/// Answers a selection from the source file itself, in one pass of the scanner (two
/// threads on a large file), and feeds every venue to an index builder on the way when
/// one is given.
enum OverpassExtractScan {
    static func venues(_ selection: OverpassSelection, in text: UnsafeRawBufferPointer, release: ((Range<Int>) -> Void)? = nil,
                       indexing builder: VenueIndexBuilder? = nil,
                       parallelFrom minimumBytes: Int = OverpassParallelScan.minimumBytes) throws(JSONScanError) -> (venues: [Venue], summary: OverpassScanner.Summary) {
        let parts = [Part(selection, builder?.part(0)), Part(selection, builder?.part(1))]
        let (summary, usedSecond) = try OverpassParallelScan.scan(text, release: release, minimumBytes: minimumBytes,
                                                                  first: parts[0].take, second: parts[1].take)
        if !usedSecond { builder?.part(1).removeAll() }
        var venues = parts[0].venues + (usedSecond ? parts[1].venues : [])
        if selection.elementID != nil { venues = Array(venues.prefix(1)) }
        return (venues, summary)
    }

    /// What one thread's share of the elements selects and indexes.
    private final class Part {
        let selection: OverpassSelection
        let entries: VenueIndexBuilder.Part?
        let categories = OSMCategoryMask.tables
        var venues: [Venue] = []

        init(_ selection: OverpassSelection, _ entries: VenueIndexBuilder.Part?) {
            self.selection = selection
            self.entries = entries
        }

        func take(_ element: borrowing ScannedElement) {
            guard element.makesVenue else { return }
            let mask = categories.of(element)
            entries?.add(element, mask: mask)
            if selection.elementID != nil && !venues.isEmpty { return }
            guard selection.mayAccept(element, mask: mask), let venue = element.venue(), selection.accepts(venue) else { return }
            venues.append(venue)
        }
    }
}
