import Foundation

/// Small images of each format `places photo` keeps, written byte by byte from the formats'
/// specifications, with a given size: what a fake image host serves.
enum TestImages {
    /// A real PNG (8-bit RGB, one colour), its pixel data in stored deflate blocks.
    static func png(width: Int, height: Int) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + Array(repeating: [0xC0, 0x40, 0x20], count: width).flatMap { $0 } }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        zlib += bigEndian(adler32(raw))
        var data: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        data += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
        data += chunk("IDAT", zlib)
        data += chunk("IEND", [])
        return Data(data)
    }

    /// A baseline JPEG's markers: SOI, a JFIF APP0, a SOF0 frame header with the size, a
    /// scan header, a few bytes of scan, EOI (not decodable pixels: the header is what is read).
    static func jpeg(width: Int, height: Int, padding: Int = 64) -> Data {
        var data: [UInt8] = [0xFF, 0xD8]
        data += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        data += [0xFF, 0xC0, 0x00, 0x11, 0x08] + bigEndian16(height) + bigEndian16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        data += [0xFF, 0xDA, 0x00, 0x0C, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
        data += (0..<padding).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) & 0x7F }
        data += [0xFF, 0xD9]
        return Data(data)
    }

    /// A GIF89a with its logical screen size and a trailer.
    static func gif(width: Int, height: Int) -> Data {
        Data(Array("GIF89a".utf8) + littleEndian16(width) + littleEndian16(height) + [0, 0, 0, 0x3B])
    }

    /// A WebP of the extended form (`VP8X`), its canvas size as the format stores it (minus one).
    static func webp(width: Int, height: Int) -> Data {
        let chunk: [UInt8] = Array("VP8X".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0] + littleEndian24(width - 1) + littleEndian24(height - 1)
        return Data(Array("RIFF".utf8) + littleEndian32(4 + chunk.count) + Array("WEBP".utf8) + chunk)
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    private static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    private static func littleEndian16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    private static func littleEndian24(_ value: Int) -> [UInt8] { (0..<3).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    private static func littleEndian32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
