import Foundation

/// A real gzip member whose deflate stream uses stored (uncompressed) blocks: valid for any
/// decoder, made without zlib, and always a little longer than what it holds, which is
/// exactly the case that confused a client comparing lengths (issue 10, item 6).
enum StoredGzip {
    static func encode(_ data: Data) -> Data {
        var out = Data([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
        let bytes = [UInt8](data)
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let final = offset + length == bytes.count
            out.append(final ? 0x01 : 0x00)
            out.append(contentsOf: [UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8((~length >> 8) & 0xff)])
            out.append(contentsOf: bytes[offset..<(offset + length)])
            offset += length
        } while offset < bytes.count
        appendLittleEndian(crc32(bytes), to: &out)
        appendLittleEndian(UInt32(truncatingIfNeeded: bytes.count), to: &out)
        return out
    }

    private static func appendLittleEndian(_ value: UInt32, to out: inout Data) {
        out.append(contentsOf: [UInt8(value & 0xff), UInt8((value >> 8) & 0xff), UInt8((value >> 16) & 0xff), UInt8(value >> 24)])
    }

    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xff)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
