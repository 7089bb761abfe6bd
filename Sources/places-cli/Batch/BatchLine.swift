import Foundation
import PlacesCore
import PlacesSupport

/// One line of a batch's input, read: its id, its arguments, or why it cannot run.
struct BatchLine: Sendable {
    /// 1-based line number in the input.
    let number: Int
    /// The line's `id` as it was written (any JSON, echoed byte for byte: a 20-digit number,
    /// `-0`, an object nested a thousand deep), else `null`.
    let id: String
    /// The arguments as the line gave them; empty when the line did not parse.
    let args: [String]
    /// Why the line cannot run (exit 64); nil when it can.
    let problem: String?

    /// The longest line read; a longer one is its own error.
    static let maximumBytes = 1 << 20

    /// Reads `text` (one input line, without its newline) with `JSONSpans`: any depth, and the
    /// id kept as written.
    static func parse(_ text: Substring, number: Int) -> BatchLine {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumBytes else {
            return BatchLine(number: number, id: "null", args: [], problem: "the line is longer than \(maximumBytes) bytes")
        }
        let spans = JSONSpans(bytes)
        guard let whole = spans.wholeValue else {
            return BatchLine(
                number: number, id: "null", args: [],
                problem:
                    "the line is not JSON: give a JSON array of arguments, e.g. [\"nearby\",\"--near\",\"Helsinki\"], or {\"id\": ..., \"args\": [...]}"
            )
        }
        if let items = spans.items(of: whole) {
            return arguments(items, in: spans, id: "null", number: number)
        }
        guard let members = spans.members(of: whole) else {
            return BatchLine(
                number: number, id: "null", args: [], problem: "the line is JSON but not an array of arguments nor an object with \"args\"")
        }
        let id = members.first { $0.key == "id" }.map { spans.text($0.value) } ?? "null"
        if let unknown = members.map(\.key).first(where: { $0 != "id" && $0 != "args" }) {
            return BatchLine(
                number: number, id: id, args: [],
                problem: "unknown key '\(TerminalText.sanitizedLine(unknown))' in the line's object: it takes \"id\" and \"args\"")
        }
        guard let args = members.first(where: { $0.key == "args" }), let items = spans.items(of: args.value) else {
            return BatchLine(number: number, id: id, args: [], problem: "the line's object needs \"args\": a JSON array of arguments")
        }
        return arguments(items, in: spans, id: id, number: number)
    }

    private static func arguments(_ items: [Range<Int>], in spans: JSONSpans, id: String, number: Int) -> BatchLine {
        var args: [String] = []
        for (index, item) in items.enumerated() {
            guard let s = spans.string(at: item) else {
                return BatchLine(
                    number: number, id: id, args: [],
                    problem: "argument \(index + 1) is not a string: quote every argument, e.g. \"--limit\",\"3\"")
            }
            args.append(s)
        }
        if args.isEmpty {
            return BatchLine(
                number: number, id: id, args: [],
                problem: "the line has no arguments: it needs a command, e.g. [\"nearby\",\"--near\",\"Helsinki\"]")
        }
        return BatchLine(number: number, id: id, args: args, problem: nil)
    }

    /// The lines of a whole input, blank ones skipped (they keep their numbers). Split at
    /// the byte 0x0A, a CR before it dropped: as a `String`, CR LF is one `Character` and a
    /// file with CRLF line ends was one line.
    static func lines(of data: Data) -> [BatchLine] {
        var out: [BatchLine] = []
        for (index, bytes) in byteLines(data).enumerated() {
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            out.append(parse(Substring(String(decoding: bytes, as: UTF8.self)), number: index + 1))
        }
        return out
    }

    /// `data` split at each LF, a CR before it dropped.
    static func byteLines(_ data: Data) -> [ArraySlice<UInt8>] {
        let bytes = [UInt8](data)
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
    }
}
