/// Reads protocol buffer wire format (protobuf.dev/programming-guides/encoding): field keys,
/// varints, zigzag integers and length-delimited fields, over bytes in memory.
///
/// Nothing read is trusted: a varint longer than 10 bytes (or whose 10th byte says more than
/// 64 bits), a length past the end of its message, a field number of 0, a group (wire types
/// 3 and 4, which no OSM message has) are errors, never a crash or a read out of bounds.
struct ProtobufCursor {
    /// Wire types (the encoding guide's table).
    enum WireType: UInt64 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    let base: UnsafePointer<UInt8>
    var position: Int
    let end: Int

    /// A cursor over `range` of the bytes at `base`.
    init(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) {
        self.base = base
        position = range.lowerBound
        end = range.upperBound
    }

    var isAtEnd: Bool { position >= end }

    @inline(__always)
    mutating func varint() throws(PBFError) -> UInt64 {
        // One byte: most tags and small deltas.
        if position < end, base[position] < 0x80 {
            let value = UInt64(base[position])
            position += 1
            return value
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw .damaged("a varint runs past the end of its message") }
            let byte = base[position]
            position += 1
            if shift == 63 && byte > 1 { throw .damaged("a varint is longer than 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A `sint64`/`sint32` (zigzag-coded) value.
    @inline(__always)
    mutating func signedVarint() throws(PBFError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// An `int64` value (two's complement in 64 bits).
    @inline(__always)
    mutating func int64() throws(PBFError) -> Int64 {
        Int64(bitPattern: try varint())
    }

    /// An `int32`/`uint32` value, which must fit in 32 bits (an `int32` below zero is sent
    /// sign-extended to 64 bits).
    @inline(__always)
    mutating func int32() throws(PBFError) -> Int32 {
        let value = Int64(bitPattern: try varint())
        guard let narrow = Int32(exactly: value) else { throw .damaged("a 32-bit field holds \(value)") }
        return narrow
    }

    /// The next field's number and wire type; nil at the end of the message.
    @inline(__always)
    mutating func field() throws(PBFError) -> (number: UInt64, type: WireType)? {
        guard position < end else { return nil }
        let key = try varint()
        let number = key >> 3
        guard number > 0, number < 1 << 29 else { throw .damaged("a field number of \(number)") }
        guard let type = WireType(rawValue: key & 7) else {
            throw .damaged("field \(number) has wire type \(key & 7), which no OSM message uses")
        }
        return (number, type)
    }

    /// The bytes of a length-delimited field, checked to lie inside the message.
    @inline(__always)
    mutating func lengthDelimited() throws(PBFError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw .damaged("a field of \(length) bytes runs past the end of its message (\(end - position) bytes left)")
        }
        let start = position
        position += Int(length)
        return start..<position
    }

    /// Passes over a field of `type` that the reader does not need.
    mutating func skip(_ type: WireType) throws(PBFError) {
        switch type {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        }
    }

    private mutating func advance(_ count: Int) throws(PBFError) {
        guard end - position >= count else { throw .damaged("a fixed-size field runs past the end of its message") }
        position += count
    }

    /// The field's value as a varint of either wire form: a repeated scalar may be packed
    /// (length-delimited) or sent one value per field, and a reader must take both.
    /// `body` gets each value.
    @inline(__always)
    mutating func repeatedVarints(_ type: WireType, _ body: (UInt64) -> Void) throws(PBFError) {
        switch type {
        case .varint:
            body(try varint())
        case .lengthDelimited:
            var packed = ProtobufCursor(base, try lengthDelimited())
            while !packed.isAtEnd { body(try packed.varint()) }
        default:
            throw .damaged("a repeated integer field has wire type \(type.rawValue)")
        }
    }
}
