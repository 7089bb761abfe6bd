/// `--format`: how results are written to stdout.
package enum OutputFormat: String, Sendable, CaseIterable {
    case table, json, ndjson, csv, geojson, svg
}
