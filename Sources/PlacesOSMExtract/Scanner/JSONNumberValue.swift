/// The values of scanned JSON numbers, as Foundation's `JSONDecoder` gives them for a
/// `Double` or an `Int64` field (checked against it in the tests).
enum JSONNumberValue {
    /// The correctly rounded `Double`; nil when the number overflows to infinity or
    /// underflows to zero from a nonzero value (JSONDecoder refuses both).
    ///
    /// When its significant digits make an integer up to 2^53 and its decimal exponent is
    /// within ±22, the value is one exact integer times or divided by one exact power of
    /// ten: a single IEEE operation, so correctly rounded (Clinger's fast path); the rest go
    /// to the C library's `strtod` through `Double(_:)`. (The scanner values plain
    /// coordinates as it reads them, `JSONCursor.scanPlainDecimal`, by the same rule.)
    static func double(in base: UnsafePointer<UInt8>, _ token: JSONNumberToken) -> Double? {
        let digits = Digits(base, token)
        if digits.mantissa == 0 { return digits.negative ? -0.0 : 0.0 }
        if !digits.truncated, digits.mantissa <= 1 << 53, (-22...22).contains(digits.exponent) {
            let m = Double(digits.mantissa)
            let value = digits.exponent >= 0 ? m * powerOfTen(digits.exponent) : m / powerOfTen(-digits.exponent)
            return digits.negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + token.start, count: token.end - token.start), as: UTF8.self)
        guard let value = Double(text), value.isFinite, value != 0 else { return nil }
        return value
    }

    /// The exact value when the number is an integer in `Int64`'s range: `7`, `-7`,
    /// `7.0` and `7e2` are; `7.5` and `1e19` are not.
    static func int64(in base: UnsafePointer<UInt8>, _ token: JSONNumberToken) -> Int64? {
        let digits = Digits(base, token)
        if digits.mantissa == 0 { return 0 }
        // A nonzero digit past the 19 kept: not an integer, or beyond Int64 (19 digits).
        guard !digits.truncated else { return nil }
        // value = mantissa × 10^exponent: whole when the zeros at the mantissa's end cover a
        // negative exponent.
        var magnitude = digits.mantissa
        var scale = digits.exponent
        while scale < 0 {
            guard magnitude % 10 == 0 else { return nil }
            magnitude /= 10
            scale += 1
        }
        while scale > 0 {
            let (m, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            magnitude = m
            scale -= 1
        }
        if digits.negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// 10^n for n in 0...22, the powers a `Double` holds exactly.
    @inline(__always) static func powerOfTen(_ n: Int) -> Double {
        switch n {
        case 0: return 1e0
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    /// A number as up to 19 significant digits and a decimal exponent.
    private struct Digits {
        var negative = false
        var mantissa: UInt64 = 0
        var exponent = 0
        /// Nonzero digits beyond the 19 kept.
        var truncated = false

        @inline(__always) init(_ base: UnsafePointer<UInt8>, _ token: JSONNumberToken) {
            var i = token.start
            if base[i] == 0x2D { negative = true; i += 1 }
            var kept = 0
            var inFraction = false
            while i < token.end {
                let b = base[i]
                if b == 0x2E { inFraction = true; i += 1; continue }
                guard JSONCursor.isDigit(b) else { break }
                let d = UInt64(b - 0x30)
                if mantissa == 0 && d == 0 {
                    if inFraction { exponent -= 1 }
                } else if kept < 19 {
                    mantissa = mantissa &* 10 &+ d
                    kept += 1
                    if inFraction { exponent -= 1 }
                } else {
                    if !inFraction { exponent += 1 }
                    if d != 0 { truncated = true }
                }
                i += 1
            }
            if i < token.end { exponent += Self.exponent(base, from: i + 1, to: token.end) }
        }

        /// The exponent after `e`/`E`, saturated far beyond any `Double`'s range.
        static func exponent(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
            var i = start
            var negative = false
            if base[i] == 0x2D { negative = true; i += 1 } else if base[i] == 0x2B { i += 1 }
            var value = 0
            while i < end {
                value = min(value * 10 + Int(base[i] - 0x30), 1_000_000)
                i += 1
            }
            return negative ? -value : value
        }
    }
}
