import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Autocomplete offline: the places whose name has, for each word typed, a word that
/// begins with it (`sush` finds "Hanko Sushi"), nearest first around a centre. With an
/// index cache, from the index's folded names and the word list kept beside it
/// (`NameWordIndex`, written by the first autocomplete of a file); without one, or from a
/// stream, by reading every place. No session: nothing is billed.
extension OverpassFileProvider: AutocompleteProvider {
    package func autocomplete(
        _ request: AutocompleteRequest, sessionToken: String?,
        diagnostics: Diagnostics
    ) async throws -> [AutocompletePrediction] {
        try predictions(for: request, diagnostics: diagnostics)
    }

    package func details(_ id: PlaceID, fields: Set<VenueField>, sessionToken: String?, diagnostics: Diagnostics) async throws -> Venue {
        try await details(id, fields: fields, diagnostics: diagnostics)
    }

    func predictions(for request: AutocompleteRequest, diagnostics: Diagnostics) throws -> [AutocompletePrediction] {
        var input: [[UInt8]] = []
        for word in AutocompleteWords.words(of: request.input) where !input.contains(word) { input.append(word) }
        switch try OverpassDataSource.open(path, diagnostics: diagnostics) {
        case .stream(let bytes):
            return Self.predictions(from: try select(.everything, stream: bytes).venues, request: request, input: input)
        case .file(let file):
            if let found = try indexedPredictions(request, input: input, file: file, diagnostics: diagnostics) { return found }
            let plain = OverpassFileProvider(path: path, cache: nil, now: now)
            return Self.predictions(
                from: try plain.select(.everything, in: file, diagnostics: diagnostics).venues, request: request, input: input)
        }
    }

    /// From the index and its word list, writing them first when they are missing or stale
    /// (a damaged word list is rewritten from the index, a damaged index from the file); nil
    /// when there is no cache, or no index can be written there.
    private func indexedPredictions(
        _ request: AutocompleteRequest, input: [[UInt8]], file: ReadOnlyFile,
        diagnostics: Diagnostics
    ) throws -> [AutocompletePrediction]? {
        guard let cache else { return nil }
        let key = keys.key(of: file, path: OverpassDataSource.absolutePath(path))
        let indexPath = cache.indexPath(forSource: key.path)
        let wordsPath = NameWordFormat.path(forIndex: indexPath)
        var indexWritten = false, wordsRewritten = false
        while true {
            do {
                if let index = try VenueIndex(path: indexPath), index.header.key == key, index.header.hasTexts,
                    trustsContent(of: index, file: file, openedAt: clock(), indexPath: indexPath)
                {
                    return try predictions(request, input: input, index: index, indexPath: indexPath, file: file, diagnostics: diagnostics)
                }
            } catch let error as VenueIndexCorruption {
                if error.reason.contains("word list"), !wordsRewritten {
                    diagnostics.note("the cached word list \(wordsPath) of \(path) is damaged (\(error.reason)); rebuilding it")
                    unlink(wordsPath)
                    wordsRewritten = true
                    continue
                }
                diagnostics.note("the cached index \(indexPath) of \(path) is damaged (\(error.reason)); rebuilding it")
                unlink(indexPath)
                unlink(wordsPath)
            }
            // An index with the places' names is written by a text search; once is enough to try.
            guard !indexWritten else { return nil }
            indexWritten = true
            let writing = SearchRequest(kind: .text(request.input), center: nil, radiusMeters: nil, limit: 1)
            _ = try select(OverpassSelection(request: writing), in: file, diagnostics: diagnostics)
        }
    }

    private func predictions(
        _ request: AutocompleteRequest, input: [[UInt8]], index: VenueIndex, indexPath: String,
        file: ReadOnlyFile, diagnostics: Diagnostics
    ) throws -> [AutocompletePrediction] {
        let mapping = try map(file, wording: diagnostics.wording)
        let format = ExtractFileFormat(prefix: UnsafeRawBufferPointer(rebasing: mapping.bytes.prefix(4096)))
        if format == .pbf { mapping.adviseRandomAccess() }
        let source = ExtractVenueSource(index: index, source: mapping.bytes, format: format, indexPath: indexPath)
        let words = try wordList(of: index, indexPath: indexPath, source: source)
        let wanted = OSMCategoryMask.of(request.categories)
        var read: [UInt32: Venue] = [:]
        let picked = try NameWordSearch(words: words, input: input, center: request.center, limit: request.limit) { number in
            let entry = try index.entry(at: number)
            if let wanted, entry.mask != OSMCategoryMask.unknown, entry.mask & wanted == 0 { return nil }
            var meters: Double?
            if let center = request.center {
                let distance = GeodesicDistance.meters(
                    from: center, to: Coordinate(uncheckedLatitude: entry.latitude, longitude: entry.longitude))
                if let radius = request.radiusMeters, distance > radius { return nil }
                meters = distance
            }
            if wanted != nil, entry.mask == OSMCategoryMask.unknown {
                let venue = try source.venue(entry)
                read[number] = venue
                guard Self.isOfCategory(venue, request.categories) else { return nil }
            }
            return .some(meters)
        }.run()
        var missing: [(UInt32, VenueIndex.Entry)] = []
        for (number, _) in picked where read[number] == nil { missing.append((number, try index.entry(at: number))) }
        for (venue, (number, _)) in zip(try source.venues(missing.map(\.1)), missing) { read[number] = venue }
        var predictions: [AutocompletePrediction] = []
        for (number, meters) in picked {
            guard let venue = read[number] else { continue }
            guard AutocompleteWords.matches(input: input, name: AutocompleteWords.words(of: venue.name)) else {
                throw VenueIndexCorruption(reason: "the name of \(venue.id) does not match its word list")
            }
            guard wanted == nil || Self.isOfCategory(venue, request.categories) else { continue }
            predictions.append(Self.prediction(venue, input: input, meters: meters))
        }
        return predictions
    }

    /// The word list beside the index, written when it is missing or was made from another index.
    private func wordList(of index: VenueIndex, indexPath: String, source: ExtractVenueSource) throws(VenueIndexCorruption) -> NameWordIndex
    {
        let path = NameWordFormat.path(forIndex: indexPath)
        let identity = NameWordBuilder.identity(of: index)
        if let words = try NameWordIndex(path: path, identity: identity, entryCount: index.header.venueCount) { return words }
        try NameWordBuilder.build(from: index, to: path) { entry throws(VenueIndexCorruption) in try source.venue(entry).name }
        guard let words = try NameWordIndex(path: path, identity: identity, entryCount: index.header.venueCount) else {
            throw VenueIndexCorruption(reason: "its word list was not written")
        }
        return words
    }

    private static func isOfCategory(_ venue: Venue, _ categories: [PlaceCategory]) -> Bool {
        categories.isEmpty || categories.contains { venue.categories.contains($0.rawValue) }
    }

    static func prediction(_ venue: Venue, input: [[UInt8]], meters: Double?) -> AutocompletePrediction {
        AutocompletePrediction(
            kind: .place, id: venue.id, text: venue.address.map { "\(venue.name), \($0)" } ?? venue.name,
            mainText: venue.name, secondaryText: venue.address, types: venue.categories, distanceMeters: meters,
            coordinate: venue.coordinate, mainTextMatches: AutocompleteWords.matchRanges(input: input, in: venue.name))
    }

    /// The plain answer from every place of the extract (the rule the index answers by):
    /// names matching, in the radius and the categories; nearest first around a centre (ties
    /// by id), else names whose first word the input's first word begins, shorter names first.
    static func predictions(from venues: [Venue], request: AutocompleteRequest, input: [[UInt8]]) -> [AutocompletePrediction] {
        var found: [(venue: Venue, meters: Double?, rank: (Int, Int))] = []
        for venue in venues where isOfCategory(venue, request.categories) {
            let name = AutocompleteWords.words(of: venue.name)
            guard AutocompleteWords.matches(input: input, name: name) else { continue }
            var meters: Double?
            if let center = request.center {
                let distance = GeodesicDistance.meters(from: center, to: venue.coordinate)
                if let radius = request.radiusMeters, distance > radius { continue }
                meters = distance
            }
            let first = name.first.map { $0.starts(with: input[0]) } ?? false
            found.append((venue, meters, (first ? 0 : 1, TextFolding.fold(venue.name).utf8.count)))
        }
        found.sort { a, b in
            if let x = a.meters, let y = b.meters, x != y { return x < y }
            if a.meters == nil, a.rank != b.rank { return a.rank < b.rank }
            return a.venue.id < b.venue.id
        }
        return found.prefix(request.limit).map { prediction($0.venue, input: input, meters: $0.meters) }
    }
}
