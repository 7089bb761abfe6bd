/// Google's Encoded Polyline Algorithm Format: how Google Routes returns a route's line,
/// how Places Text Search takes one (`searchAlongRouteParameters.polyline.encodedPolyline`),
/// and how OSRM writes `geometries=polyline` (precision 5) and `polyline6` (precision 6).
///
/// Each point is latitude then longitude, as the difference from the point before (the
/// first from 0), in units of 1e-5 (or 1e-6) degree, rounded; each value zig-zag coded and
/// cut into 5-bit chunks from the low end, 0x20 marking "another chunk follows", plus 63, as
/// ASCII. https://developers.google.com/maps/documentation/utilities/polylinealgorithm
package enum EncodedPolyline {
    /// Decimal places kept: Google and OSRM's `polyline` use 5 (about a metre), OSRM's
    /// `polyline6` uses 6. Google accepts and returns only 5.
    package enum Precision: Int, Sendable {
        case five = 5
        case six = 6

        var scale: Double { self == .five ? 1e5 : 1e6 }
    }

    /// The line's text. Coordinates are rounded to the precision (half away from zero), and
    /// each difference is taken between rounded values, so no error builds up along the line.
    package static func encode(_ coordinates: [Coordinate], precision: Precision = .five) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(coordinates.count * 8)
        var previous = (latitude: Int64(0), longitude: Int64(0))
        for c in coordinates {
            let latitude = Int64((c.latitude * precision.scale).rounded(.toNearestOrAwayFromZero))
            let longitude = Int64((c.longitude * precision.scale).rounded(.toNearestOrAwayFromZero))
            append(latitude - previous.latitude, to: &bytes)
            append(longitude - previous.longitude, to: &bytes)
            previous = (latitude, longitude)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ value: Int64, to bytes: inout [UInt8]) {
        var v = UInt64(bitPattern: value < 0 ? ~(value << 1) : value << 1)
        while v >= 0x20 {
            bytes.append(UInt8(0x20 | (v & 0x1F)) + 63)
            v >>= 5
        }
        bytes.append(UInt8(v) + 63)
    }

    /// Why a text is not an encoded polyline.
    package struct DecodingError: Error, Equatable, Sendable {
        /// What is wrong and where (a character offset), for a message.
        package let reason: String
    }

    /// The points of an encoded line. A character outside `?`...`~`, a value cut short at the
    /// end, a latitude without its longitude, a value too long to be a coordinate, or a point
    /// outside ±90° / ±180° is an error: the text comes from a server and is checked whole.
    /// A line from a server that may be of any length is read by `BoundedPolyline`, whose
    /// memory does not grow with the text.
    static func decode(_ text: String, precision: Precision = .five) throws(DecodingError) -> [Coordinate] {
        var coordinates: [Coordinate] = []
        _ = try forEachPoint(of: text, precision: precision) { coordinates.append($0) }
        return coordinates
    }

    /// How many points `text` holds if it is an encoded line: its values counted without
    /// decoding them (a byte without the continuation bit ends one), two to a point. Cheap and
    /// allocation-free, so a reader can decide how to keep a long line before reading it.
    static func pointCount(_ text: String) -> Int {
        var values = 0
        for byte in text.utf8 where byte >= 63 && byte < 63 + 0x20 { values += 1 }
        return values / 2
    }

    /// Calls `body` with each point of `text` in order, checked as `decode` checks them;
    /// returns how many there were. Nothing is kept here.
    static func forEachPoint(
        of text: String, precision: Precision = .five, _ body: (Coordinate) -> Void
    ) throws(DecodingError) -> Int {
        var count = 0
        var latitude: Int64 = 0, longitude: Int64 = 0
        var pending: Int64?
        var value: UInt64 = 0
        var shift: UInt64 = 0
        // 180° · 1e6 · 2 (a difference) · 2 (the sign bit) fits in 30 bits: 7 chunks at most.
        let maxShift: UInt64 = 30
        for (offset, byte) in text.utf8.enumerated() {
            guard byte >= 63 && byte <= 126 else {
                throw DecodingError(reason: "character \(offset) is not part of an encoded polyline (byte \(byte))")
            }
            let chunk = UInt64(byte - 63)
            guard shift <= maxShift else {
                throw DecodingError(reason: "the value ending near character \(offset) is too long to be a coordinate")
            }
            value |= (chunk & 0x1F) << shift
            if chunk & 0x20 != 0 {
                shift += 5
                continue
            }
            let magnitude = Int64(value >> 1)
            let delta = value & 1 == 0 ? magnitude : ~magnitude
            value = 0
            shift = 0
            guard let first = pending else {
                pending = delta
                continue
            }
            pending = nil
            latitude += first
            longitude += delta
            let lat = Double(latitude) / precision.scale, lon = Double(longitude) / precision.scale
            guard abs(lat) <= 90, abs(lon) <= 180 else {
                throw DecodingError(reason: "point \(count + 1) (\(lat), \(lon)) is off the globe")
            }
            count += 1
            body(Coordinate(uncheckedLatitude: lat, longitude: lon))
        }
        guard shift == 0 else { throw DecodingError(reason: "the text ends in the middle of a value") }
        guard pending == nil else { throw DecodingError(reason: "the last point has a latitude but no longitude") }
        return count
    }
}
