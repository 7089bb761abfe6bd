/// The first 16 bytes of every file places keeps beside an extract (the venue index, its
/// name words, the addresses, a PBF's venue records): eight magic bytes that say which file
/// it is, the format's version, and four zero bytes. Written and told apart in one place.
struct CacheFileSignature: Sendable {
    /// Eight bytes, `PLCS`, three letters for the file, and `\u{1A}`.
    let magic: [UInt8]
    let version: UInt32

    static let length = 16

    init(magic: String, version: UInt32) {
        self.magic = Array(magic.utf8)
        self.version = version
    }

    /// What a file's first bytes say it is.
    enum Reading: Equatable {
        /// This format, at this version.
        case current
        /// This format at a version places does not write: rebuilt, not damage.
        case otherVersion
        /// Not this format at all, or too short to tell.
        case foreign
    }

    func read(_ file: UnsafeRawBufferPointer) -> Reading {
        guard file.count >= Self.length, file.prefix(magic.count).elementsEqual(magic) else { return .foreign }
        let found = UInt32(littleEndian: file.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self))
        return found == version ? .current : .otherVersion
    }

    func write(to writer: inout ByteWriter) {
        writer.append(magic)
        writer.append(version)
        writer.append(UInt32(0))
    }
}
