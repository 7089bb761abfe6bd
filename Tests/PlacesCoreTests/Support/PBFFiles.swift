import Foundation

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import overpass_synth

/// Hand-made PBF files for the tests (written by overpass-synth's `PBFWriter`), and every
/// element of a PBF file with its tags, read with the library's block reader.
enum PBFFiles {
    static let helsinki = PlacesBinary.repositoryRoot.appendingPathComponent("Fixtures/osm/helsinki.osm.pbf").path

    /// A file: the header block, then whatever `body` writes.
    static func file(
        required: [String] = ["OsmSchema-V0.6", "DenseNodes"], optional: [String] = [],
        _ body: (inout PBFWriter) -> Void
    ) -> Data {
        var writer = PBFWriter()
        writer.header(required: required, optional: optional)
        body(&writer)
        return Data(writer.bytes)
    }

    /// One element of a file and all its tags.
    struct Element: Hashable {
        var kind: ScannedElement.Kind
        var id: Int64
        var tags: [String: String]

        var placeID: String { "osm:\(kind.elementType?.rawValue ?? "other")/\(id)" }
    }

    /// Every node, way and relation of the file at `path` that has tags.
    static func taggedElements(_ path: String) throws -> [Element] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try data.withUnsafeBytes { file throws -> [Element] in
            let reader = PBFBlockReader(file: file)
            var elements: [Element] = []
            for block in try PBFFileBlock.blocks(in: file) where block.kind == .data {
                try reader.load(block)
                let tables = reader.block
                try reader.forEachElement(PBFGroupDecoder.Wanted()) { element throws(PBFError) in
                    guard !element.tags.isEmpty else { return true }
                    var tags: [String: String] = [:]
                    try tables.forEachTag(element.tags) { key, value in
                        tags[String(decoding: tables.string(key), as: UTF8.self)] = String(decoding: tables.string(value), as: UTF8.self)
                        return true
                    }
                    elements.append(Element(kind: element.kind, id: element.id, tags: tags))
                    return true
                }
            }
            return elements
        }
    }
}
