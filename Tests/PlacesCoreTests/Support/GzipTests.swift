import Foundation
import Testing

@Suite("Test support: gzip builder")
struct GzipTests {
    @Test func crcAndLayoutMatchRFC1952() {
        #expect(Gzip.crc32(Array(#"{"a":1}"#.utf8)) == 0x561b_acaf)
        let bytes = [UInt8](Gzip.stored(Data("{}".utf8)))
        #expect(bytes.prefix(3) == [0x1f, 0x8b, 8])
        #expect(bytes.count == 10 + 5 + 2 + 8, "header, one stored block, trailer: longer than the source")
        #expect(Array(bytes.suffix(4)) == [2, 0, 0, 0], "ISIZE")
    }
}
