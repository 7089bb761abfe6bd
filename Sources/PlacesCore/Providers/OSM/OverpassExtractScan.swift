/// Answers a selection from the source file itself, in one pass of the scanner, and
/// feeds every venue to an index builder on the way when one is given.
enum OverpassExtractScan {
    static func venues(_ selection: OverpassSelection, in text: UnsafeRawBufferPointer, release: ((Int) -> Void)? = nil,
                       indexing builder: VenueIndexBuilder? = nil) throws(JSONScanError) -> (venues: [Venue], summary: OverpassScanner.Summary) {
        var venues: [Venue] = []
        let wantsOne = selection.elementID != nil
        let summary = try OverpassScanner.scan(text, release: release) { element in
            guard element.makesVenue else { return }
            let mask = OSMCategoryMask.of(element)
            builder?.add(element, mask: mask)
            if wantsOne && !venues.isEmpty { return }
            guard selection.mayAccept(element, mask: mask), let venue = element.venue(), selection.accepts(venue) else { return }
            venues.append(venue)
        }
        return (venues, summary)
    }
}
