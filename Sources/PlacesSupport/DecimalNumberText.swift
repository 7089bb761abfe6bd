/// The text of a decimal number, as JSON writes it and as HTTP's delay seconds may be
/// written: where runs of digits, a fraction and an exponent end, read from bytes.
package enum DecimalNumberText {
    /// Where the ASCII digits from `start` on end (`start` when there are none).
    package static func digitsEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        return i
    }

    /// Where an optional fraction (`.` and digits) and an optional exponent (`e` or `E`, a
    /// sign, digits) from `start` on end; nil when either begins without its digits.
    package static func fractionAndExponentEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            let end = digitsEnd(bytes, from: i + 1)
            guard end > i + 1 else { return nil }
            i = end
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let end = digitsEnd(bytes, from: i)
            guard end > i else { return nil }
            i = end
        }
        return i
    }
}
