/// Why an OpenStreetMap PBF file cannot be read, in words for the person who gave it:
/// damage (a file cut short, a block over the format's limits, nonsense in the protocol
/// buffers), a compression places does not read, or a required feature it does not know.
/// The provider words the whole message around the file's name (`message(file:)`).
struct PBFError: Error, Equatable {
    enum Kind: Equatable {
        /// The file is damaged or is not PBF after all; the text says what and where.
        case damaged(String)
        /// A blob compressed with `name` (lzma, zstd, lz4, bzip2), at the block at `block`.
        case compression(name: String, block: Int)
        /// A `required_features` entry places does not read (HistoricalInformation, say).
        case feature(String)
    }

    var kind: Kind

    static func damaged(_ text: String) -> PBFError { PBFError(kind: .damaged(text)) }

    /// The same damage, said to be inside the block that starts at byte `offset` of the file.
    func inBlock(at offset: Int) -> PBFError {
        guard case .damaged(let text) = kind else { return self }
        return .damaged("the block at byte \(offset): \(text)")
    }

    /// The whole message, naming `file` as the user gave it.
    func message(file: String) -> String {
        switch kind {
        case .damaged(let text):
            return "\(file) is not a readable OpenStreetMap PBF file: \(text)"
        case .compression(let name, let block):
            return "\(file): the block at byte \(block) is compressed with \(name), which places does not read (only raw and zlib); re-encode the file with zlib: osmium cat -o out.osm.pbf \(ShellWord.quoted(file))"
        case .feature(let name):
            let what = name == "HistoricalInformation" ? " (a history file, with old and deleted versions)" : ""
            return "\(file) needs the PBF feature \(name)\(what), which places does not read; give it a current extract (osmium can make one from a history file: osmium time-filter)"
        }
    }
}
