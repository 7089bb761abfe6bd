/// What an extract file is, told from its first bytes (never its name): an OpenStreetMap
/// PBF file (`PBFFileBlock.looksLikePBF`), else Overpass JSON or GeoJSON for the scanner.
enum ExtractFileFormat: Equatable {
    case json
    case pbf

    init(prefix: UnsafeRawBufferPointer) {
        self = PBFFileBlock.looksLikePBF(prefix) ? .pbf : .json
    }

    /// The bytes needed to tell.
    static let prefixLength = 64

    /// For a stream read a piece at a time (`StreamInput.readAll`): true when the bytes so
    /// far already show it is neither format (stop reading), false when the rest matters,
    /// nil while it cannot be told.
    static func streamStartVerdict(_ prefix: UnsafeRawBufferPointer) -> Bool? {
        switch PBFFileBlock.startVerdict(prefix) {
        case true?: return false
        case nil: return nil
        case false?: return OverpassScanner.startVerdict(prefix)
        }
    }
}
