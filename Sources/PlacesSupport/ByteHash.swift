/// A fast, non-cryptographic 64-bit hash of bytes: for checksums that catch a damaged
/// cache file and for looking short keys up. Every bit of input changes the result.
package struct ByteHash: Sendable {
    package private(set) var value: UInt64

    package init(seed: UInt64 = 0x9E37_79B9_7F4A_7C15) {
        value = seed
    }

    private static let multiplier: UInt64 = 0xFF51_AFD7_ED55_8CCD

    @inline(__always) mutating package func combine(_ word: UInt64) {
        value = (value ^ word) &* Self.multiplier
        value ^= value >> 29
    }

    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return combine(0) }
        combine(UInt64(bytes.count))
        var i = 0
        while i + 8 <= bytes.count {
            combine((base + i).loadUnaligned(as: UInt64.self))
            i += 8
        }
        if i < bytes.count {
            var tail: UInt64 = 0
            for j in i..<bytes.count { tail |= UInt64(base.load(fromByteOffset: j, as: UInt8.self)) << (8 * UInt64(j - i)) }
            combine(tail)
        }
    }

    /// The hash, mixed once more so that nearby inputs land far apart.
    package var finalized: UInt64 {
        var h = value
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }

    package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = ByteHash()
        hash.combine(bytes)
        return hash.finalized
    }
}
