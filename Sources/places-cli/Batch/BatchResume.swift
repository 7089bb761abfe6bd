import Foundation
import PlacesCore

/// The lines an earlier run of a batch finished: from its output, the records with exit code
/// 0, by line number and arguments. A line of that output that is not such a record (one
/// cut short by a kill, a failure) is simply run again.
struct BatchResume: Sendable {
    private var done: [Int: (args: [String], text: String)] = [:]

    init() {}

    init(previousOutput data: Data) {
        for raw in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let value = try? JSONValue.parse(Data(raw.utf8)), let members = value.objectMembers,
                  case .integer(let line)? = members["line"], case .integer(0)? = members["exitCode"],
                  case .array(let items)? = members["args"] else { continue }
            let args = items.compactMap { item -> String? in
                if case .string(let s) = item { return s }
                return nil
            }
            guard args.count == items.count else { continue }
            done[line] = (args, String(raw) + "\n")
        }
    }

    /// The earlier record of `line`, when it succeeded with the same arguments.
    func record(for line: BatchLine) -> String? {
        guard line.problem == nil, let earlier = done[line.number], earlier.args == line.args else { return nil }
        return earlier.text
    }
}
