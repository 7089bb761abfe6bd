import Foundation

/// What a successful run's stdout must read back as in its format, whatever text the
/// providers or the input held (issue 33): no control character but the output's own line
/// feeds; CSV that an RFC 4180 reader splits into exactly the header and `rows` records,
/// each as wide as the header; JSON, NDJSON and GeoJSON that parse, with `rows` records or
/// features; and no control character in any value a reader gets back (a CSV cell, a
/// decoded JSON string), not even escaped.
enum FuzzOutputShape {
    /// `format` is `--format`'s value (`json` for `--json`); `rows` nil when the count is not
    /// known; `table` is only checked for control characters.
    static func violations(_ stdout: String, format: String, rows: Int?) -> [FuzzViolation] {
        var found: [FuzzViolation] = []
        if let scalar = ControlText.first(in: stdout, allowing: ["\n"]) {
            found.append(FuzzViolation(kind: "\(ControlText.name(scalar)) on stdout (\(format))", detail: excerpt(stdout, around: scalar)))
        }
        var values: [String] = []
        var count: Int?
        switch format {
        case "csv":
            guard let records = CSVReader.records(stdout), let header = records.first else {
                return found + [FuzzViolation(kind: "CSV that an RFC 4180 reader cannot read", detail: String(stdout.prefix(300)))]
            }
            if let odd = records.first(where: { $0.count != header.count }) {
                found.append(
                    FuzzViolation(
                        kind: "a CSV record of another width than the header",
                        detail: "\(odd.count) fields, the header \(header.count): \(odd.joined(separator: ",").prefix(200))"))
            }
            values = records.flatMap { $0 }
            count = records.count - 1
        case "json", "geojson", "ndjson":
            // One document (an array, an object, a FeatureCollection) or one a line (NDJSON,
            // and `reverse` with several points under --json).
            let documents: [Any]
            if format != "ndjson", let whole = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) {
                documents = [whole]
            } else {
                var lines: [Any] = []
                for line in stdout.split(separator: "\n") {
                    guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) else {
                        return found + [FuzzViolation(kind: "\(format) output that does not parse", detail: String(line.prefix(300)))]
                    }
                    lines.append(record)
                }
                documents = lines
            }
            values = documents.flatMap(ControlText.strings(inJSON:))
            count = documents.count == 1 ? records(in: documents[0]) : documents.count
        default:
            return found
        }
        if let value = values.first(where: { ControlText.first(in: $0) != nil }), let scalar = ControlText.first(in: value) {
            found.append(
                FuzzViolation(
                    kind: "\(ControlText.name(scalar)) in a value a \(format) reader gets back",
                    detail: String(value.debugDescription.prefix(200))))
        }
        if let rows, let count, count != rows {
            found.append(
                FuzzViolation(
                    kind: "\(format) output with another number of records than expected",
                    detail: "\(count), expected \(rows): \(stdout.prefix(300))"))
        }
        return found
    }

    /// The records one JSON document stands for: an array's items, a collection's features,
    /// else one.
    private static func records(in document: Any) -> Int {
        if let array = document as? [Any] { return array.count }
        if let object = document as? [String: Any], let features = object["features"] as? [Any] { return features.count }
        return 1
    }

    private static func excerpt(_ text: String, around scalar: Unicode.Scalar) -> String {
        let line = text.split(separator: "\n").first { $0.unicodeScalars.contains(scalar) } ?? Substring(text)
        return HostileReplies.describeText(String(line.prefix(200)))
    }
}
