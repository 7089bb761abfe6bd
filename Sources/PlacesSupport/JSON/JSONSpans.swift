import Foundation

/// Where the values of a JSON text are, without building them: a validating walk over the
/// bytes with an explicit stack (any depth, never recursion), and the members of the
/// top-level object or the items of an array as byte ranges. For what must be echoed byte
/// for byte (a batch line's `id`), looked at cheaply (the top-level keys of a large answer),
/// or read at a depth `JSONSerialization` refuses.
package struct JSONSpans {
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// The range of the one value the whole text holds (whitespace around it allowed), or nil
    /// when it is not exactly one valid JSON value.
    package var wholeValue: Range<Int>? {
        let start = skipSpace(0)
        guard let end = valueEnd(from: start), skipSpace(end) == bytes.count else { return nil }
        return start..<end
    }

    /// The members of the object at `range`, in order, keys decoded; nil when `range` is not
    /// an object. Assumes `range` came from this walk (valid JSON).
    package func members(of range: Range<Int>) -> [(key: String, value: Range<Int>)]? {
        guard bytes[range.lowerBound] == UInt8(ascii: "{") else { return nil }
        var out: [(key: String, value: Range<Int>)] = []
        var i = skipSpace(range.lowerBound + 1)
        while i < range.upperBound, bytes[i] != UInt8(ascii: "}") {
            guard let keyEnd = stringEnd(from: i), let key = string(at: i..<keyEnd) else { return nil }
            let valueStart = skipSpace(skipSpace(keyEnd) + 1)
            guard let valueEnd = valueEnd(from: valueStart) else { return nil }
            out.append((key, valueStart..<valueEnd))
            i = skipSpace(valueEnd)
            if i < range.upperBound, bytes[i] == UInt8(ascii: ",") { i = skipSpace(i + 1) }
        }
        return out
    }

    /// The items of the array at `range`, in order; nil when `range` is not an array.
    package func items(of range: Range<Int>) -> [Range<Int>]? {
        guard bytes[range.lowerBound] == UInt8(ascii: "[") else { return nil }
        var out: [Range<Int>] = []
        var i = skipSpace(range.lowerBound + 1)
        while i < range.upperBound, bytes[i] != UInt8(ascii: "]") {
            guard let end = valueEnd(from: i) else { return nil }
            out.append(i..<end)
            i = skipSpace(end)
            if i < range.upperBound, bytes[i] == UInt8(ascii: ",") { i = skipSpace(i + 1) }
        }
        return out
    }

    /// The text of the string value at `range`, escapes decoded; nil when it is not a string.
    package func string(at range: Range<Int>) -> String? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
        let inner = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
        return (try? JSONSerialization.jsonObject(with: Data(bytes[range]), options: [.fragmentsAllowed])) as? String
    }

    /// The bytes of `range` as text, for echoing a value as it was written.
    package func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: - The walk

    private func skipSpace(_ start: Int) -> Int {
        var i = start
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return i
    }

    /// The end of the value starting exactly at `start`, or nil when no valid one does.
    func valueEnd(from start: Int) -> Int? {
        // What each open container expects next: true while an object's key is due.
        var open: [(isObject: Bool, expectsKey: Bool)] = []
        var i = start
        while true {
            // A value is due here.
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[i] == UInt8(ascii: "{")
                i = skipSpace(i + 1)
                if i < bytes.count, bytes[i] == UInt8(ascii: isObject ? "}" : "]") {
                    i += 1
                } else {
                    open.append((isObject, isObject))
                    if isObject {
                        guard let afterKey = key(from: i) else { return nil }
                        i = afterKey
                    }
                    continue
                }
            case UInt8(ascii: "\""):
                guard let end = stringEnd(from: i) else { return nil }
                i = end
            case UInt8(ascii: "t"): guard let end = literal("true", at: i) else { return nil }; i = end
            case UInt8(ascii: "f"): guard let end = literal("false", at: i) else { return nil }; i = end
            case UInt8(ascii: "n"): guard let end = literal("null", at: i) else { return nil }; i = end
            default:
                guard let end = numberEnd(from: i) else { return nil }
                i = end
            }
            // A value ended at i: close what it completes, then find where the next one starts.
            while true {
                guard let top = open.last else { return i }
                i = skipSpace(i)
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") {
                    i = skipSpace(i + 1)
                    if top.isObject {
                        guard let afterKey = key(from: i) else { return nil }
                        i = afterKey
                    }
                    break
                }
                guard bytes[i] == UInt8(ascii: top.isObject ? "}" : "]") else { return nil }
                open.removeLast()
                i += 1
            }
        }
    }

    /// After `"key" :` starting at `start`, at the value (spaces skipped); nil when it is not that.
    private func key(from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\""), let end = stringEnd(from: start) else { return nil }
        let colon = skipSpace(end)
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return nil }
        return skipSpace(colon + 1)
    }

    private func stringEnd(from start: Int) -> Int? {
        var i = start + 1
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x20 { return nil }
            if b == UInt8(ascii: "\"") { return i + 1 }
            if b == UInt8(ascii: "\\") {
                guard i + 1 < bytes.count else { return nil }
                let e = bytes[i + 1]
                if e == UInt8(ascii: "u") {
                    guard i + 5 < bytes.count, bytes[(i + 2)...(i + 5)].allSatisfy(Self.isHexDigit) else { return nil }
                    i += 6
                    continue
                }
                guard "\"\\/bfnrt".utf8.contains(e) else { return nil }
                i += 2
                continue
            }
            i += 1
        }
        return nil
    }

    private func numberEnd(from start: Int) -> Int? {
        var i = start
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            let end = DecimalNumberText.digitsEnd(bytes, from: i)
            guard end > i else { return nil }
            i = end
        }
        return DecimalNumberText.fractionAndExponentEnd(bytes, from: i)
    }

    private func literal(_ word: String, at start: Int) -> Int? {
        let utf8 = Array(word.utf8)
        guard start + utf8.count <= bytes.count, Array(bytes[start..<(start + utf8.count)]) == utf8 else { return nil }
        return start + utf8.count
    }

    private static func isHexDigit(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
    }
}
