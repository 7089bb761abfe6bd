/// One block of a PBF file as `fileformat.proto` (OSM-binary, github.com/openstreetmap/
/// OSM-binary/blob/master/osmpbf/fileformat.proto) and the OSM wiki's "PBF Format" lay it
/// out: a 4-byte big-endian length, a `BlobHeader` of that length (`type` = 1,
/// `indexdata` = 2, `datasize` = 3), then a `Blob` of `datasize` bytes.
struct PBFFileBlock: Sendable {
    enum Kind: Sendable, Equatable {
        /// `OSMHeader`: a `HeaderBlock` (osmformat.proto).
        case header
        /// `OSMData`: a `PrimitiveBlock`.
        case data
        /// Any other type, which a reader must skip (the wiki: "Parsers should ignore and
        /// skip fileblock types that they do not recognize").
        case other
    }

    /// Where the block's length prefix starts in the file: how an index names the block.
    var offset: Int
    var kind: Kind
    /// Where its `Blob` message lies in the file.
    var blob: Range<Int>

    /// The wiki's limits: a BlobHeader "must be less than 64 KiB", a Blob's uncompressed
    /// data "must be less than 32 MiB".
    static let maximumHeaderBytes = 64 << 10
    static let maximumBlobBytes = 32 << 20
    /// How much of the file listing the blocks touches before it lets those pages go.
    static let releaseStride = 16 << 20

    /// Every block of `file`, in order, read from their headers alone; the first must be
    /// an `OSMHeader`. A block that does not fit in what is left of the file, or breaks the
    /// format's limits, is an error naming its offset. Touching a header maps the pages
    /// around it too (the kernel's fault-around), so nearly the whole file would be resident
    /// once listed: given `release`, the pages listed are let go every 16 MiB.
    static func blocks(in file: UnsafeRawBufferPointer, release: ((Range<Int>) -> Void)? = nil) throws(PBFError) -> [PBFFileBlock] {
        var blocks: [PBFFileBlock] = []
        var offset = 0, released = 0
        defer { release?(released..<file.count) }
        while offset < file.count {
            if let release, offset - released >= releaseStride {
                release(released..<offset)
                released = offset
            }
            let block = try read(at: offset, in: file)
            if blocks.isEmpty, block.kind != .header {
                let first = block.kind == .data ? "an OSMData block" : "a block of another type"
                throw PBFError.damaged("a PBF file begins with an OSMHeader block, and this one begins with \(first)").inBlock(at: 0)
            }
            blocks.append(block)
            offset = block.blob.upperBound
        }
        guard !blocks.isEmpty else { throw .damaged("it is empty") }
        return blocks
    }

    /// The block whose length prefix is at `offset`.
    static func read(at offset: Int, in file: UnsafeRawBufferPointer) throws(PBFError) -> PBFFileBlock {
        let left = file.count - offset
        guard offset >= 0, left >= 4 else {
            throw PBFError(kind: .cutShort("the block at byte \(offset) has \(max(left, 0)) of the 4 bytes of its length"))
        }
        var length = 0
        for i in 0..<4 { length = length << 8 | Int(file[offset + i]) }
        guard length <= maximumHeaderBytes else {
            throw PBFError.damaged("it has a header of \(length) bytes, over the format's limit of 64 KiB").inBlock(at: offset)
        }
        guard length <= left - 4 else {
            throw PBFError(kind: .cutShort("the block at byte \(offset) has a header of \(length) bytes, and \(left - 4) are left"))
        }
        guard let base = file.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .damaged("it is empty") }
        let headerStart = offset + 4
        var cursor = ProtobufCursor(base, headerStart..<(headerStart + length))
        var type: Range<Int>?
        var dataSize: Int64?
        do throws(PBFError) {
            while let field = try cursor.field() {
                switch (field.number, field.type) {
                case (1, .lengthDelimited): type = try cursor.lengthDelimited()
                case (3, .varint): dataSize = Int64(try cursor.int32())
                default: try cursor.skip(field.type)
                }
            }
        } catch {
            throw error.inBlock(at: offset)
        }
        guard let type, let dataSize else {
            throw PBFError.damaged("it has a header without its type or size").inBlock(at: offset)
        }
        guard dataSize >= 0 else {
            throw PBFError.damaged("its header gives its blob a size of \(dataSize) bytes, below zero").inBlock(at: offset)
        }
        guard dataSize <= Int64(maximumBlobBytes) else {
            throw PBFError.damaged("it declares a blob of \(dataSize) bytes, over the format's limit of 32 MiB").inBlock(at: offset)
        }
        let blobStart = headerStart + length
        guard Int(dataSize) <= file.count - blobStart else {
            let left = file.count - blobStart
            throw PBFError(kind: .cutShort("the block at byte \(offset) declares a blob of \(dataSize) bytes, and \(left) are left"))
        }
        let name = UnsafeRawBufferPointer(rebasing: file[type])
        let kind: Kind = name.elementsEqual("OSMData".utf8) ? .data : name.elementsEqual("OSMHeader".utf8) ? .header : .other
        return PBFFileBlock(offset: offset, kind: kind, blob: blobStart..<(blobStart + Int(dataSize)))
    }

    /// Whether bytes that begin a file look like a PBF file's first block: a 4-byte length,
    /// then field 1 (`type`, length-delimited) of a BlobHeader naming a block type of the
    /// format. Whatever the length under 16 MiB says and whichever type comes first, such a file is
    /// PBF to its reader, which then says what is wrong with it in PBF's words. Never true
    /// of JSON, which begins with text (nor of UTF-16 JSON: its fifth byte is 0 or text).
    static func looksLikePBF(_ prefix: UnsafeRawBufferPointer) -> Bool {
        startVerdict(prefix) == true
    }

    /// The block types a file may begin with and still be taken for PBF.
    private static let typeNames = [Array("OSMHeader".utf8), Array("OSMData".utf8)]

    /// For a stream read a piece at a time: nil while the bytes so far could still begin a
    /// PBF file, else whether they do.
    static func startVerdict(_ prefix: UnsafeRawBufferPointer) -> Bool? {
        var undecided = false
        for name in typeNames {
            // A header's length is under 16 MiB (its first byte 0): never true of text, so a
            // JSON stream is told at its first byte; a header over the format's 64 KiB is still
            // PBF, and its reader says what is wrong in PBF's words.
            let pattern: [UInt8?] = [0, nil, nil, nil, 0x0A, UInt8(name.count)] + name.map { Optional($0) }
            let matches = prefix.prefix(pattern.count).enumerated().allSatisfy { i, byte in pattern[i].map { $0 == byte } ?? true }
            guard matches else { continue }
            if prefix.count >= pattern.count { return true }
            undecided = true
        }
        return undecided ? nil : false
    }
}
