import PlacesCore
import PlacesSupport

/// One output line of a batch: `{"id", "line", "args", "exitCode", "result", "error"}`.
struct BatchRecord: Sendable {
    /// The line's id as it was written (JSON text).
    let id: String
    let line: Int
    let args: [String]
    let exitCode: Int32
    /// What the command printed with `--json`, as JSON text; `null` when it printed nothing or failed.
    let result: String
    /// The one-line message of a failure; nil on success.
    let error: String?

    /// The record as one line of NDJSON, newline included. The id and the result go in as
    /// the JSON text they are, never parsed and printed again.
    var text: String {
        let args = JSONValue.array(self.args.map(JSONValue.string)).compact
        let errorJSON = self.error.map { JSONValue.string($0).compact } ?? "null"
        return "{\"id\":\(id),\"line\":\(line),\"args\":\(args),\"exitCode\":\(exitCode),\"result\":\(result),\"error\":\(errorJSON)}\n"
    }
}
