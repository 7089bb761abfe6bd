import PlacesCore

/// One output line of a batch: `{"id", "line", "args", "exitCode", "result", "error"}`.
struct BatchRecord: Sendable {
    let id: JSONValue
    let line: Int
    let args: [String]
    let exitCode: Int32
    /// What the command printed with `--json`, parsed; null when it printed nothing or failed.
    let result: JSONValue
    /// The one-line message of a failure; nil on success.
    let error: String?

    /// The record as one line of NDJSON, newline included.
    var text: String {
        JSONValue.object([
            ("id", id),
            ("line", .integer(line)),
            ("args", .array(args.map(JSONValue.string))),
            ("exitCode", .integer(Int(exitCode))),
            ("result", result),
            ("error", error.map(JSONValue.string) ?? .null),
        ]).compact + "\n"
    }
}
