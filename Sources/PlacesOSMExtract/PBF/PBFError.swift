/// Why an OpenStreetMap PBF file cannot be read, in words for the person who gave it:
/// damage (a file cut short, a block over the format's limits, nonsense in the protocol
/// buffers), a compression places does not read, or a required feature it does not know.
/// The provider words the whole message around the file's name (`message(file:)`).
struct PBFError: Error, Equatable {
    enum Kind: Equatable {
        /// The file is damaged or is not PBF after all; the text says what (and `block` where).
        case damaged(String)
        /// The file ends inside a block; the text says which block and what is missing.
        case cutShort(String)
        /// A blob compressed with `name` (lzma, zstd, lz4, bzip2), at the block at `block`.
        case compression(name: String, block: Int)
        /// A `required_features` entry places does not read (HistoricalInformation, say).
        case feature(String)
    }

    var kind: Kind
    /// The offset of the block the damage lies in, once known: said once, at the front.
    var block: Int?

    init(kind: Kind, block: Int? = nil) {
        self.kind = kind
        self.block = block
    }

    static func damaged(_ text: String) -> PBFError { PBFError(kind: .damaged(text)) }

    /// The same damage, said to be inside the block that starts at byte `offset` of the file;
    /// damage already placed in a block keeps its place (the innermost reader knows best).
    func inBlock(at offset: Int) -> PBFError {
        guard case .damaged = kind, block == nil else { return self }
        return PBFError(kind: kind, block: offset)
    }

    /// The whole message, naming `file` as the user gave it.
    func message(file: String) -> String {
        switch kind {
        case .damaged(let text):
            let place = block.map { "the block at byte \($0): " } ?? ""
            return "\(file) is not a readable OpenStreetMap PBF file: \(place)\(text)"
        case .cutShort(let text):
            return "\(file) is not a readable OpenStreetMap PBF file: it is cut short: \(text)"
        case .compression(let name, let block):
            return
                "\(file): the block at byte \(block) is compressed with \(name), which places does not read (only raw and zlib); re-encode the file with zlib: osmium cat -o out.osm.pbf \(ShellWord.quoted(file))"
        case .feature(let name):
            let what = name == "HistoricalInformation" ? " (a history file, with old and deleted versions)" : ""
            return
                "\(file) needs the PBF feature \(name)\(what), which places does not read; give it a current extract (osmium can make one from a history file: osmium time-filter)"
        }
    }
}
