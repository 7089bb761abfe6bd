import Foundation

@testable import PlacesCore
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import overpass_synth

/// Reads documents both ways (the byte scanner and JSONDecoder) for tests that compare them.
enum ScannerComparison {
    /// What a reader made of a document: every element (all tags) and the remark, or the error.
    struct Reading: Equatable, CustomStringConvertible {
        var elements: [OverpassElement]
        var remark: String?

        static func == (a: Reading, b: Reading) -> Bool {
            a.remark == b.remark && a.elements.count == b.elements.count
                && zip(a.elements, b.elements).allSatisfy { sameElement($0, $1) }
        }

        var description: String { "\(elements.count) elements, remark \(remark ?? "nil")" }
    }

    /// Equal including the sign of zero and every bit of each coordinate.
    static func sameElement(_ a: OverpassElement, _ b: OverpassElement) -> Bool {
        func bits(_ x: Double?) -> UInt64? { x?.bitPattern }
        return a.type == b.type && a.id == b.id && bits(a.lat) == bits(b.lat) && bits(a.lon) == bits(b.lon)
            && bits(a.center?.lat) == bits(b.center?.lat) && bits(a.center?.lon) == bits(b.center?.lon) && a.tags == b.tags
            && a.bounds == b.bounds && a.geometry == b.geometry
    }

    static func scanned(_ data: Data) -> Result<Reading, JSONScanError> {
        data.withUnsafeBytes { bytes in
            var elements: [OverpassElement] = []
            do throws(JSONScanError) {
                let summary = try OverpassScanner.scan(bytes, tags: .all) { elements.append($0.overpassElement()) }
                return .success(Reading(elements: elements, remark: summary.remark))
            } catch {
                return .failure(error)
            }
        }
    }

    static func decoded(_ data: Data) -> Reading? {
        guard let response = try? JSONDecoder().decode(OverpassResponse.self, from: data) else { return nil }
        return Reading(elements: response.elements, remark: response.remark)
    }

    /// Venues by the scanner's fast path (only the venue tags kept).
    static func scannedVenues(_ data: Data, parallelFrom: Int = OverpassParallelScan.minimumBytes) throws -> [Venue] {
        try data.withUnsafeBytes { text in
            let result = try OverpassExtractScan.select(.everything, now: Date(), in: text, parallelFrom: parallelFrom)
            return try result.places.compactMap { place in try OverpassScanner.scanElement(at: Int(place.offset), in: text) { $0.venue() } }
        }
    }

    /// Venues by JSONDecoder and `OSMVenueMapper`, as before the scanner.
    static func decodedVenues(_ data: Data) throws -> [Venue] {
        try JSONDecoder().decode(OverpassResponse.self, from: data).elements.compactMap(OSMVenueMapper.venue(from:))
    }

    /// A synthetic document from the generator the benchmark uses.
    static func synthetic(elements: Int, seed: UInt64, style: OverpassSynthesizer.Style) -> Data {
        var data = Data()
        var synthesizer = OverpassSynthesizer(seed: seed, style: style)
        synthesizer.document(elements: elements) { data.append(contentsOf: $0) }
        return data
    }

    static var bundledExtract: Data {
        get throws { try Data(contentsOf: URL(fileURLWithPath: PlacesBinary.helsinkiData)) }
    }
}
