import Foundation

/// The `osm` provider offline: answers from a local Overpass-format JSON file
/// (`--data FILE` or `$PLACES_OSM_DATA`) with no network at all.
///
/// The file is read straight from its bytes by `OverpassScanner`. With a `cache`, the
/// first query of a file also writes a spatial index of it (`VenueIndex`), and later
/// queries read only the index cells they need; an index that no longer matches its file
/// is rebuilt, a damaged one is rebuilt with a note.
public struct OverpassFileProvider: PlaceProvider {
    public let name = ProviderName.osm
    public let path: String
    /// Where indexes are kept; nil to neither read nor write one (`--no-cache`).
    public let cache: VenueIndexCache?

    /// The instant openNow is evaluated at (`$PLACES_NOW`); nil for the system clock.
    public let now: Date?

    /// Files from this size are scanned on two threads (tests lower it to reach that path).
    let parallelFrom: Int

    public init(path: String, cache: VenueIndexCache? = nil, now: Date? = nil) {
        self.init(path: path, cache: cache, parallelFrom: OverpassParallelScan.minimumBytes, now: now)
    }

    init(path: String, cache: VenueIndexCache?, parallelFrom: Int, now: Date? = nil) {
        self.path = path
        self.cache = cache
        self.parallelFrom = parallelFrom
        self.now = now
    }

    /// Opening hours are evaluated only when the request needs openNow, and only on the
    /// venues selected: the default query does no such work.
    public func search(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> [Venue] {
        let found = try venues(OverpassSelection(request: request), diagnostics: diagnostics)
        return request.neededFields.contains(.openNow) ? OSMOpenNow.apply(found, at: now ?? Date()) : found
    }

    public func details(_ id: PlaceID, fields: Set<VenueField>, diagnostics: Diagnostics) async throws -> Venue {
        guard let venue = try venues(OverpassSelection(id: id), diagnostics: diagnostics).first else {
            throw PlacesError.notFound("no place \(id) in \(path); the id may come from another extract, or try without --data to ask Overpass")
        }
        return fields.contains(.openNow) ? OSMOpenNow.apply([venue], at: now ?? Date())[0] : venue
    }

    /// Every named, placed element of the file as a venue, in file order (no index).
    public func loadVenues() throws -> [Venue] {
        try OverpassFileProvider(path: path).venues(.everything, diagnostics: .silent)
    }

    /// The venues `selection` selects, in file order: from the index when it is current,
    /// else from the file (writing the index on the way when there is a cache).
    func venues(_ selection: OverpassSelection, diagnostics: Diagnostics) throws -> [Venue] {
        let file = try OverpassFileReader.open(path)
        guard let cache else { return try scan(file, selection, builder: nil) }
        let key = SourceKey(file: file, path: OverpassFileReader.absolutePath(path))
        let indexPath = cache.indexPath(forSource: key.path)
        do {
            if let index = try VenueIndex(path: indexPath), index.header.key == key {
                // Without a box or an id the index cannot narrow anything: the two-thread
                // scan of the file is the quicker way to read every place.
                guard selection.bounds != nil || selection.elementID != nil else { return try scan(file, selection, builder: nil) }
                let source = try map(file)
                return try index.venues(selection, source: source.bytes)
            }
        } catch let error as VenueIndexCorruption {
            diagnostics.note("the cached index \(indexPath) of \(path) is damaged (\(error.reason)); rebuilding it")
        }
        var builder: VenueIndexBuilder?
        do {
            try cache.createDirectory()
            // An element takes at least ~60 bytes of JSON: room enough for every one.
            builder = try VenueIndexBuilder(destination: indexPath, key: key, capacity: file.size / 60 + 1024)
        } catch {
            diagnostics.note("cannot write an index of \(path) in \(cache.directory) (\(error.reason)); reading the whole file each time (--no-cache skips this)")
        }
        let venues = try scan(file, selection, builder: builder)
        do {
            try builder?.commit()
        } catch {
            diagnostics.note("cannot save the index of \(path) in \(cache.directory) (\(error.reason)); reading the whole file each time (--no-cache skips this)")
        }
        return venues
    }

    private func map(_ file: ReadOnlyFile) throws -> MappedBytes {
        do {
            return try file.map()
        } catch {
            throw OverpassFileReader.error(error, path: path)
        }
    }

    private func scan(_ file: ReadOnlyFile, _ selection: OverpassSelection, builder: VenueIndexBuilder?) throws -> [Venue] {
        let mapping = try map(file)
        do {
            let result = try OverpassExtractScan.venues(selection, in: mapping.bytes, release: mapping.release, indexing: builder,
                                                        parallelFrom: parallelFrom)
            try OverpassDocumentDecoder.checkRemark(result.summary.remark, source: path)
            return result.venues
        } catch let error as JSONScanError {
            builder?.discard()
            throw PlacesError.badData("\(path) is not Overpass JSON: \(error.message) \(error.location(in: mapping.bytes)); export with [out:json] and 'out center tags;'")
        } catch {
            builder?.discard()
            throw error
        }
    }
}

/// Which venues of an extract a request selects: by `--type`, and by text for `search`
/// (every word of the query in the name, a category or a cuisine, case and accents ignored).
struct OSMSearchMatcher: Sendable {
    private let typeNames: [String]
    /// The folded words of the query; nil for `nearby`.
    private let words: [String]?

    init(_ request: SearchRequest) {
        typeNames = request.types.map(\.rawValue)
        words = request.query.map { TextFolding.fold($0).split(separator: " ").map(String.init) }
    }

    static func matches(_ venue: Venue, request: SearchRequest) -> Bool {
        OSMSearchMatcher(request).matches(venue)
    }

    func matches(_ venue: Venue) -> Bool {
        if !typeNames.isEmpty, !typeNames.contains(where: venue.categories.contains) {
            return false
        }
        guard let words else { return true }
        let haystack = TextFolding.fold(([venue.name] + venue.categories + venue.cuisines).joined(separator: " "))
        if haystack.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: `_` is a space byte for byte, and a word is found byte for byte.
            let bytes = haystack.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }
            return words.allSatisfy { word in word.utf8.allSatisfy({ $0 < 0x80 }) && Self.bytes(bytes, contain: Array(word.utf8)) }
        }
        let spaced = haystack.replacingOccurrences(of: "_", with: " ")
        return words.allSatisfy { spaced.contains($0) }
    }

    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}

/// Opens a `--data` file, mapping file-system failures to the contract's exit codes.
enum OverpassFileReader {
    static func open(_ path: String) throws -> ReadOnlyFile {
        do {
            return try ReadOnlyFile(path: path)
        } catch {
            throw Self.error(error, path: path)
        }
    }

    static func error(_ error: ReadOnlyFile.OpenError, path: String) -> PlacesError {
        switch error {
        case .missing:
            return PlacesError.notFound("no such --data file: \(path); give the path of an Overpass JSON export, e.g. Fixtures/osm/helsinki-pois.json")
        case .directory:
            return PlacesError.notFound("--data \(path) is a directory, not an Overpass JSON file")
        case .unreadable(let reason):
            return PlacesError.notFound("cannot read --data file \(path): \(reason)")
        }
    }

    /// The canonical absolute path of an existing file (symlinks and `..` resolved).
    static func absolutePath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
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
            throw PlacesError.badData("\(source) is not Overpass JSON: \(DecodingErrorText.describe(error)); export with [out:json] and 'out center tags;'")
        } catch {
            throw PlacesError.badData("\(source) is not Overpass JSON: \(ForeignErrorText.describe(error))")
        }
        try checkRemark(response.remark, source: source)
        return response
    }

    /// A `remark` that reports an error means the document holds no (or partial) data.
    static func checkRemark(_ remark: String?, source: String) throws {
        if let remark, remark.lowercased().contains("error") {
            throw PlacesError.badData("\(source) records an Overpass error instead of data: \(remark)")
        }
    }
}
