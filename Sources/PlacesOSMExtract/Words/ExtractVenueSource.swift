import PlacesModel

/// The venues of an index's entries, read from the source the index describes: JSON
/// elements where their entries say they are, PBF places from the venue records kept
/// beside the index (else from their blocks). An element that is not the entry's is damage.
struct ExtractVenueSource {
    let index: VenueIndex
    let source: UnsafeRawBufferPointer
    let format: ExtractFileFormat
    let indexPath: String

    init(index: VenueIndex, source: UnsafeRawBufferPointer, format: ExtractFileFormat, indexPath: String) {
        self.index = index
        self.source = source
        self.format = format
        self.indexPath = indexPath
    }

    func venues(_ entries: [VenueIndex.Entry]) throws(VenueIndexCorruption) -> [Venue] {
        let places = entries.map(\.place)
        switch format {
        case .json:
            var venues: [Venue] = []
            for place in places { venues.append(try index.venue(place, source: source)) }
            return venues
        case .pbf:
            let reader = PBFVenueReader(file: source, records: PBFVenueRecordFile(indexPath: indexPath, key: index.header.key))
            let venues: [Venue]
            do {
                venues = try reader.venues(for: places)
            } catch {
                throw VenueIndexCorruption(reason: error.message(file: "the source"))
            }
            guard venues.count == places.count else { throw VenueIndexCorruption(reason: "an entry has no element") }
            return venues
        }
    }

    func venue(_ entry: VenueIndex.Entry) throws(VenueIndexCorruption) -> Venue {
        guard let venue = try venues([entry]).first else { throw VenueIndexCorruption(reason: "an entry has no element") }
        return venue
    }
}
