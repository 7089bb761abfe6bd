/// `JSONValue.format`'s text appended straight as bytes, for the bulk record writers: no
/// string is made for a whole number or for a decimal of at most 15 significant digits
/// and 8 after the point (a position as GPS logs give it, a distance to a tenth of a metre).
///
/// Why the text is the same: such a value is m / 10^k for whole m < 10^15, k ≤ 8, found by
/// trying k upward; `m / 10^k` rounds correctly (both exact doubles), and no two decimals of
/// at most 15 significant digits round to the same double, so m's digits, trailing zeros
/// dropped, are the shortest that read back as the value: what `description` prints, in
/// plain notation from 1e-4 up. Anything else goes through `JSONValue.format` itself.
package enum JSONNumberBytes {
    /// Appends `JSONValue.format(value)`'s text.
    package static func append(_ value: Double, to out: inout [UInt8]) {
        let magnitude = value.magnitude
        if magnitude == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        if magnitude >= 1e-3, magnitude < 1e9 {
            for k in 0...8 {
                let scale = powersOfTen[k]
                let m = (magnitude * scale).rounded()
                guard m < 1e15 else { break }
                if m / scale == magnitude {
                    if value < 0 { out.append(UInt8(ascii: "-")) }
                    appendDecimal(UInt64(m), pointBefore: k, to: &out)
                    return
                }
            }
        }
        out.append(contentsOf: JSONValue.format(value).utf8)
    }

    /// Appends the digits of `n`, as `String(n)` writes them.
    package static func append(_ n: Int, to out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(n.magnitude), pointBefore: 0, to: &out)
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]

    /// `m` with a point before its last `k` digits (zeros in front as needed), trailing
    /// zeros of the fraction dropped, and the point with them when nothing is left after it.
    private static func appendDecimal(_ m: UInt64, pointBefore k: Int, to out: inout [UInt8]) {
        // Digits last first: 20 hold any UInt64, and k ≤ 8 zeros in front.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            var count = 0, rest = m
            repeat {
                digits[count] = UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 || count <= k
            var low = 0
            while low < k, digits[low] == 0 { low += 1 }
            for i in stride(from: count - 1, through: k, by: -1) { out.append(0x30 + digits[i]) }
            guard low < k else { return }
            out.append(UInt8(ascii: "."))
            for i in stride(from: k - 1, through: low, by: -1) { out.append(0x30 + digits[i]) }
        }
    }
}
