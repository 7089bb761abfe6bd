import Foundation

/// What the first bytes of an image say it is: its format and its size in pixels, read from
/// its header (PNG's IHDR, a JPEG frame header, GIF's screen descriptor, WebP's VP8, VP8L or
/// VP8X chunk). Every offset and number is checked against the bytes there are: a header
/// cut short, a size of 0 or a JPEG with no frame before its scan is not an image.
///
/// Bytes from the web are not trusted to be what their `Content-Type` says: a photo is
/// saved only when this reads it.
package struct ImageHeader: Sendable, Equatable {
    package let format: ImageFormat
    package let width: Int
    package let height: Int

    /// The header of `data`; nil when it is no image of a known format, or its size cannot be read.
    package init?(_ data: Data) {
        guard let header = data.withUnsafeBytes({ ImageHeader(bytes: $0) }) else { return nil }
        self = header
    }

    /// The header of `bytes`; nil when they are no image of a known format, or its size cannot be read.
    package init?(bytes: UnsafeRawBufferPointer) {
        guard let format = ImageFormat(signatureOf: bytes) else { return nil }
        let reader = Reader(bytes: bytes)
        let size: (width: Int, height: Int)?
        switch format {
        case .png: size = Self.pngSize(reader)
        case .gif: size = Self.gifSize(reader)
        case .webp: size = Self.webpSize(reader)
        case .jpeg: size = Self.jpegSize(reader)
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        self.format = format
        self.width = size.width
        self.height = size.height
    }

    package init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The signature, then the first chunk, which must be IHDR: width and height, four bytes
    /// each, big-endian, at most 2^31 - 1 (PNG specification §11.2.2).
    private static func pngSize(_ reader: Reader) -> (width: Int, height: Int)? {
        guard reader.ascii(at: 12, count: 4) == "IHDR", let width = reader.uint32BE(at: 16), let height = reader.uint32BE(at: 20),
            width <= Int32.max, height <= Int32.max
        else { return nil }
        return (Int(width), Int(height))
    }

    /// The logical screen descriptor after the six signature bytes: width and height, two
    /// bytes each, little-endian.
    private static func gifSize(_ reader: Reader) -> (width: Int, height: Int)? {
        guard let width = reader.uint16LE(at: 6), let height = reader.uint16LE(at: 8) else { return nil }
        return (Int(width), Int(height))
    }

    /// `RIFF size WEBP`, then the first chunk: `VP8 ` (lossy: 14-bit sizes after the frame's
    /// start code 9D 01 2A), `VP8L` (lossless: 14-bit sizes minus one after the byte 0x2F) or
    /// `VP8X` (extended: 24-bit canvas sizes minus one) (RFC 9649).
    private static func webpSize(_ reader: Reader) -> (width: Int, height: Int)? {
        switch reader.ascii(at: 12, count: 4) {
        case "VP8 ":
            guard reader.byte(at: 23) == 0x9D, reader.byte(at: 24) == 0x01, reader.byte(at: 25) == 0x2A,
                let width = reader.uint16LE(at: 26), let height = reader.uint16LE(at: 28)
            else { return nil }
            return (Int(width & 0x3FFF), Int(height & 0x3FFF))
        case "VP8L":
            guard reader.byte(at: 20) == 0x2F, let bits = reader.uint32LE(at: 21) else { return nil }
            return (Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let width = reader.uint24LE(at: 24), let height = reader.uint24LE(at: 27) else { return nil }
            return (Int(width) + 1, Int(height) + 1)
        default:
            return nil
        }
    }

    /// The segments after SOI, up to the first frame header (SOF0 to SOF15 but DHT, JPG and
    /// DAC): its height and width, two bytes each, big-endian. A scan (SOS) or the end (EOI)
    /// before any frame header, or a segment length running past the bytes, is no image.
    private static func jpegSize(_ reader: Reader) -> (width: Int, height: Int)? {
        var offset = 2
        while offset < reader.count {
            guard reader.byte(at: offset) == 0xFF else { return nil }
            // Fill bytes: any number of 0xFF before a marker.
            var at = offset + 1
            while reader.byte(at: at) == 0xFF { at += 1 }
            guard let marker = reader.byte(at: at) else { return nil }
            // Markers without a segment: TEM, RST0-7, and SOI repeated.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                offset = at + 1
                continue
            }
            if marker == 0xD9 || marker == 0xDA { return nil }
            guard let length = reader.uint16BE(at: at + 1), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7, let height = reader.uint16BE(at: at + 4), let width = reader.uint16BE(at: at + 6) else { return nil }
                return (Int(width), Int(height))
            }
            offset = at + 1 + Int(length)
        }
        return nil
    }

    /// Bounds-checked reads of fixed-width numbers: nil past the end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer

        var count: Int { bytes.count }

        func byte(at offset: Int) -> UInt8? {
            offset >= 0 && offset < bytes.count ? bytes[offset] : nil
        }

        private func has(_ offset: Int, _ length: Int) -> Bool {
            offset >= 0 && length <= bytes.count && offset <= bytes.count - length
        }

        func ascii(at offset: Int, count length: Int) -> String? {
            guard has(offset, length) else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        }

        func uint16BE(at offset: Int) -> UInt16? {
            guard has(offset, 2) else { return nil }
            return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        }

        func uint16LE(at offset: Int) -> UInt16? {
            guard has(offset, 2) else { return nil }
            return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
        }

        func uint24LE(at offset: Int) -> UInt32? {
            guard has(offset, 3) else { return nil }
            return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
        }

        func uint32LE(at offset: Int) -> UInt32? {
            guard has(offset, 4) else { return nil }
            return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
        }

        func uint32BE(at offset: Int) -> UInt32? {
            guard has(offset, 4) else { return nil }
            return (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
        }
    }
}
