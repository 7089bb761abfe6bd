/// Reads little-endian integers from bytes in memory, refusing to read past the end:
/// how a cache file that may be damaged is read without trusting it.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    @inline(__always) private mutating func load<T: FixedWidthInteger>(_: T.Type) throws(VenueIndexCorruption) -> T {
        let size = MemoryLayout<T>.size
        guard offset >= 0, offset <= bytes.count - size else {
            throw VenueIndexCorruption(reason: "a record runs past the end of the file")
        }
        defer { offset += size }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    mutating func u8() throws(VenueIndexCorruption) -> UInt8 { try load(UInt8.self) }
    mutating func u32() throws(VenueIndexCorruption) -> UInt32 { try load(UInt32.self) }
    mutating func u64() throws(VenueIndexCorruption) -> UInt64 { try load(UInt64.self) }
    mutating func f64() throws(VenueIndexCorruption) -> Double { Double(bitPattern: try load(UInt64.self)) }

    mutating func varint() throws(VenueIndexCorruption) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try u8()
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
            guard shift < 35 else { throw VenueIndexCorruption(reason: "a length is damaged") }
        }
        return Int(value)
    }

    /// `count` raw bytes.
    mutating func bytes(_ count: Int) throws(VenueIndexCorruption) -> [UInt8] {
        guard count >= 0, offset <= bytes.count - count else {
            throw VenueIndexCorruption(reason: "a record runs past the end of the file")
        }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    /// `count` bytes in place, without copying.
    mutating func slice(_ count: Int) throws(VenueIndexCorruption) -> UnsafeRawBufferPointer {
        guard count >= 0, offset <= bytes.count - count else {
            throw VenueIndexCorruption(reason: "a record runs past the end of the file")
        }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }
}
