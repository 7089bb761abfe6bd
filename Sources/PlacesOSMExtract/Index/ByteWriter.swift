/// Appends little-endian integers and raw bytes to a growing byte array.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    /// An unsigned LEB128 varint: 7 bits a byte, low bits first.
    mutating func appendVarint(_ value: Int) {
        var v = UInt64(value)
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
}
