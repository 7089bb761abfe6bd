/// Turning a scanned string token into its text: escapes resolved, surrogate pairs joined.
extension JSONStringToken {
    /// The UTF-8 bytes the string stands for. The token must come from a scan that
    /// checked surrogates; anything else it could not hold becomes U+FFFD.
    func decodedBytes(in base: UnsafePointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start
        while i < end {
            let b = base[i]
            guard b == 0x5C else {
                out.append(b)
                i += 1
                continue
            }
            let e = base[i + 1]
            i += 2
            switch e {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var scalar = Self.hexQuad(base + i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar), i + 6 <= end, base[i] == 0x5C, base[i + 1] == 0x75 {
                    let low = Self.hexQuad(base + i + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let unicode = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: unicode.utf8)
            default: out.append(e)  // \" \\ \/
            }
        }
        return out
    }

    /// The string's text.
    func string(in base: UnsafePointer<UInt8>) -> String {
        if !hasEscapes {
            return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        }
        return String(decoding: decodedBytes(in: base), as: UTF8.self)
    }

    /// Calls `body` with the decoded bytes, without copying when there are no escapes.
    @inline(__always)
    func withDecodedBytes<R>(in base: UnsafePointer<UInt8>, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if !hasEscapes { return body(UnsafeRawBufferPointer(start: base + start, count: end - start)) }
        return decodedBytes(in: base).withUnsafeBytes(body)
    }

    private static func hexQuad(_ p: UnsafePointer<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 { value = value << 4 | (JSONCursor.hexValue(p[k]) ?? 0) }
        return value
    }
}
