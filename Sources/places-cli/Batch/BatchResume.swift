import Foundation
import PlacesCore
import PlacesSupport

/// The lines an earlier run of a batch finished: from its output, the whole records of
/// lines that succeeded (every key there, exit code 0, no error), by line number and
/// arguments. Anything else in that output (a line cut short by a kill, a failure, a record
/// missing a key) is simply run again.
struct BatchResume: Sendable {
    /// Line number → its arguments and the result it printed (JSON text).
    private var done: [Int: (args: [String], result: String)] = [:]

    init() {}

    init(previousOutput data: Data) {
        for raw in BatchLine.byteLines(data) where !raw.isEmpty {
            let spans = JSONSpans(Array(raw))
            guard let whole = spans.wholeValue, let pairs = spans.members(of: whole) else { continue }
            var members: [String: Range<Int>] = [:]
            for (key, value) in pairs where members[key] == nil { members[key] = value }
            guard let idRange = members["id"], !idRange.isEmpty,
                let lineRange = members["line"], let line = Int(spans.text(lineRange)), line > 0,
                let code = members["exitCode"], spans.text(code) == "0",
                let error = members["error"], spans.text(error) == "null",
                let result = members["result"],
                let argsRange = members["args"], let items = spans.items(of: argsRange)
            else { continue }
            let args = items.compactMap(spans.string(at:))
            guard args.count == items.count else { continue }
            done[line] = (args, spans.text(result))
        }
    }

    /// The record of `line` from the earlier run, when it succeeded with the same arguments:
    /// its result, with this input's id.
    func record(for line: BatchLine) -> BatchRecord? {
        guard line.problem == nil, let earlier = done[line.number], earlier.args == line.args else { return nil }
        return BatchRecord(id: line.id, line: line.number, args: line.args, exitCode: 0, result: earlier.result, error: nil)
    }
}
