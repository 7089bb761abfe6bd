/// A fixed set of short byte strings with a value each, looked up straight from bytes in
/// memory (no `String` made): for matching JSON keys and tag values while scanning.
///
/// Built once and kept for the life of the process; storage is raw memory so that a
/// lookup in a hot loop costs a few loads and compares, with no reference counting.
package final class ByteStringTable<Value>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Int32>
    private let mask: Int
    private let keyBytes: UnsafeMutablePointer<UInt8>
    private let keyOffsets: UnsafeMutablePointer<Int>
    private let values: UnsafeMutablePointer<Value>
    private let count: Int

    package init(_ entries: [(String, Value)]) {
        var size = 64
        while size < entries.count * 4 { size *= 2 }
        mask = size - 1
        count = entries.count
        slots = .allocate(capacity: size)
        slots.initialize(repeating: -1, count: size)
        let allBytes = entries.flatMap { Array($0.0.utf8) }
        keyBytes = .allocate(capacity: max(allBytes.count, 1))
        keyBytes.initialize(from: allBytes, count: allBytes.count)
        keyOffsets = .allocate(capacity: entries.count + 1)
        values = .allocate(capacity: max(entries.count, 1))
        var offset = 0
        for (i, (key, value)) in entries.enumerated() {
            keyOffsets[i] = offset
            offset += key.utf8.count
            (values + i).initialize(to: value)
        }
        keyOffsets[entries.count] = offset
        for i in 0..<entries.count {
            let key = UnsafeRawBufferPointer(start: keyBytes + keyOffsets[i], count: keyOffsets[i + 1] - keyOffsets[i])
            // Not reachable by data: tables are built from the program's own key lists, once.
            precondition(index(of: key) == nil, "duplicate key in ByteStringTable")
            var slot = Self.hash(key) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(i)
        }
    }

    deinit {
        slots.deallocate()
        keyBytes.deallocate()
        keyOffsets.deallocate()
        values.deinitialize(count: count)
        values.deallocate()
    }

    /// Length and three sampled bytes: enough to tell short keys apart, and cheap.
    @inline(__always) private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        let n = bytes.count
        guard n > 0 else { return 0 }
        let h = n &* 0x9E37 ^ Int(bytes[0]) &* 0x3B ^ Int(bytes[n - 1]) &* 0x1F3 ^ Int(bytes[n >> 1]) &* 0x7
        return h ^ (h >> 7)
    }

    @inline(__always) private func index(of bytes: UnsafeRawBufferPointer) -> Int? {
        var slot = Self.hash(bytes) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let start = keyOffsets[index]
            if keyOffsets[index + 1] - start == bytes.count, Self.equal(keyBytes + start, bytes) {
                return index
            }
            slot = (slot + 1) & mask
        }
    }

    /// Byte equality for short keys: eight bytes at a time, never reading past either end.
    @inline(__always) private static func equal(_ key: UnsafeMutablePointer<UInt8>, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        guard n > 0, let other = bytes.baseAddress else { return n == 0 }
        var i = 0
        while i &+ 8 <= n {
            guard UnsafeRawPointer(key + i).loadUnaligned(as: UInt64.self) == other.loadUnaligned(fromByteOffset: i, as: UInt64.self) else {
                return false
            }
            i &+= 8
        }
        while i < n {
            guard key[i] == other.load(fromByteOffset: i, as: UInt8.self) else { return false }
            i &+= 1
        }
        return true
    }

    /// The value stored for exactly these bytes, if any.
    @inline(__always) package func value(for bytes: UnsafeRawBufferPointer) -> Value? {
        index(of: bytes).map { values[$0] }
    }
}
