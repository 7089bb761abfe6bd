import Testing

@testable import PlacesCore
@testable import PlacesOSMExtract

/// Protocol buffer varints and lengths from untrusted bytes: every limit is an error.
@Suite("Protocol buffer cursor")
struct ProtobufCursorTests {
    func read<T>(_ bytes: [UInt8], _ body: (inout ProtobufCursor) throws(PBFError) -> T) -> Result<T, PBFError> {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = ProtobufCursor(buffer.baseAddress ?? PBFPrimitiveBlock.noBytes, 0..<buffer.count)
            return Result { () throws(PBFError) -> T in try body(&cursor) }
        }
    }

    @Test func varintsUpToSixtyFourBits() throws {
        #expect(try read([0x96, 0x01]) { c throws(PBFError) in try c.varint() }.get() == 150)
        #expect(try read(Array(repeating: 0xFF, count: 9) + [0x01]) { c throws(PBFError) in try c.varint() }.get() == .max)
        #expect(throws: PBFError.damaged("a varint is longer than 64 bits")) {
            try read(Array(repeating: 0xFF, count: 9) + [0x02]) { c throws(PBFError) in try c.varint() }.get()
        }
        #expect(throws: PBFError.damaged("a varint runs past the end of its message")) {
            try read([0x80, 0x80]) { c throws(PBFError) in try c.varint() }.get()
        }
        #expect(try read([0x03]) { c throws(PBFError) in try c.signedVarint() }.get() == -2)
    }

    @Test func int32AndLengthsAreRangeChecked() {
        // 2^31 does not fit an int32; -1 (ten bytes, sign-extended) does.
        #expect(throws: PBFError.damaged("a 32-bit field holds 2147483648")) {
            try read([0x80, 0x80, 0x80, 0x80, 0x08]) { c throws(PBFError) in try c.int32() }.get()
        }
        #expect((try? read(Array(repeating: 0xFF, count: 9) + [0x01]) { c throws(PBFError) in try c.int32() }.get()) == -1)
        #expect(throws: PBFError.damaged("a field of 5 bytes runs past the end of its message (2 bytes left)")) {
            try read([0x05, 1, 2]) { c throws(PBFError) in try c.lengthDelimited() }.get()
        }
        #expect(throws: PBFError.damaged("a field number of 0")) {
            try read([0x02, 0x00]) { c throws(PBFError) in try c.field() }.get()
        }
    }

    @Test func centresRoundAsOverpassPrintsThem() {
        #expect(PBFMemberPlacement.roundedTo7Decimals(60.10000025000001) == 60.1000003)
        #expect(PBFMemberPlacement.roundedTo7Decimals(24.94) == 24.94)
        #expect(PBFMemberPlacement.roundedTo7Decimals(-0.00000004) == 0)
    }

    @Test func aStreamIsToldByItsFirstBytes() {
        let start: [UInt8] = [0, 0, 0, 14, 0x0A, 9] + Array("OSMHeader".utf8)
        for count in 0..<start.count {
            #expect(start.prefix(count).withUnsafeBytes(PBFFileBlock.startVerdict) == nil)
        }
        #expect(start.withUnsafeBytes(PBFFileBlock.startVerdict) == true)
        #expect(start.withUnsafeBytes(ExtractFileFormat.streamStartVerdict) == false)
        #expect(Array("{\"elements\"".utf8).withUnsafeBytes(ExtractFileFormat.streamStartVerdict) == false)
        #expect(Array("[1]".utf8).withUnsafeBytes(ExtractFileFormat.streamStartVerdict) == true)
    }
}
