/// The data of a block's `Blob` (fileformat.proto: `raw` = 1, `raw_size` = 2,
/// `zlib_data` = 3, `lzma_data` = 4, `OBSOLETE_bzip2_data` = 5, `lz4_data` = 6,
/// `zstd_data` = 7): raw bytes as they lie in the file, zlib data inflated. The other
/// compressions are an error naming them (`PBFError.compression`).
enum PBFBlob {
    /// What a blob holds: raw bytes, or zlib data and the length it inflates to.
    enum Contents {
        case raw(Range<Int>)
        case zlib(Range<Int>, rawSize: Int)
    }

    /// Where `block`'s data lies in `file`, checked against the format's limits; a
    /// compression places does not read is an error naming it.
    static func contents(of block: PBFFileBlock, in file: UnsafeRawBufferPointer) throws(PBFError) -> Contents {
        guard let base = file.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .damaged("it is empty") }
        var cursor = ProtobufCursor(base, block.blob)
        var raw: Range<Int>?
        var zlib: Range<Int>?
        var rawSize: Int64?
        var other: String?
        do throws(PBFError) {
            while let field = try cursor.field() {
                switch (field.number, field.type) {
                case (1, .lengthDelimited): raw = try cursor.lengthDelimited()
                case (2, .varint): rawSize = Int64(try cursor.int32())
                case (3, .lengthDelimited): zlib = try cursor.lengthDelimited()
                case (4, .lengthDelimited):
                    other = "lzma"
                    _ = try cursor.lengthDelimited()
                case (5, .lengthDelimited):
                    other = "bzip2"
                    _ = try cursor.lengthDelimited()
                case (6, .lengthDelimited):
                    other = "lz4"
                    _ = try cursor.lengthDelimited()
                case (7, .lengthDelimited):
                    other = "zstd"
                    _ = try cursor.lengthDelimited()
                default: try cursor.skip(field.type)
                }
            }
        } catch {
            throw error.inBlock(at: block.offset)
        }
        if let raw {
            guard raw.count <= PBFFileBlock.maximumBlobBytes else { throw tooLarge(raw.count, block) }
            return .raw(raw)
        }
        if let zlib {
            guard let rawSize else {
                throw PBFError.damaged("its zlib data does not say how long it is inflated (raw_size)").inBlock(at: block.offset)
            }
            guard rawSize >= 0 else {
                throw PBFError.damaged("its zlib data declares a raw_size of \(rawSize) bytes, below zero").inBlock(at: block.offset)
            }
            guard rawSize <= Int64(PBFFileBlock.maximumBlobBytes) else { throw tooLarge(rawSize, block) }
            // Deflate never packs more than 1032 bytes into one (RFC 1951's longest match,
            // 258 bytes, in a code of at least 2 bits): a blob that says more is damage, found
            // before room for it is taken.
            guard rawSize <= Int64(zlib.count) * ZlibInflater.maximumRatio + 64 else {
                throw PBFError.damaged("its \(zlib.count) bytes of zlib data cannot inflate to the \(rawSize) bytes it declares (raw_size)")
                    .inBlock(at: block.offset)
            }
            return .zlib(zlib, rawSize: Int(rawSize))
        }
        if let other { throw PBFError(kind: .compression(name: other, block: block.offset)) }
        throw PBFError.damaged("its blob holds no data").inBlock(at: block.offset)
    }

    /// The uncompressed bytes of `block`, valid until `inflater` is used again (raw data is
    /// the file's own bytes). Over 32 MiB is damage, as the format's limit says.
    static func data(
        of block: PBFFileBlock, in file: UnsafeRawBufferPointer, inflater: ZlibInflater
    ) throws(PBFError) -> UnsafeRawBufferPointer {
        switch try contents(of: block, in: file) {
        case .raw(let range):
            return UnsafeRawBufferPointer(rebasing: file[range])
        case .zlib(let range, let rawSize):
            do {
                return try inflater.inflate(UnsafeRawBufferPointer(rebasing: file[range]), rawSize: rawSize)
            } catch {
                throw error.inBlock(at: block.offset)
            }
        }
    }

    private static func tooLarge<N: BinaryInteger>(_ size: N, _ block: PBFFileBlock) -> PBFError {
        PBFError.damaged("it is \(size) bytes uncompressed, over the format's limit of 32 MiB").inBlock(at: block.offset)
    }
}
