import Foundation
import PlacesCore

/// One line of a batch's input, read: its id, its arguments, or why it cannot run.
struct BatchLine: Sendable {
    /// 1-based line number in the input.
    let number: Int
    /// The line's `id` (any JSON), else null.
    let id: JSONValue
    /// The arguments as the line gave them; empty when the line did not parse.
    let args: [String]
    /// Why the line cannot run (exit 64); nil when it can.
    let problem: String?

    /// The longest line read; a longer one is its own error.
    static let maximumBytes = 1 << 20

    /// Reads `text` (one input line, without its newline).
    static func parse(_ text: Substring, number: Int) -> BatchLine {
        let bytes = Data(text.utf8)
        guard bytes.count <= maximumBytes else {
            return BatchLine(number: number, id: .null, args: [], problem: "the line is longer than \(maximumBytes) bytes")
        }
        guard let value = try? JSONValue.parse(bytes) else {
            return BatchLine(number: number, id: .null, args: [], problem: "the line is not JSON: give a JSON array of arguments, e.g. [\"nearby\",\"--near\",\"Helsinki\"], or {\"id\": ..., \"args\": [...]}")
        }
        switch value {
        case .array(let items):
            return arguments(items, id: .null, number: number)
        case .object(let pairs):
            let members = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
            let id = members["id"] ?? .null
            if let unknown = pairs.map(\.0).first(where: { $0 != "id" && $0 != "args" }) {
                return BatchLine(number: number, id: id, args: [], problem: "unknown key '\(TerminalText.sanitizedLine(unknown))' in the line's object: it takes \"id\" and \"args\"")
            }
            guard case .array(let items)? = members["args"] else {
                return BatchLine(number: number, id: id, args: [], problem: "the line's object needs \"args\": a JSON array of arguments")
            }
            return arguments(items, id: id, number: number)
        default:
            return BatchLine(number: number, id: .null, args: [], problem: "the line is JSON but not an array of arguments nor an object with \"args\"")
        }
    }

    private static func arguments(_ items: [JSONValue], id: JSONValue, number: Int) -> BatchLine {
        var args: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let s) = item else {
                return BatchLine(number: number, id: id, args: [], problem: "argument \(index + 1) is not a string: quote every argument, e.g. \"--limit\",\"3\"")
            }
            args.append(s)
        }
        if args.isEmpty {
            return BatchLine(number: number, id: id, args: [], problem: "the line has no arguments: it needs a command, e.g. [\"nearby\",\"--near\",\"Helsinki\"]")
        }
        return BatchLine(number: number, id: id, args: args, problem: nil)
    }

    /// The lines of a whole input, blank ones skipped (they keep their numbers).
    static func lines(of data: Data) -> [BatchLine] {
        let text = String(decoding: data, as: UTF8.self)
        var out: [BatchLine] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            out.append(parse(line, number: number))
        }
        return out
    }
}
