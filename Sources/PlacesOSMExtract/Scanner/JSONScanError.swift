/// Why a JSON text could not be read as an Overpass document, and the byte where that showed.
struct JSONScanError: Error, Equatable, Sendable {
    /// Zero-based offset from the first byte of the file (a byte-order mark counts).
    var offset: Int
    var message: String

    init(_ message: String, at offset: Int) {
        self.offset = offset
        self.message = message
    }

    /// `at byte 1234 (line 56, column 7)`, counting lines and columns from 1 in `text`.
    func location(in text: UnsafeRawBufferPointer) -> String {
        let end = min(max(offset, 0), text.count)
        var line = 1, lineStart = 0
        for i in 0..<end where text[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return "at byte \(offset) (line \(line), column \(end - lineStart + 1))"
    }
}
