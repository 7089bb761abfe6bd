import CZlib

/// A PNG decoded to 8-bit RGBA, for tests that look at the pixels a browser drew (the SVG
/// map): greyscale, RGB and their alpha forms at 8 or 16 bits, not interlaced; nothing else.
struct PNGImage {
    /// A pixel's colour, alpha left out.
    typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

    /// Why bytes are not a PNG this decoder reads.
    enum DecodeError: Error, CustomStringConvertible {
        case invalid(String)

        var description: String {
            switch self {
            case .invalid(let why): "not a PNG this decoder reads: \(why)"
            }
        }
    }

    let width: Int
    let height: Int
    /// Four bytes a pixel, R G B A, rows top to bottom.
    private let rgba: [UInt8]

    /// The most pixels a test image may have (a 4096 × 4096 screenshot): beyond that the
    /// header is damaged or the test is doing something else.
    static let maximumPixels = 1 << 24

    init(data: [UInt8]) throws(DecodeError) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= signature.count, Array(data[0..<signature.count]) == signature else {
            throw .invalid("no PNG signature")
        }
        var header: Header?
        var compressed: [UInt8] = []
        var offset = signature.count
        var ended = false
        while !ended {
            guard data.count - offset >= 12 else { throw .invalid("a chunk is cut short at byte \(offset)") }
            let length = Int(Self.bigEndian(data, at: offset))
            guard length <= data.count - offset - 12 else { throw .invalid("a chunk of \(length) bytes runs past the end") }
            let typeBytes = data[(offset + 4)..<(offset + 8)]
            let type = String(decoding: typeBytes, as: UTF8.self)
            let body = data[(offset + 8)..<(offset + 8 + length)]
            let storedCRC = Self.bigEndian(data, at: offset + 8 + length)
            guard Self.crc(data[(offset + 4)..<(offset + 8 + length)]) == storedCRC else {
                throw .invalid("chunk \(type) fails its CRC")
            }
            offset += 12 + length
            guard type == "IHDR" || header != nil else { throw .invalid("the first chunk is \(type), not IHDR") }
            switch type {
            case "IHDR":
                guard header == nil else { throw .invalid("a second IHDR") }
                header = try Header(Array(body))
            case "IDAT":
                compressed.append(contentsOf: body)
            case "IEND":
                ended = true
            case "PLTE":
                // A suggested palette for truecolour images; a palette image is refused by
                // the header already.
                break
            default:
                // Bit 5 of the first letter clear: critical, and a reader must not skip it.
                guard let first = typeBytes.first, first & 0x20 != 0 else { throw .invalid("unknown critical chunk \(type)") }
            }
        }
        guard let header else { throw .invalid("no IHDR") }
        guard !compressed.isEmpty else { throw .invalid("no IDAT") }
        let filtered = try Self.inflate(compressed, to: header.height * (1 + header.stride))
        width = header.width
        height = header.height
        rgba = try Self.unfilter(filtered, header)
    }

    /// The colour at column `x`, row `y` (0, 0 the top left).
    func pixel(x: Int, y: Int) -> RGB {
        let index = self.index(x, y)
        return (rgba[index], rgba[index + 1], rgba[index + 2])
    }

    /// The opacity at column `x`, row `y`: 255 for images without alpha.
    func alpha(x: Int, y: Int) -> UInt8 { rgba[index(x, y) + 3] }

    /// `#rrggbb` at column `x`, row `y`, for failure messages.
    func hex(x: Int, y: Int) -> String {
        let (r, g, b) = pixel(x: x, y: y)
        return "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// How many pixels of `rect` (clipped to the image; the whole image when nil) satisfy
    /// `predicate`.
    func count(where predicate: (RGB) -> Bool, in rect: (x: Int, y: Int, w: Int, h: Int)? = nil) -> Int {
        let area = rect ?? (0, 0, width, height)
        let xs = max(0, area.x)..<max(0, min(width, area.x + area.w))
        let ys = max(0, area.y)..<max(0, min(height, area.y + area.h))
        var count = 0
        for y in ys {
            for x in xs where predicate(pixel(x: x, y: y)) { count += 1 }
        }
        return count
    }

    /// Whether a pixel within `radius` of (`x`, `y`) (a disc, clipped to the image) is
    /// `colour` to within `tolerance` in each channel: for marks whose antialiased edge or
    /// exact position a browser may shift by a pixel or two.
    func isNear(_ colour: RGB, x: Int, y: Int, radius: Int, tolerance: UInt8) -> Bool {
        let r = max(0, radius)
        for dy in -r...r where (0..<height).contains(y + dy) {
            for dx in -r...r where dx * dx + dy * dy <= r * r && (0..<width).contains(x + dx) {
                if Self.matches(pixel(x: x + dx, y: y + dy), colour, tolerance: tolerance) { return true }
            }
        }
        return false
    }

    /// Whether `a` and `b` differ by at most `tolerance` in each channel.
    static func matches(_ a: RGB, _ b: RGB, tolerance: UInt8) -> Bool {
        func near(_ p: UInt8, _ q: UInt8) -> Bool { (p > q ? p - q : q - p) <= tolerance }
        return near(a.r, b.r) && near(a.g, b.g) && near(a.b, b.b)
    }

    private func index(_ x: Int, _ y: Int) -> Int {
        precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the \(width)×\(height) image")
        return (y * width + x) * 4
    }

    /// What IHDR says, checked against what this decoder reads.
    private struct Header {
        let width: Int
        let height: Int
        /// Samples a pixel: 1 grey, 2 grey and alpha, 3 RGB, 4 RGBA.
        let channels: Int
        /// Bytes a sample: 1 or 2 (16-bit samples keep their high byte).
        let sampleBytes: Int
        var pixelBytes: Int { channels * sampleBytes }
        /// Bytes a row, its filter byte left out.
        var stride: Int { width * pixelBytes }

        init(_ body: [UInt8]) throws(DecodeError) {
            guard body.count == 13 else { throw .invalid("IHDR is \(body.count) bytes, not 13") }
            width = Int(PNGImage.bigEndian(body, at: 0))
            height = Int(PNGImage.bigEndian(body, at: 4))
            guard width > 0, height > 0, width <= PNGImage.maximumPixels / height else {
                throw .invalid("\(width)×\(height) pixels")
            }
            let depth = body[8], colourType = body[9]
            switch colourType {
            case 0: channels = 1
            case 2: channels = 3
            case 4: channels = 2
            case 6: channels = 4
            case 3: throw .invalid("palette images (colour type 3) are not read")
            default: throw .invalid("colour type \(colourType)")
            }
            guard depth == 8 || depth == 16 else { throw .invalid("bit depth \(depth) (only 8 and 16 are read)") }
            sampleBytes = Int(depth) / 8
            guard body[10] == 0, body[11] == 0 else { throw .invalid("compression method \(body[10]), filter method \(body[11])") }
            guard body[12] == 0 else { throw .invalid("interlaced images are not read") }
        }
    }

    /// The zlib stream of the IDAT chunks inflated: exactly `size` bytes, or an error.
    private static func inflate(_ compressed: [UInt8], to size: Int) throws(DecodeError) -> [UInt8] {
        // One spare byte: a stream that fills it inflates to more than the image holds.
        var output = [UInt8](repeating: 0, count: size + 1)
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard inflateInit_(stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .invalid("zlib could not start inflating")
        }
        defer { inflateEnd(stream) }
        let (status, produced) = compressed.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.pointee.avail_in = uInt(source.count)
                stream.pointee.next_out = destination.baseAddress
                stream.pointee.avail_out = uInt(destination.count)
                let status = CZlib.inflate(stream, Z_FINISH)
                return (status, destination.count - Int(stream.pointee.avail_out))
            }
        }
        switch status {
        case Z_STREAM_END where produced == size:
            output.removeLast()
            return output
        case Z_STREAM_END:
            throw .invalid("the image data inflates to \(produced) bytes, not \(size)")
        case Z_BUF_ERROR where produced > size:
            throw .invalid("the image data inflates to more than \(size) bytes")
        case Z_BUF_ERROR:
            throw .invalid("the image data is cut short")
        default:
            throw .invalid("the image data is damaged (zlib status \(status))")
        }
    }

    /// The rows with their filters undone (PNG §9), as RGBA.
    private static func unfilter(_ filtered: [UInt8], _ header: Header) throws(DecodeError) -> [UInt8] {
        let stride = header.stride, step = header.pixelBytes
        var previous = [UInt8](repeating: 0, count: stride)
        var row = [UInt8](repeating: 0, count: stride)
        var rgba = [UInt8](repeating: 255, count: header.width * header.height * 4)
        for y in 0..<header.height {
            let start = y * (stride + 1)
            let filter = filtered[start]
            guard filter <= 4 else { throw .invalid("row \(y) has filter type \(filter)") }
            for i in 0..<stride {
                let raw = filtered[start + 1 + i]
                let left = i >= step ? row[i - step] : 0
                let up = previous[i]
                let upLeft = i >= step ? previous[i - step] : 0
                let predicted: UInt8
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = UInt8((Int(left) + Int(up)) / 2)
                default: predicted = paeth(left, up, upLeft)
                }
                row[i] = raw &+ predicted
            }
            for x in 0..<header.width {
                let pixel = x * step, out = (y * header.width + x) * 4
                // The high byte of each sample: grey is copied to R, G and B.
                let sample = { (channel: Int) in row[pixel + channel * header.sampleBytes] }
                switch header.channels {
                case 1, 2:
                    rgba[out] = sample(0)
                    rgba[out + 1] = sample(0)
                    rgba[out + 2] = sample(0)
                    if header.channels == 2 { rgba[out + 3] = sample(1) }
                default:
                    rgba[out] = sample(0)
                    rgba[out + 1] = sample(1)
                    rgba[out + 2] = sample(2)
                    if header.channels == 4 { rgba[out + 3] = sample(3) }
                }
            }
            swap(&previous, &row)
        }
        return rgba
    }

    /// The Paeth predictor: whichever of left, up and upper left is nearest to left + up − upper left.
    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}
