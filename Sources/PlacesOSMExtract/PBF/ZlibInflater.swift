import CZlib

/// Inflates the `zlib_data` of a PBF blob (RFC 1950) with the system's zlib, into a buffer
/// kept for the next blob, with one zlib stream reset for each (one inflater per reading
/// thread): whole, or a piece at a time for a reader that may stop early. The blob says how
/// long the result is (`raw_size`); anything else it inflates to is damage.
///
/// Without `checksum` the Adler-32 of the data is not computed (the deflate stream after
/// the 2-byte zlib header is inflated raw): for a reader that checks what it reads by other
/// means (`PBFVenueReader` finds its elements as the index described them), where the sum
/// costs a tenth of the inflating.
final class ZlibInflater {
    private let checksum: Bool
    private var buffer: UnsafeMutableRawBufferPointer
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var ready = false
    /// The blob being inflated: how long it is inflated, how much of it is out.
    private var rawSize = 0
    private var produced = 0
    private var ended = false

    /// The most bytes deflate ever packs into one: a run of 258-byte matches, each in a code
    /// of 2 bits at best (RFC 1951), so 1032 to 1.
    static let maximumRatio: Int64 = 1032

    init(checksum: Bool = true) {
        self.checksum = checksum
        buffer = .allocate(byteCount: 1 << 20, alignment: 16)
        stream.initialize(to: z_stream())
    }

    deinit {
        if ready { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        buffer.deallocate()
    }

    /// The `rawSize` bytes `compressed` inflates to, valid until the next call.
    func inflate(_ compressed: UnsafeRawBufferPointer, rawSize: Int) throws(PBFError) -> UnsafeRawBufferPointer {
        try begin(compressed, rawSize: rawSize)
        return try inflate(atLeast: rawSize)
    }

    /// Starts inflating `compressed`, which inflates to `rawSize` bytes.
    func begin(_ compressed: UnsafeRawBufferPointer, rawSize: Int) throws(PBFError) {
        if rawSize > buffer.count {
            buffer.deallocate()
            buffer = .allocate(byteCount: rawSize, alignment: 16)
        }
        self.rawSize = rawSize
        produced = 0
        ended = rawSize == 0
        guard rawSize > 0 else { return }
        guard var source = compressed.baseAddress?.assumingMemoryBound(to: Bytef.self) else { throw .damaged("its zlib data is empty") }
        var length = compressed.count
        if !checksum {
            // RFC 1950: CMF (deflate, a window of at most 32 KiB), FLG (no preset dictionary),
            // the two a multiple of 31; then the deflate stream.
            guard length >= 2, source[0] & 0x0F == 8, source[0] >> 4 <= 7, source[1] & 0x20 == 0,
                (UInt16(source[0]) << 8 | UInt16(source[1])) % 31 == 0
            else { throw .damaged("its zlib data has no zlib header") }
            source += 2
            length -= 2
        }
        try reset()
        stream.pointee.next_in = UnsafeMutablePointer(mutating: source)
        stream.pointee.avail_in = uInt(length)
    }

    /// Whether every byte of the blob is out.
    var isComplete: Bool { ended }

    /// Inflates on until at least `count` bytes are out (or all of them); the bytes so far,
    /// valid until the next call.
    func inflate(atLeast count: Int) throws(PBFError) -> UnsafeRawBufferPointer {
        guard let destination = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self) else { throw .damaged("its zlib data is empty") }
        let target = min(max(count, 0), rawSize)
        while !ended && produced < target {
            stream.pointee.next_out = destination + produced
            stream.pointee.avail_out = uInt(target - produced)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            produced = target - Int(stream.pointee.avail_out)
            switch status {
            case Z_STREAM_END:
                guard produced == rawSize else {
                    throw .damaged("its zlib data inflates to \(produced) bytes, not the \(rawSize) it declares")
                }
                ended = true
            case Z_OK:
                break
            case Z_BUF_ERROR:
                throw .damaged("its zlib data is cut short")
            case Z_MEM_ERROR:
                throw .damaged("there is not enough memory to inflate it")
            default:
                throw .damaged("its zlib data is damaged")
            }
        }
        if produced == rawSize && !ended {
            // All the bytes it declares are out: the stream must end there.
            var extra: UInt8 = 0
            try withUnsafeMutablePointer(to: &extra) { spare throws(PBFError) in
                stream.pointee.next_out = spare
                stream.pointee.avail_out = 1
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                guard status == Z_STREAM_END, stream.pointee.avail_out == 1 else {
                    throw .damaged(
                        status == Z_OK || stream.pointee.avail_out == 0
                            ? "its zlib data inflates to more than the \(rawSize) bytes it declares"
                            : "its zlib data is damaged or cut short")
                }
            }
            ended = true
        }
        return UnsafeRawBufferPointer(start: buffer.baseAddress, count: produced)
    }

    /// A stream ready for a new blob: made once, reset after.
    private func reset() throws(PBFError) {
        if ready {
            guard inflateReset(stream) == Z_OK else { throw .damaged("zlib could not start inflating it") }
            return
        }
        // Negative window bits: raw deflate, no header and no Adler-32 (zlib.h, inflateInit2).
        let status = inflateInit2_(stream, checksum ? MAX_WBITS : -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw .damaged(status == Z_MEM_ERROR ? "there is not enough memory to inflate it" : "zlib could not start inflating it")
        }
        ready = true
    }
}
