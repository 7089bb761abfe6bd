import Foundation
import Testing

@testable import PlacesSupport

/// `ImageHeader` reads the format and size of each kind of image `places photo` keeps, and
/// nothing else: a header cut short at any byte, a size of 0, a JPEG whose scan comes before
/// any frame, or bytes of another kind are no image, and no input makes it trap.
@Suite("ImageHeader")
struct ImageHeaderTests {
    @Test(arguments: [
        (TestImages.png(width: 640, height: 480), ImageFormat.png, 640, 480),
        (TestImages.jpeg(width: 4032, height: 3024), .jpeg, 4032, 3024),
        (TestImages.gif(width: 1, height: 65_535), .gif, 1, 65_535),
        (TestImages.webp(width: 16_383, height: 2), .webp, 16_383, 2),
    ])
    func readsTheFormatAndSize(_ data: Data, _ format: ImageFormat, _ width: Int, _ height: Int) {
        #expect(ImageHeader(data) == ImageHeader(format: format, width: width, height: height))
        #expect(format.fileExtension == (format == .jpeg ? "jpg" : format.rawValue))
    }

    @Test func readsVP8AndVP8LWebP() {
        // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit sizes (the top bits are scale).
        let lossy = Data(
            Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [
                18, 0, 0, 0, 0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A, 0x20, 0xC3, 0x58, 0x02,
            ])
        #expect(ImageHeader(lossy) == ImageHeader(format: .webp, width: 800, height: 600))
        // Lossless: 0x2F, then width - 1 and height - 1 in 14 bits each.
        let bits: UInt32 = (99 & 0x3FFF) | ((49 & 0x3FFF) << 14)
        let lossless = Data(
            Array("RIFF".utf8) + [20, 0, 0, 0] + Array("WEBPVP8L".utf8) + [5, 0, 0, 0, 0x2F]
                + (0..<4).map { UInt8((bits >> (8 * $0)) & 0xFF) })
        #expect(ImageHeader(lossless) == ImageHeader(format: .webp, width: 100, height: 50))
    }

    @Test func aJPEGsFrameHeaderIsFoundPastOtherSegmentsAndFillBytes() {
        var bytes: [UInt8] = [
            0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x06, 1, 2, 3, 4, 0xFF, 0xFF, 0xFF, 0xC2, 0x00, 0x11, 8, 0x01, 0x00, 0x02, 0x00,
        ]
        bytes += Array(repeating: 0, count: 12)
        #expect(ImageHeader(Data(bytes)) == ImageHeader(format: .jpeg, width: 512, height: 256))
    }

    @Test func whatIsNoImageIsNone() {
        let cases: [(String, Data)] = [
            ("empty", Data()),
            ("HTML", Data("<!doctype html><html></html>".utf8)),
            ("JSON", Data(#"{"photoUri": "x"}"#.utf8)),
            ("a PNG of width 0", TestImages.png(width: 0, height: 5)),
            ("a GIF of height 0", TestImages.gif(width: 5, height: 0)),
            (
                "a PNG whose first chunk is not IHDR",
                Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IDAT".utf8) + Array(repeating: 1, count: 8))
            ),
            (
                "a PNG over 2^31 - 1 wide",
                Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0x80, 0, 0, 0, 0, 0, 0, 1])
            ),
            ("a JPEG scan before any frame", Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xC0, 0x00, 0x11, 8, 0, 1, 0, 1])),
            ("a JPEG segment running past the end", Data([0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF, 0, 0])),
            ("a JPEG marker that is no marker", Data([0xFF, 0xD8, 0x00, 0xC0, 0x00, 0x11, 8, 0, 1, 0, 1])),
            ("RIFF that is not WebP", Data(Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WAVE".utf8))),
        ]
        for (what, data) in cases { #expect(ImageHeader(data) == nil, "\(what)") }
    }

    @Test func everyPrefixOfAnImageIsReadWithoutTrapping() {
        for image in [
            TestImages.png(width: 3, height: 2), TestImages.jpeg(width: 3, height: 2), TestImages.gif(width: 3, height: 2),
            TestImages.webp(width: 3, height: 2),
        ] {
            let header = ImageHeader(image)
            #expect(header != nil)
            for count in 0..<image.count {
                let prefix = ImageHeader(image.prefix(count))
                #expect(prefix == nil || prefix == header)
            }
        }
        // Seeded noise behind each signature: never a trap, whatever is read.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for signature in [
            [0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array("GIF89a".utf8), Array("RIFF....WEBP".utf8),
        ] as [[UInt8]] {
            for _ in 0..<2000 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let count = Int(state >> 58)
                let noise = (0..<count).map { i in UInt8(truncatingIfNeeded: (state >> UInt64(i % 56)) &+ UInt64(i)) }
                if let header = ImageHeader(Data(signature + noise)) { #expect(header.width > 0 && header.height > 0) }
            }
        }
    }
}
