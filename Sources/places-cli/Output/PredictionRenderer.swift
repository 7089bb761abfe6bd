import PlacesCore
import PlacesSupport

/// Writes autocomplete predictions in the chosen format. A record follows the contract:
/// `kind`, `id`, `text`, `mainText`, `secondaryText`, `types`, `distanceMeters`, and, as an
/// extension, `latitude`/`longitude` (null where the provider gives no position: Google's
/// predictions). The provider's texts and types go through `TerminalText.shown` in every
/// format. With a session, `--json` is `{"sessionToken", "predictions": [...]}` so a
/// script reads the token even when nothing was predicted; NDJSON records carry it each.
enum PredictionRenderer {
    static func render(
        _ predictions: [AutocompletePrediction], format: OutputFormat, sessionToken: String? = nil,
        terminal: TerminalInfo = .plain
    ) throws -> String {
        switch format {
        case .json:
            let records = JSONValue.array(predictions.map { record($0) })
            guard let sessionToken else { return records.pretty + "\n" }
            return JSONValue.object([("sessionToken", .string(sessionToken)), ("predictions", records)]).pretty + "\n"
        case .ndjson:
            return predictions.map { record($0, sessionToken: sessionToken).compact + "\n" }.joined()
        case .csv:
            return CSVRenderer.row(csvColumns) + predictions.map { CSVRenderer.row(csvCells($0)) }.joined()
        case .geojson:
            return geojson(predictions).pretty + "\n"
        case .table:
            return table(predictions, terminal: terminal)
        case .svg:
            throw AutocompleteOptions.noMap
        }
    }

    /// The contract's record.
    static func record(_ p: AutocompletePrediction, sessionToken: String? = nil) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("kind", .string(p.kind.rawValue)),
            ("id", p.id.map { .string($0.description) } ?? .null),
            ("text", .string(TerminalText.shown(p.text))),
            ("mainText", .string(TerminalText.shown(p.mainText))),
            ("secondaryText", p.secondaryText.map { .string(TerminalText.shown($0)) } ?? .null),
            ("types", .array(p.types.map { .string(TerminalText.shown($0)) })),
            ("distanceMeters", p.distanceMeters.map(JSONValue.number) ?? .null),
            ("latitude", p.coordinate.map { .number($0.latitude) } ?? .null),
            ("longitude", p.coordinate.map { .number($0.longitude) } ?? .null),
        ]
        if let sessionToken { pairs.append(("sessionToken", .string(sessionToken))) }
        return .object(pairs)
    }

    static let csvColumns = ["kind", "id", "text", "mainText", "secondaryText", "types", "distanceMeters", "latitude", "longitude"]

    static func csvCells(_ p: AutocompletePrediction) -> [String] {
        [
            p.kind.rawValue, p.id?.description ?? "", TerminalText.shown(p.text), TerminalText.shown(p.mainText),
            p.secondaryText.map(TerminalText.shown) ?? "", p.types.map(TerminalText.shown).joined(separator: ";"),
            p.distanceMeters.map(JSONValue.format) ?? "", p.coordinate.map { JSONValue.format($0.latitude) } ?? "",
            p.coordinate.map { JSONValue.format($0.longitude) } ?? "",
        ]
    }

    /// A FeatureCollection of Points with the record (less the position) as properties; a
    /// prediction without a position is a Feature with a null geometry (RFC 7946 §3.2).
    static func geojson(_ predictions: [AutocompletePrediction]) -> JSONValue {
        let features = predictions.map { p -> JSONValue in
            var properties: [(String, JSONValue)] = []
            if case .object(let pairs) = record(p) { properties = pairs.filter { $0.0 != "latitude" && $0.0 != "longitude" } }
            let geometry: JSONValue =
                p.coordinate.map { c in
                    .object([("type", .string("Point")), ("coordinates", .array([.number(c.longitude), .number(c.latitude)]))])
                } ?? .null
            return .object([("type", .string("Feature")), ("geometry", geometry), ("properties", .object(properties))])
        }
        return .object([("type", .string("FeatureCollection")), ("features", .array(features))])
    }

    /// For people: the name (what matched in bold, with colour), what tells it apart, the
    /// distance, and the id to pass to `details` (never cut; the text columns give way on a
    /// narrow terminal).
    static func table(_ predictions: [AutocompletePrediction], terminal: TerminalInfo) -> String {
        guard !predictions.isEmpty else { return "" }
        let names = predictions.map { TerminalText.shown($0.kind == .query ? "\"\($0.mainText)\"" : $0.mainText) }
        let details = predictions.map { TerminalText.shown($0.secondaryText ?? "") }
        let distances = predictions.map { $0.distanceMeters.map(DistanceText.format) ?? "" }
        let ids = predictions.map { $0.id?.description ?? "(search)" }
        var nameWidth = max(4, names.map(TerminalText.displayWidth).max() ?? 0)
        var detailWidth = max(7, details.map(TerminalText.displayWidth).max() ?? 0)
        let distanceWidth = max(4, distances.map(\.count).max() ?? 0)
        let idWidth = max(2, ids.map(TerminalText.displayWidth).max() ?? 0)
        if let width = terminal.width {
            let fixed = distanceWidth + idWidth + 6
            let room = max(width - fixed, 20)
            if nameWidth + detailWidth > room {
                detailWidth = max(7, room - nameWidth)
                nameWidth = max(10, room - detailWidth)
            }
        }
        func cell(_ text: String, _ width: Int) -> String {
            let clipped = TerminalText.clip(text, to: width)
            return clipped + String(repeating: " ", count: max(0, width - TerminalText.displayWidth(clipped)))
        }
        func line(_ cells: [String]) -> String {
            var text = cells.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text + "\n"
        }
        var out = line([
            cell("NAME", nameWidth), cell("DETAILS", detailWidth), String(repeating: " ", count: distanceWidth - 4) + "DIST", "ID",
        ])
        for (i, prediction) in predictions.enumerated() {
            var name = cell(names[i], nameWidth)
            if terminal.colorEnabled, prediction.kind == .place, names[i] == prediction.mainText,
                TerminalText.displayWidth(name) == nameWidth,
                TerminalText.clip(names[i], to: nameWidth) == names[i]
            {
                name =
                    bold(prediction.mainTextMatches, in: names[i])
                    + String(repeating: " ", count: max(0, nameWidth - TerminalText.displayWidth(names[i])))
            }
            out += line([
                name, cell(details[i], detailWidth), String(repeating: " ", count: distanceWidth - distances[i].count) + distances[i],
                ids[i],
            ])
        }
        return out
    }

    /// `text` with the ranges (Unicode-scalar offsets) in ANSI bold.
    static func bold(_ ranges: [Range<Int>], in text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = ""
        var at = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= at && range.upperBound <= scalars.count
        {
            out += String(String.UnicodeScalarView(scalars[at..<range.lowerBound]))
            out += "\u{1B}[1m" + String(String.UnicodeScalarView(scalars[range])) + "\u{1B}[22m"
            at = range.upperBound
        }
        return out + String(String.UnicodeScalarView(scalars[at...]))
    }
}
