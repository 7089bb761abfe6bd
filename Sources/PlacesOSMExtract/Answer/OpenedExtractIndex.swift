import Foundation
import PlacesSupport

/// A current index of an extract file, opened with what its answers are read from: the
/// extract mapped and, for a PBF, the venue records beside the index. A single query opens
/// one and drops it; a stream of queries keeps one (`HeldExtractProvider`), so the files are
/// opened, mapped and checked once rather than for every query.
///
/// Shared between threads: the index, the mappings and the records file are read-only once
/// made, and each PBF venue reader (stateful: an inflater, a loaded block) is lent to one
/// query at a time.
final class OpenedExtractIndex: @unchecked Sendable {
    let index: VenueIndex
    /// The extract, mapped (the file the index's key describes).
    let source: MappedBytes
    let format: ExtractFileFormat
    let indexPath: String
    /// A PBF index's venue records, when they are there and current.
    private let records: PBFVenueRecordFile?
    private let lock = NSLock()
    /// PBF venue readers no query is using now: each holds two 1 MiB inflate buffers.
    private var idleReaders: [PBFVenueReader] = []

    init(index: VenueIndex, source: MappedBytes, format: ExtractFileFormat, indexPath: String) {
        self.index = index
        self.source = source
        self.format = format
        self.indexPath = indexPath
        if format == .pbf {
            source.adviseRandomAccess()
            records = PBFVenueRecordFile(indexPath: indexPath, key: index.header.key)
        } else {
            records = nil
        }
    }

    /// Calls `body` with a PBF venue reader no other query uses meanwhile: one left idle by
    /// an earlier query, or a new one.
    func withVenueReader<R, E: Error>(_ body: (PBFVenueReader) throws(E) -> R) throws(E) -> R {
        let reader =
            lock.withLock { idleReaders.popLast() } ?? PBFVenueReader(file: source.bytes, records: records)
        defer { lock.withLock { idleReaders.append(reader) } }
        return try body(reader)
    }
}
