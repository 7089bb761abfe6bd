import Foundation

/// The `osm` provider offline: answers from a local Overpass-format JSON file
/// (`--data FILE` or `$PLACES_OSM_DATA`) with no network at all.
public struct OverpassFileProvider: PlaceProvider {
    public let name = ProviderName.osm
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public func search(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> [Venue] {
        let venues = try loadVenues()
        return venues.filter { OSMSearchMatcher.matches($0, request: request) }
    }

    public func details(_ id: PlaceID, fields: Set<VenueField>, diagnostics: Diagnostics) async throws -> Venue {
        guard let venue = try loadVenues().first(where: { $0.id == id }) else {
            throw PlacesError.notFound("no place \(id) in \(path); the id may come from another extract, or try without --data to ask Overpass")
        }
        return venue
    }

    /// Every named, placed element of the file as a venue, in file order.
    public func loadVenues() throws -> [Venue] {
        let data = try OverpassFileReader.read(path: path)
        let response = try OverpassDocumentDecoder.decode(data, source: path)
        return response.elements.compactMap(OSMVenueMapper.venue(from:))
    }
}

/// Which venues of an extract a request selects: by `--type`, and by text for `search`.
enum OSMSearchMatcher {
    static func matches(_ venue: Venue, request: SearchRequest) -> Bool {
        if !request.types.isEmpty, !request.types.contains(where: { venue.categories.contains($0.rawValue) }) {
            return false
        }
        if let query = request.query {
            // Every word of the query must occur in the name, a category or a cuisine.
            let haystack = TextFolding.fold(([venue.name] + venue.categories + venue.cuisines).joined(separator: " "))
                .replacingOccurrences(of: "_", with: " ")
            return TextFolding.fold(query).split(separator: " ").allSatisfy { haystack.contains($0) }
        }
        return true
    }
}

/// Reads a `--data` file, mapping file-system failures to the contract's exit codes.
enum OverpassFileReader {
    static func read(path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PlacesError.notFound("no such --data file: \(path); give the path of an Overpass JSON export, e.g. Fixtures/osm/helsinki-pois.json")
        }
        guard !isDirectory.boolValue else {
            throw PlacesError.notFound("--data \(path) is a directory, not an Overpass JSON file")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw PlacesError.notFound("cannot read --data file \(path): \(error.localizedDescription)")
        }
    }
}

/// Decodes an Overpass JSON document; anything else is bad data (65) that says where.
enum OverpassDocumentDecoder {
    static func decode(_ data: Data, source: String) throws -> OverpassResponse {
        let response: OverpassResponse
        do {
            response = try JSONDecoder().decode(OverpassResponse.self, from: data)
        } catch let error as DecodingError {
            throw PlacesError.badData("\(source) is not Overpass JSON: \(describe(error)); export with [out:json] and 'out center tags;'")
        } catch {
            throw PlacesError.badData("\(source) is not Overpass JSON: \(error.localizedDescription)")
        }
        if let remark = response.remark, remark.lowercased().contains("error") {
            throw PlacesError.badData("\(source) records an Overpass error instead of data: \(remark)")
        }
        return response
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let p = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return p.isEmpty ? "at the top level" : "at \(p.hasPrefix(".") ? String(p.dropFirst()) : p)"
        }
        switch error {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "invalid JSON \(path(context))\(underlying.map { " (\($0))" } ?? "")"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription.lowercased().trimmingCharacters(in: .punctuationCharacters)) \(path(context))"
        @unknown default:
            return "\(error)"
        }
    }
}
