/// The raster formats a downloaded photo may be in, told by their first bytes: what a file
/// saved from the web is called (`jpg`) and what it is (`image/jpeg`), whatever a server said.
package enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp

    /// The media type (`image/jpeg`).
    package var mediaType: String { "image/\(rawValue)" }

    /// The file name extension a saved file gets (`jpg`).
    package var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The format whose signature `bytes` start with (JPEG `FF D8 FF`, PNG's eight bytes,
    /// `GIF87a`/`GIF89a`, `RIFF....WEBP`); nil for anything else.
    package init?(signatureOf bytes: UnsafeRawBufferPointer) {
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + signature.count else { return false }
            return signature.indices.allSatisfy { bytes[offset + $0] == signature[$0] }
        }
        if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(with: Array("RIFF".utf8)), starts(with: Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }
}
