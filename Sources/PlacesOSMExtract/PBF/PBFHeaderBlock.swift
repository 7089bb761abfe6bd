/// What places needs of a file's `HeaderBlock` (osmformat.proto: `required_features` = 4,
/// `optional_features` = 5): that it asks for no feature places does not read. The OSM
/// wiki's "PBF Format": a parser that meets a required feature it does not understand
/// "must reject the file with an error, and report which required features it does not
/// support".
enum PBFHeaderBlock {
    /// The required features places reads. `LocationsOnWays` is an optional feature by the
    /// format's word, but is read wherever it is listed: a way's locations are used when
    /// the way carries them.
    static let readFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes", "LocationsOnWays"]

    /// Checks the header block's data; throws naming the first feature places does not read.
    static func check(_ data: UnsafeRawBufferPointer) throws(PBFError) {
        guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var cursor = ProtobufCursor(base, 0..<data.count)
        while let field = try cursor.field() {
            guard field.number == 4, field.type == .lengthDelimited else {
                try cursor.skip(field.type)
                continue
            }
            let feature = String(decoding: UnsafeRawBufferPointer(rebasing: data[try cursor.lengthDelimited()]), as: UTF8.self)
            if !readFeatures.contains(feature) { throw PBFError(kind: .feature(feature)) }
        }
    }
}
