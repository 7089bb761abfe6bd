import CZlib

/// Inflates the `zlib_data` of a PBF blob (RFC 1950) with the system's zlib, into a buffer
/// kept for the next blob (one per reading thread). The blob says how long the result is
/// (`raw_size`); anything else it inflates to is damage.
final class ZlibInflater {
    private var buffer: UnsafeMutableRawBufferPointer

    init() {
        buffer = .allocate(byteCount: 1 << 20, alignment: 16)
    }

    deinit {
        buffer.deallocate()
    }

    /// The `rawSize` bytes `compressed` inflates to, valid until the next call.
    func inflate(_ compressed: UnsafeRawBufferPointer, rawSize: Int) throws(PBFError) -> UnsafeRawBufferPointer {
        if rawSize > buffer.count {
            buffer.deallocate()
            buffer = .allocate(byteCount: rawSize, alignment: 16)
        }
        guard rawSize > 0 else {
            return UnsafeRawBufferPointer(start: buffer.baseAddress, count: 0)
        }
        guard let source = compressed.baseAddress?.assumingMemoryBound(to: Bytef.self),
              let destination = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self) else {
            throw .damaged("its zlib data is empty")
        }
        var written = uLongf(rawSize)
        let status = uncompress(destination, &written, source, uLong(compressed.count))
        switch status {
        case Z_OK:
            guard written == uLongf(rawSize) else { throw .damaged("its zlib data inflates to \(written) bytes, not the \(rawSize) it declares") }
            return UnsafeRawBufferPointer(start: buffer.baseAddress, count: rawSize)
        case Z_BUF_ERROR:
            throw .damaged("its zlib data inflates to more than the \(rawSize) bytes it declares, or is cut short")
        case Z_MEM_ERROR:
            throw .damaged("there is not enough memory to inflate it")
        default:
            throw .damaged("its zlib data is damaged")
        }
    }
}
