import Foundation
import PlacesGeodesy
import PlacesSupport

/// One line of `reverse -`: `LAT,LON` (spaces allowed around each), or an NDJSON object
/// with numbers `latitude` and `longitude` (each once; other members ignored). Read from its
/// bytes without building strings for the common case, since a stream may be millions of
/// lines. A number out of range is named as it was written.
package enum PointLine {
    package enum Parsed: Equatable {
        case point(Coordinate)
        /// A blank line: no record (nothing was asked).
        case blank
        case bad(String)
    }

    package static func parse(_ line: UnsafeRawBufferPointer) -> Parsed {
        var start = 0, end = line.count
        while start < end, isSpace(line[start]) { start += 1 }
        while end > start, isSpace(line[end - 1]) { end -= 1 }
        guard start < end else { return .blank }
        if line[start] == UInt8(ascii: "{") { return object(UnsafeRawBufferPointer(rebasing: line[start..<end])) }
        guard let comma = (start..<end).first(where: { line[$0] == UInt8(ascii: ",") }) else {
            return .bad("expected LAT,LON or a JSON object with latitude and longitude")
        }
        let latText = UnsafeRawBufferPointer(rebasing: line[start..<comma])
        let lonText = UnsafeRawBufferPointer(rebasing: line[(comma + 1)..<end])
        guard let lat = number(latText), let lon = number(lonText) else {
            return .bad("expected LAT,LON with two decimal numbers")
        }
        return checked(lat, lon, latText: latText, lonText: lonText)
    }

    /// The point, or the line's error naming the number out of range as it was written
    /// (`1e400` is out of range, not `null` or `inf`).
    private static func checked(_ lat: Double, _ lon: Double, latText: UnsafeRawBufferPointer, lonText: UnsafeRawBufferPointer) -> Parsed {
        guard lat.isFinite, abs(lat) <= 90 else {
            return .bad("latitude \(quoted(latText)) is out of range: it must be between -90 and 90")
        }
        guard lon.isFinite, abs(lon) <= 180 else {
            return .bad("longitude \(quoted(lonText)) is out of range: it must be between -180 and 180")
        }
        return .point(Coordinate(uncheckedLatitude: lat, longitude: lon))
    }

    /// The longest number quoted whole in a message; a longer one is cut, ending in "…".
    static let longestQuoted = 40

    /// A number's text as a message quotes it: trimmed, cut to `longestQuoted` characters.
    private static func quoted(_ text: UnsafeRawBufferPointer) -> String {
        let trimmed = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        let shown = trimmed.count > longestQuoted ? String(trimmed.prefix(longestQuoted - 1)) + "…" : trimmed
        return "'" + TerminalText.sanitizedLine(shown) + "'"
    }

    private static let expectedObject = "expected a JSON object with numbers \"latitude\" and \"longitude\""

    /// An NDJSON line: one JSON object holding `latitude` and `longitude`, each a number and
    /// each given once (a key given twice is refused: readers disagree on which one counts).
    private static func object(_ text: UnsafeRawBufferPointer) -> Parsed {
        let spans = JSONSpans(Array(text))
        guard let whole = spans.wholeValue, let members = spans.members(of: whole) else { return .bad(expectedObject) }
        var latitude: Range<Int>?, longitude: Range<Int>?
        for member in members where member.key == "latitude" || member.key == "longitude" {
            let isLatitude = member.key == "latitude"
            guard (isLatitude ? latitude : longitude) == nil else {
                return .bad("\"\(member.key)\" is given twice in the object: give it once")
            }
            if isLatitude { latitude = member.value } else { longitude = member.value }
        }
        guard let latitude, let longitude else { return .bad(expectedObject) }
        return spans.bytes.withUnsafeBytes { bytes in
            let latText = UnsafeRawBufferPointer(rebasing: bytes[latitude]), lonText = UnsafeRawBufferPointer(rebasing: bytes[longitude])
            guard isJSONNumber(latText), isJSONNumber(lonText), let lat = number(latText), let lon = number(lonText) else {
                return .bad(expectedObject)
            }
            return checked(lat, lon, latText: latText, lonText: lonText)
        }
    }

    /// Whether a JSON value (already checked to be one) is a number: it starts with `-` or a digit.
    private static func isJSONNumber(_ value: UnsafeRawBufferPointer) -> Bool {
        guard let first = value.first else { return false }
        return first == UInt8(ascii: "-") || (0x30...0x39).contains(first)
    }

    @inline(__always) private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// A decimal number: digits with an optional sign, point and exponent, nothing else
    /// (spaces around it allowed). Up to 15 significant digits and a fraction of at most 22
    /// digits is exact by one division (both operands exact doubles, so correctly rounded);
    /// anything longer goes through `strtod`.
    static func number(_ field: UnsafeRawBufferPointer) -> Double? {
        var i = 0, n = field.count
        while i < n, isSpace(field[i]) { i += 1 }
        while n > i, isSpace(field[n - 1]) { n -= 1 }
        guard i < n else { return nil }
        var negative = false
        if field[i] == UInt8(ascii: "-") || field[i] == UInt8(ascii: "+") {
            negative = field[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: Int64 = 0, digits = 0, fraction = 0, sawPoint = false, sawDigit = false
        var j = i
        while j < n {
            let b = field[j]
            if b >= 0x30 && b <= 0x39 {
                sawDigit = true
                if digits < 18 {
                    mantissa = mantissa * 10 + Int64(b - 0x30)
                    if mantissa > 0 { digits += 1 }
                    if sawPoint { fraction += 1 }
                } else {
                    return slow(field, from: 0, to: field.count)
                }
            } else if b == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                return sawDigit ? slow(field, from: 0, to: field.count) : nil
            } else {
                return nil
            }
            j += 1
        }
        guard sawDigit else { return nil }
        guard digits <= 15, fraction <= 22 else { return slow(field, from: 0, to: field.count) }
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    /// `strtod` over a copy of the field's text (already checked to be a plain number).
    private static func slow(_ field: UnsafeRawBufferPointer, from: Int, to: Int) -> Double? {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: field[from..<to]), as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
        return Double(text)
    }
}
