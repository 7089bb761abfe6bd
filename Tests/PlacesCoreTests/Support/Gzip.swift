import Foundation

/// Real gzip bytes (RFC 1952) built by hand, for answers a fake sends with
/// `Content-Encoding: gzip`: the deflate stream uses stored (uncompressed) blocks, which
/// every inflater reads, so the result is always a little longer than its input.
enum Gzip {
    static func stored(_ data: Data) -> Data {
        var out = Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
        let bytes = [UInt8](data)
        var offset = 0
        repeat {
            let count = min(0xffff, bytes.count - offset)
            let isLast = offset + count == bytes.count
            out.append(isLast ? 1 : 0)
            out.append(contentsOf: littleEndian(UInt16(count)))
            out.append(contentsOf: littleEndian(~UInt16(count)))
            out.append(contentsOf: bytes[offset..<offset + count])
            offset += count
        } while offset < bytes.count
        out.append(contentsOf: littleEndian(crc32(bytes)))
        out.append(contentsOf: littleEndian(UInt32(truncatingIfNeeded: bytes.count)))
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
