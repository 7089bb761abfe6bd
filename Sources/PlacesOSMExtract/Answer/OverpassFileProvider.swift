import Foundation
import PlacesModel
import PlacesSupport

/// The `osm` provider offline: answers from a local extract (`--data FILE` in the CLI) with
/// no network at all: Overpass-format JSON, or an OpenStreetMap PBF file (told apart by
/// their first bytes, `ExtractFileFormat`).
///
/// JSON is read straight from its bytes by `OverpassScanner`, PBF by `PBFExtractScan`. With a `cache`, the
/// first query of a file also writes a spatial index of it (`VenueIndex`), and later
/// queries read only the index cells they need; an index that no longer matches its file
/// is rebuilt, a damaged one is rebuilt with a note. A stream (`-`, a pipe, a FIFO) is
/// read whole and scanned, never indexed.
package struct OverpassFileProvider: PlaceProvider {
    package let name = ProviderName.osm
    package var answersOffline: Bool { true }
    let path: String
    /// Where indexes are kept; nil to neither read nor write one.
    let cache: VenueIndexCache?

    /// The instant openNow is evaluated at; nil for the system clock.
    let now: Date?

    /// Files from this size are scanned on two threads (tests lower it to reach that path).
    let parallelFrom: Int
    /// The wall clock, which tells whether a file changed too recently for its status to
    /// be trusted (tests move it on).
    let clock: @Sendable () -> FileTime
    /// Called now and then while a long piece of work reads the file (a scan, an index
    /// build, placing ways from their nodes), from any thread; nil for no reports.
    let progress: (@Sendable (ExtractProgress) -> Void)?
    /// The extract's key, computed once while the file stays as it was.
    let keys = SourceKeyMemo()

    /// `progress` hears how far long work on the file has got, with the file as messages name it.
    package init(path: String, cache: VenueIndexCache? = nil, now: Date? = nil, progress: ExtractProgress.Handler? = nil) {
        self.init(path: path, cache: cache, parallelFrom: OverpassParallelScan.minimumBytes, now: now, progress: progress)
    }

    init(
        path: String, cache: VenueIndexCache?, parallelFrom: Int, now: Date? = nil, progress: ExtractProgress.Handler? = nil,
        clock: @escaping @Sendable () -> FileTime = FileTime.now
    ) {
        self.path = path
        self.cache = cache
        self.parallelFrom = parallelFrom
        self.now = now
        let shown = OverpassDataSource.displayName(path)
        if let progress {
            self.progress = { @Sendable step in progress(shown, step) }
        } else {
            self.progress = nil
        }
        self.clock = clock
    }

    /// The file as messages name it (`-` is standard input).
    package var displayName: String { OverpassDataSource.displayName(path) }

    /// Opening hours are evaluated only when the request needs openNow, and only on the
    /// venues selected: the default query does no such work.
    package func search(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> [Venue] {
        try extractAnswer(request, diagnostics: diagnostics).venues
    }

    /// The venues with the extract's coverage: where its places lie, and how many matched
    /// when the request wants the count.
    package func answer(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> SearchAnswer {
        try searchAnswer(request, diagnostics: diagnostics)
    }

    /// The same provider with the extract's current index held open (`HeldExtractProvider`),
    /// for a stream of questions; nil when there is none to hold: no cache, a stream rather
    /// than a file, or no current index yet (the first question writes it).
    package func heldOpen(diagnostics: Diagnostics) throws -> (any PlaceProvider)? {
        guard let cache, case .file(let file) = try OverpassDataSource.open(path, diagnostics: diagnostics) else { return nil }
        let format = file.read(at: 0, count: 4096).withUnsafeBytes(ExtractFileFormat.init(prefix:))
        let key = keys.key(of: file, path: OverpassDataSource.absolutePath(path))
        let indexPath = cache.indexPath(forSource: key.path)
        // A damaged index is left to the first question, which says so and rebuilds it.
        guard let index = try? currentIndex(at: indexPath, key: key, file: file, openedAt: clock(), needsTexts: false) else {
            return nil
        }
        let source = try map(file, wording: diagnostics.wording)
        return HeldExtractProvider(
            base: self, opened: OpenedExtractIndex(index: index, source: source, format: format, indexPath: indexPath))
    }

    /// `answer`, from `held` when given.
    func searchAnswer(_ request: SearchRequest, diagnostics: Diagnostics, held: OpenedExtractIndex? = nil) throws -> SearchAnswer {
        let found = try extractAnswer(request, diagnostics: diagnostics, held: held)
        return SearchAnswer(
            venues: found.venues, extract: ExtractCoverage(source: displayName, extent: found.extent, totalMatching: found.totalMatching))
    }

    /// A search, with the facts about the answer and the extract (see `ExtractAnswer`), from
    /// `held` when given and it can answer. Elements that could not be placed are one note,
    /// elements dropped for an id or a position out of range another.
    func extractAnswer(_ request: SearchRequest, diagnostics: Diagnostics, held: OpenedExtractIndex? = nil) throws -> ExtractAnswer {
        var answer = try select(OverpassSelection(request: request), diagnostics: diagnostics, held: held)
        if answer.unplacedCount > 0 {
            let n = answer.unplacedCount
            let advice =
                answer.format == .pbf
                ? "none of their member nodes is in the file (an extract cut from a larger one?)"
                : "export ways and relations with 'out center;' (or 'out geom;', or list their nodes in the same file)"
            diagnostics.note(
                "\(n) named \(n == 1 ? "element" : "elements") of \(OverpassDataSource.displayName(path)) without coordinates skipped: \(advice)"
            )
        }
        if answer.droppedCount > 0 {
            let n = answer.droppedCount
            let elements = "\(n) named \(n == 1 ? "element" : "elements") of \(OverpassDataSource.displayName(path))"
            let why = "an id below 1, or a position off the globe (a latitude beyond ±90°, a longitude beyond ±180°)"
            diagnostics.note("\(elements) dropped: \(why)")
        }
        if request.neededFields.contains(.openNow) { answer.venues = OSMOpenNow.apply(answer.venues, at: now ?? Date()) }
        return answer
    }

    package func details(_ id: PlaceID, fields: Set<VenueField>, diagnostics: Diagnostics) async throws -> Venue {
        guard let venue = try select(OverpassSelection(id: id), diagnostics: diagnostics).venues.first else {
            throw PlacesError.placeNotFound(
                id, message: diagnostics.wording(.extractHasNoPlace(id, source: OverpassDataSource.displayName(path))))
        }
        return fields.contains(.openNow) ? OSMOpenNow.apply([venue], at: now ?? Date())[0] : venue
    }

    /// Every named, placed element of the file as a venue, in file order (no index).
    func loadVenues() throws -> [Venue] {
        try OverpassFileProvider(path: path).select(.everything, diagnostics: .silent).venues
    }

    /// What `selection` selects: from `held` when given and it can answer, else from the
    /// index when it is current, else from the file (writing the index on the way when there
    /// is a cache).
    func select(_ selection: OverpassSelection, diagnostics: Diagnostics, held: OpenedExtractIndex? = nil) throws -> ExtractAnswer {
        if let held, Self.narrows(selection), held.index.header.hasTexts || selection.text == nil {
            do {
                return try answer(selection, from: held)
            } catch is VenueIndexCorruption {
                // Asked again the usual way, which finds the damage, says so and rebuilds.
            }
        }
        switch try OverpassDataSource.open(path, diagnostics: diagnostics) {
        case .stream(let bytes):
            return try select(selection, stream: bytes)
        case .file(let file):
            return try select(selection, in: file, diagnostics: diagnostics)
        }
    }

    /// What `selection` selects from the bytes of a stream, read whole.
    func select(_ selection: OverpassSelection, stream bytes: [UInt8]) throws -> ExtractAnswer {
        try bytes.withUnsafeBytes { text in
            ExtractFileFormat(prefix: text) == .pbf
                ? try scanPBF(text, selection, release: nil, builder: nil)
                : try scan(text, selection, release: nil, builder: nil)
        }
    }

    func select(_ selection: OverpassSelection, in file: ReadOnlyFile, diagnostics: Diagnostics) throws -> ExtractAnswer {
        let prefix = file.read(at: 0, count: 4096)
        let format = prefix.withUnsafeBytes(ExtractFileFormat.init(prefix:))
        guard let cache else { return try scan(file, format, selection, builder: nil, wording: diagnostics.wording) }
        let key = keys.key(of: file, path: OverpassDataSource.absolutePath(path))
        let opened = clock()
        let indexPath = cache.indexPath(forSource: key.path)
        do {
            // An index written for `nearby` has no texts: a text search writes one that has.
            if let index = try currentIndex(
                at: indexPath, key: key, file: file, openedAt: opened, needsTexts: selection.text != nil)
            {
                // With nothing to narrow (no circle, id, text or distance order), the
                // two-thread scan of the file is the quicker way to read every place.
                guard Self.narrows(selection) else {
                    return try scan(file, format, selection, builder: nil, wording: diagnostics.wording)
                }
                let source = try map(file, wording: diagnostics.wording)
                return try answer(selection, from: OpenedExtractIndex(index: index, source: source, format: format, indexPath: indexPath))
            }
        } catch let error as VenueIndexCorruption {
            diagnostics.note("the cached index \(indexPath) of \(path) is damaged (\(error.reason)); rebuilding it")
        }
        // A file that is not JSON from its first bytes (a sparse file of zeros, say) fails
        // the scan at once: nothing to index, hash or reserve room for.
        if format == .json, prefix.withUnsafeBytes(OverpassScanner.cannotBeADocument) {
            return try scan(file, format, selection, builder: nil, wording: diagnostics.wording)
        }
        var builder: VenueIndexBuilder?
        do {
            try cache.createDirectory()
            builder = try VenueIndexBuilder(destination: indexPath, key: key, texts: selection.text != nil)
        } catch {
            diagnostics.note(.indexNotWritable(path: path, directory: cache.directory, reason: error.reason))
        }
        // A PBF index has its places' venue tags beside it, so queries need not inflate blocks.
        let records =
            format == .pbf && builder != nil ? try? PBFVenueRecordsBuilder(beside: PBFVenueRecords.path(forIndex: indexPath)) : nil
        let answer = try scan(file, format, selection, builder: builder, wording: diagnostics.wording, records: records)
        guard let builder else { return answer }
        // Changed while it was read (its status, or the blocks the key samples): an index
        // of it would describe neither version.
        guard file.currentStatus() == key.status, SourceKey.sampledHash(of: file) == key.sampledHash else {
            builder.discard()
            return answer
        }
        // A file changed within the file system's timestamp granularity of now may change
        // again without its status showing it: its index records (and is checked against)
        // a hash of every byte, taken once the scan has shown the file is worth indexing.
        var racyHash: UInt64?
        if !key.status.isSettled(at: opened) {
            guard let hash = file.contentHash(), file.currentStatus() == key.status else {
                builder.discard()
                return answer
            }
            racyHash = hash
        }
        do {
            try builder.commit(contentHash: racyHash, facts: answer.facts)
            // Without its records an index still answers (from the blocks): best effort.
            try? records?.write(to: PBFVenueRecords.path(forIndex: indexPath), key: key)
            cache.removeStaleIndexes(keeping: indexPath)
        } catch {
            diagnostics.note(.indexNotSaved(path: path, directory: cache.directory, reason: error.reason))
        }
        return answer
    }

    /// Whether `selection` narrows the places (a circle, an id, a text, a distance order):
    /// only then is an index walk quicker than the two-thread scan of the file.
    static func narrows(_ selection: OverpassSelection) -> Bool {
        selection.bounds != nil || selection.corridor != nil || selection.elementID != nil || selection.text != nil
            || selection.ranksByDistance
    }

    /// The index at `indexPath` when it was written for `file` as it is now (and has texts,
    /// when `needsTexts`); nil when there is none, or it is stale.
    private func currentIndex(
        at indexPath: String, key: SourceKey, file: ReadOnlyFile, openedAt opened: FileTime, needsTexts: Bool
    ) throws(VenueIndexCorruption) -> VenueIndex? {
        guard let index = try VenueIndex(path: indexPath), index.header.key == key, index.header.hasTexts || !needsTexts,
            trustsContent(of: index, file: file, openedAt: opened, indexPath: indexPath)
        else { return nil }
        return index
    }

    /// The answer from a current index: the places judged entry by entry, read from the
    /// source. An index that lists an element twice is searched whole, then each element
    /// kept once; a count is given where the index can make it without building venues.
    private func answer(_ selection: OverpassSelection, from opened: OpenedExtractIndex) throws -> ExtractAnswer {
        let index = opened.index, source = opened.source.bytes, format = opened.format
        let facts = index.header.facts
        var judging = selection
        // A walk that stops early cannot count what it did not reach.
        if judging.ranksByDistance || !facts.idsIncrease { judging.wantsTotal = false }
        var judge = PlaceJudge(judging, now: now ?? Date())
        let venues: [Venue]
        switch format {
        case .json:
            venues = try index.select(&judge, source: source)
        case .pbf:
            // A block that no longer holds an entry's element is the index's damage, as a
            // JSON element that moved is.
            venues = try opened.withVenueReader { blocks throws(VenueIndexCorruption) in
                func read(_ places: [RankedPlace]) throws(VenueIndexCorruption) -> [Venue] {
                    do {
                        return try blocks.venues(for: places)
                    } catch {
                        throw VenueIndexCorruption(reason: error.message(file: "the source"))
                    }
                }
                let places = try index.select(&judge) { place throws(VenueIndexCorruption) in
                    guard let venue = try read([place]).first else { throw VenueIndexCorruption(reason: "an entry has no element") }
                    return venue
                }
                return try read(places)
            }
        }
        var total = judge.collector.total
        if selection.wantsTotal, facts.idsIncrease, let limit = selection.limit {
            if venues.count < limit {
                total = venues.count
            } else if total == nil {
                total = try index.count(selection)
            }
        }
        var answer = ExtractAnswer(venues: venues, totalMatching: selection.wantsTotal ? total : nil, facts: facts)
        answer.format = format
        return answer
    }

    /// Whether an index whose key matches describes the file's bytes. An index built while
    /// the file was racy is checked against the hash of every byte; once that matches and
    /// the file has settled, the index is rewritten without the hash (if it can be), so the
    /// check is paid once more, not on every query.
    func trustsContent(of index: VenueIndex, file: ReadOnlyFile, openedAt opened: FileTime, indexPath: String) -> Bool {
        guard let recorded = index.header.contentHash else { return true }
        guard file.contentHash() == recorded else { return false }
        if index.header.key.status.isSettled(at: opened), file.currentStatus() == index.header.key.status {
            var settled = index.header
            settled.contentHash = nil
            try? VenueIndexBuilder.rewrite(index.fileBytes, with: settled, to: indexPath)
        }
        return true
    }

    func map(_ file: ReadOnlyFile, wording: Wording) throws -> MappedBytes {
        do {
            return try file.map()
        } catch {
            throw OverpassDataSource.error(error, path: path, wording: wording)
        }
    }

    private func scan(
        _ file: ReadOnlyFile, _ format: ExtractFileFormat, _ selection: OverpassSelection, builder: VenueIndexBuilder?,
        wording: Wording, records: PBFVenueRecordsBuilder? = nil
    ) throws -> ExtractAnswer {
        let mapping = try map(file, wording: wording)
        switch format {
        case .json: return try scan(mapping.bytes, selection, release: mapping.release, builder: builder)
        case .pbf: return try scanPBF(mapping.bytes, selection, release: mapping.release, builder: builder, records: records)
        }
    }

    /// The answer from a PBF file itself: one reading of its blocks (feeding `builder`
    /// when given), placing ways and relations from their members, then the venues of the
    /// places kept, read again from their blocks.
    private func scanPBF(
        _ bytes: UnsafeRawBufferPointer, _ selection: OverpassSelection, release: ((Range<Int>) -> Void)?,
        builder: VenueIndexBuilder?, records: PBFVenueRecordsBuilder? = nil
    ) throws -> ExtractAnswer {
        do {
            let result = try PBFExtractScan.select(
                selection, now: now ?? Date(), in: bytes, release: release, indexing: builder,
                parallelFrom: parallelFrom, progress: progress, records: records)
            let venues = try PBFVenueReader(file: bytes).venues(for: result.places)
            let total = result.facts.idsIncrease ? result.total : nil
            var answer = ExtractAnswer(venues: venues, totalMatching: selection.wantsTotal ? total : nil, facts: result.facts)
            answer.format = .pbf
            return answer
        } catch {
            builder?.discard()
            throw PlacesError.badFile(path: path, message: error.message(file: OverpassDataSource.displayName(path)))
        }
    }

    /// The answer from the file itself: one scan (feeding `builder` when given), then, for
    /// ways and relations listed without a position, their member nodes, then the venues of
    /// the places kept.
    private func scan(
        _ text: UnsafeRawBufferPointer, _ selection: OverpassSelection, release: ((Range<Int>) -> Void)?,
        builder: VenueIndexBuilder?
    ) throws -> ExtractAnswer {
        let shown = OverpassDataSource.displayName(path)
        do {
            let reading = progress.map { ScanProgress(phase: .reading, total: text.count, report: $0) }
            var result = try OverpassExtractScan.select(
                selection, now: now ?? Date(), in: text, release: release, indexing: builder,
                parallelFrom: parallelFrom, progress: reading)
            try OverpassDocumentDecoder.checkRemark(result.summary.remark, source: shown)
            if !result.pending.isEmpty {
                let placing = progress.map { ScanProgress(phase: .placingMembers, total: text.count, report: $0) }
                let placed = try OverpassMemberPlacement.place(result.pending, in: text, progress: placing)
                for (index, pending) in result.pending.enumerated() {
                    guard let position = placed[index] else {
                        result.facts.unplacedCount += 1
                        continue
                    }
                    try OverpassScanner.scanElement(at: pending.offset, in: text) { element in
                        OverpassExtractScan.offerPlaced(element, at: position, to: &result, builder: builder)
                    }
                }
            }
            var venues: [Venue] = []
            venues.reserveCapacity(result.places.count)
            for place in result.places {
                let placedAt: (lat: Double, lon: Double)? = place.derived ? (place.latitude, place.longitude) : nil
                if let venue = try OverpassScanner.scanElement(at: Int(place.offset), in: text, { $0.venue(placedAt: placedAt) }) {
                    venues.append(venue)
                }
            }
            let total = result.facts.idsIncrease ? result.total : nil
            return ExtractAnswer(venues: venues, totalMatching: selection.wantsTotal ? total : nil, facts: result.facts)
        } catch let error as JSONScanError {
            builder?.discard()
            throw PlacesError.badFile(
                path: path,
                message:
                    "\(shown) is not Overpass JSON: \(error.message) \(error.location(in: text)); export with [out:json] and 'out center tags;'"
            )
        } catch {
            builder?.discard()
            throw error
        }
    }
}

/// Decodes an Overpass JSON document with `JSONDecoder` (the reference the scanner is
/// tested against); anything else is bad data (65) that says where.
enum OverpassDocumentDecoder {
    static func decode(_ data: Data, source: String) throws -> OverpassResponse {
        let response: OverpassResponse
        do {
            response = try JSONDecoder().decode(OverpassResponse.self, from: data)
        } catch let error as DecodingError {
            throw PlacesError.badFile(
                path: source,
                message:
                    "\(source) is not Overpass JSON: \(DecodingErrorText.describe(error)); export with [out:json] and 'out center tags;'")
        } catch {
            throw PlacesError.badFile(path: source, message: "\(source) is not Overpass JSON: \(ForeignErrorText.describe(error))")
        }
        try checkRemark(response.remark, source: source)
        return response
    }

    /// A `remark` that reports an error means the document holds no (or partial) data.
    static func checkRemark(_ remark: String?, source: String) throws {
        if let remark, remark.lowercased().contains("error") {
            throw PlacesError.badFile(path: source, message: "\(source) records an Overpass error instead of data: \(remark)")
        }
    }
}
