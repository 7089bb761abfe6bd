/// A read position in a UTF-8 JSON text held in memory, with the lexical steps the
/// Overpass scanner is built from: whitespace, strings, numbers, literals, and skipping
/// a whole value of any shape.
///
/// Everything it passes over is checked against RFC 8259: string escapes, raw control
/// characters, UTF-8 well-formedness, the number grammar, nesting. Skipping is iterative,
/// so nesting depth costs memory (a bit per level), never stack.
struct JSONCursor {
    let base: UnsafePointer<UInt8>
    let count: Int
    var position: Int

    init(_ base: UnsafePointer<UInt8>, count: Int, position: Int = 0) {
        self.base = base
        self.count = count
        self.position = position
    }

    /// The byte at the position; 0 past the end (0 is never valid where a token may start).
    @inline(__always) var current: UInt8 { position < count ? base[position] : 0 }

    var isAtEnd: Bool { position >= count }

    @inline(__always) mutating func skipWhitespace() {
        var p = position
        while p < count, Self.isWhitespace(base[p]) { p &+= 1 }
        position = p
    }

    /// Space, tab, line feed or carriage return: one comparison and a bit test.
    @inline(__always) static func isWhitespace(_ b: UInt8) -> Bool {
        b <= 0x20 && (UInt64(0x1_0000_2600) >> UInt64(b)) & 1 != 0
    }

    /// An error at the position, naming what was found there.
    func unexpected(_ expectation: String) -> JSONScanError {
        JSONScanError("expected \(expectation) but found \(describeCurrent())", at: position)
    }

    func describeCurrent() -> String {
        guard position < count else { return "the end of the file" }
        let b = base[position]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    /// Steps over `byte` or fails naming what was expected.
    @inline(__always) mutating func expect(_ byte: UInt8, _ expectation: String) throws(JSONScanError) {
        guard current == byte else { throw unexpected(expectation) }
        position += 1
    }

    // MARK: Strings

    /// Scans the string starting at the position (on its opening quote) and steps past it.
    /// `checkingSurrogates` also refuses `\u` escapes that are lone UTF-16 surrogates, which
    /// the grammar allows but no Swift `String` can hold: strings that will be decoded need it.
    @inline(__always)
    mutating func scanString(checkingSurrogates: Bool) throws(JSONScanError) -> JSONStringToken {
        let open = position
        let base = self.base, count = self.count
        var p = position + 1
        var hasEscapes = false
        while true {
            // Eight bytes at a time up to the first that needs a look.
            while p &+ 8 <= count {
                let special = Self.specialBytes(UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
                if special != 0 {
                    p &+= special.trailingZeroBitCount >> 3
                    break
                }
                p &+= 8
            }
            guard p < count else { throw JSONScanError("unterminated string", at: open) }
            let b = base[p]
            if b == 0x22 {
                position = p + 1
                return JSONStringToken(start: open + 1, end: p, hasEscapes: hasEscapes)
            }
            if b == 0x5C {
                hasEscapes = true
                position = p
                try scanEscape(checkingSurrogates: checkingSurrogates)
                p = position
            } else if b < 0x20 {
                throw JSONScanError(
                    "control character U+00\(b < 0x10 ? "0" : "")\(String(b, radix: 16, uppercase: true)) must be escaped in a string",
                    at: p)
            } else if b < 0x80 {
                p &+= 1
            } else {
                position = p
                try scanUTF8Sequence()
                p = position
            }
        }
    }

    /// The high bit set in each of 8 bytes (little-endian) that is `"`, `\\`, a control
    /// character or non-ASCII. Bits above the lowest may be false alarms; the lowest is exact.
    @inline(__always) static func specialBytes(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (w &- ones &* 0x20) & ~w
        return (hasQuote | hasBackslash | hasControl | w) & highs
    }

    private mutating func scanEscape(checkingSurrogates: Bool) throws(JSONScanError) {
        let escape = position
        position += 1
        switch current {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
            position += 1
        case 0x75:
            position += 1
            let unit = try hexQuad(escapeStart: escape)
            guard checkingSurrogates else { return }
            if (0xDC00...0xDFFF).contains(unit) {
                throw JSONScanError("\\u\(String(unit, radix: 16)) is a lone low surrogate", at: escape)
            }
            if (0xD800...0xDBFF).contains(unit) {
                guard current == 0x5C, position + 1 < count, base[position + 1] == 0x75 else {
                    throw JSONScanError("\\u\(String(unit, radix: 16)) is a high surrogate without its low half", at: escape)
                }
                position += 2
                let low = try hexQuad(escapeStart: position - 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONScanError("\\u\(String(unit, radix: 16)) is a high surrogate without its low half", at: escape)
                }
            }
        default:
            throw JSONScanError(
                "invalid escape: expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX but found \(describeCurrent())", at: escape)
        }
    }

    private mutating func hexQuad(escapeStart: Int) throws(JSONScanError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexValue(current) else {
                throw JSONScanError("\\u must be followed by four hex digits", at: escapeStart)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    @inline(__always) static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }

    /// One multi-byte UTF-8 sequence, as RFC 3629 allows it (no overlongs, no surrogates, ≤ U+10FFFF).
    private mutating func scanUTF8Sequence() throws(JSONScanError) {
        let lead = base[position]
        let length: Int, secondRange: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: throw JSONScanError("invalid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)))", at: position)
        }
        guard position + length <= count, secondRange.contains(base[position + 1]) else {
            throw JSONScanError("invalid UTF-8 sequence", at: position)
        }
        for i in 2..<length where base[position + i] & 0xC0 != 0x80 {
            throw JSONScanError("invalid UTF-8 sequence", at: position)
        }
        position += length
    }

    // MARK: Literals and numbers

    /// `true`, `false` or `null` at the position.
    mutating func scanLiteral() throws(JSONScanError) {
        let literal: StaticString
        switch current {
        case 0x74: literal = "true"
        case 0x66: literal = "false"
        default: literal = "null"
        }
        let length = literal.utf8CodeUnitCount
        guard position + length <= count else { throw JSONScanError("invalid literal: expected true, false or null", at: position) }
        for i in 0..<length where base[position + i] != literal.utf8Start[i] {
            throw JSONScanError("invalid literal: expected true, false or null", at: position)
        }
        position += length
    }

    /// Scans a number by the JSON grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    @inline(__always)
    mutating func scanNumber() throws(JSONScanError) -> JSONNumberToken {
        let start = position
        var isInteger = true
        if current == 0x2D { position += 1 }
        if current == 0x30 {
            position += 1
            if Self.isDigit(current) { throw JSONScanError("numbers may not have leading zeros", at: start) }
        } else if Self.isDigit(current) {
            while Self.isDigit(current) { position += 1 }
        } else {
            throw JSONScanError("invalid number: expected a digit but found \(describeCurrent())", at: start)
        }
        if current == 0x2E {
            isInteger = false
            position += 1
            guard Self.isDigit(current) else { throw JSONScanError("invalid number: expected a digit after '.'", at: start) }
            while Self.isDigit(current) { position += 1 }
        }
        if current == 0x65 || current == 0x45 {
            isInteger = false
            position += 1
            if current == 0x2B || current == 0x2D { position += 1 }
            guard Self.isDigit(current) else { throw JSONScanError("invalid number: expected a digit in the exponent", at: start) }
            while Self.isDigit(current) { position += 1 }
        }
        return JSONNumberToken(start: start, end: position, isInteger: isInteger)
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    /// A number written `-?D+(.D+)?` with at most 15 digits (all of Overpass's coordinates),
    /// scanned and valued in one pass: one exact integer over one exact power of ten, so
    /// correctly rounded. Nil, with the position unchanged, for any other shape or for
    /// malformed text, which `scanNumber` then handles (and reports).
    @inline(__always) mutating func scanPlainDecimal() -> Double? {
        var p = position
        var mantissa: UInt64 = 0
        guard let integer = integerPart(from: &p, into: &mantissa) else { return nil }
        let integerDigits = integer.digits
        var fractionDigits = 0
        if p < count, base[p] == 0x2E {
            p &+= 1
            fractionDigits = digits(from: &p, into: &mantissa)
            guard fractionDigits > 0 else { return nil }
        }
        guard integerDigits &+ fractionDigits <= 15, p >= count || (base[p] | 0x20) != 0x65 else { return nil }
        position = p
        let value = Double(mantissa) / JSONNumberValue.powerOfTen(fractionDigits)
        return integer.negative ? -value : value
    }

    /// An integer written `-?D+` with at most 18 digits, scanned and valued in one pass;
    /// nil, with the position unchanged, for anything else (`scanNumber` then handles it).
    @inline(__always) mutating func scanPlainInteger() -> Int64? {
        var p = position
        var magnitude: UInt64 = 0
        guard let integer = integerPart(from: &p, into: &magnitude), integer.digits <= 18 else { return nil }
        if p < count, base[p] == 0x2E || (base[p] | 0x20) == 0x65 { return nil }
        position = p
        let value = Int64(truncatingIfNeeded: magnitude)
        return integer.negative ? -value : value
    }

    /// A number's sign and integer part from `p` on, as JSON writes them (`-?`, then `0` or
    /// digits not starting with `0`), the digits folded into `value`; nil for anything else.
    @inline(__always) private func integerPart(from p: inout Int, into value: inout UInt64) -> (negative: Bool, digits: Int)? {
        let negative = p < count && base[p] == 0x2D
        if negative { p &+= 1 }
        let start = p
        let digitCount = digits(from: &p, into: &value)
        guard digitCount > 0, digitCount == 1 || base[start] != 0x30 else { return nil }
        return (negative, digitCount)
    }

    /// The decimal digits from `p` on, folded into `value` (wrapping: the callers bound how
    /// many count), `p` left after them; how many there were.
    @inline(__always) private func digits(from p: inout Int, into value: inout UInt64) -> Int {
        let start = p
        while p < count, Self.isDigit(base[p]) {
            value = value &* 10 &+ UInt64(base[p] &- 0x30)
            p &+= 1
        }
        return p &- start
    }

    // MARK: Whole values

    /// At an object's `{` or an array's `[`: steps into it; false, and past `closing` (its
    /// `}` or `]`), when it is empty.
    @inline(__always) mutating func opens(closingWith closing: UInt8) -> Bool {
        position += 1
        skipWhitespace()
        if current == closing {
            position += 1
            return false
        }
        return true
    }

    /// Steps over one value of any type, checking it completely. `stack` is scratch space
    /// (one entry per open container) so that repeated calls do not allocate.
    mutating func skipValue(stack: inout [Bool]) throws(JSONScanError) {
        stack.removeAll(keepingCapacity: true)
        while true {
            // A value starts here.
            switch current {
            case 0x22:
                _ = try scanString(checkingSurrogates: false)
            case 0x2D, 0x30...0x39:
                _ = try scanNumber()
            case 0x74, 0x66, 0x6E:
                try scanLiteral()
            case 0x7B:
                if opens(closingWith: 0x7D) {
                    stack.append(true)
                    try skipKeyAndColon()
                    continue
                }
            case 0x5B:
                if opens(closingWith: 0x5D) {
                    stack.append(false)
                    continue
                }
            default:
                throw unexpected("a value")
            }
            // A value ended: close containers until one continues with ','.
            while let inObject = stack.last {
                skipWhitespace()
                if current == 0x2C {
                    position += 1
                    skipWhitespace()
                    if inObject { try skipKeyAndColon() }
                    break
                }
                guard current == (inObject ? 0x7D : 0x5D) else {
                    throw unexpected(inObject ? "',' or '}'" : "',' or ']'")
                }
                position += 1
                stack.removeLast()
            }
            if stack.isEmpty { return }
        }
    }

    /// `"key" :` inside a skipped object, leaving the position on the value.
    private mutating func skipKeyAndColon() throws(JSONScanError) {
        guard current == 0x22 else { throw unexpected("a string key") }
        _ = try scanString(checkingSurrogates: false)
        skipWhitespace()
        try expect(0x3A, "':'")
        skipWhitespace()
    }
}

/// Where a scanned string's content lies (between the quotes), and whether it has escapes.
struct JSONStringToken: Equatable {
    var start: Int
    var end: Int
    var hasEscapes: Bool
}

/// Where a scanned number lies, and whether it is written without fraction or exponent.
struct JSONNumberToken: Equatable {
    var start: Int
    var end: Int
    var isInteger: Bool
}
