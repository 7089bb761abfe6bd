/// A JSON document the hostile server can bend: any literal may be written verbatim
/// (`NaN`, `1e400`, a 30-digit integer, a `\u`-escaped key), which no encoder would produce.
indirect enum FuzzJSON {
    case object([(String, FuzzJSON)])
    case array([FuzzJSON])
    case string(String)
    /// Written exactly as given: a number, or any token at all.
    case raw(String)
    case null

    static func number(_ value: Double) -> FuzzJSON { .raw(String(value)) }
    static func int(_ value: Int) -> FuzzJSON { .raw(String(value)) }
    static func bool(_ value: Bool) -> FuzzJSON { .raw(value ? "true" : "false") }

    var rendered: String {
        var out = ""
        render(into: &out)
        return out
    }

    private func render(into out: inout String) {
        switch self {
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                Self.quote(member.0, into: &out)
                out += ":"
                member.1.render(into: &out)
            }
            out += "}"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.render(into: &out)
            }
            out += "]"
        case .string(let text): Self.quote(text, into: &out)
        case .raw(let token): out += token
        case .null: out += "null"
        }
    }

    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    // MARK: - Paths, for mutation

    /// Every place in the tree a value could be replaced, as index paths.
    var paths: [[Int]] {
        var out: [[Int]] = [[]]
        switch self {
        case .object(let members):
            for (i, member) in members.enumerated() { out += member.1.paths.map { [i] + $0 } }
        case .array(let items):
            for (i, item) in items.enumerated() { out += item.paths.map { [i] + $0 } }
        default: break
        }
        return out
    }

    /// The tree with the node at `path` replaced by `replacement`, or removed when it is nil.
    func replacing(at path: [Int], with replacement: FuzzJSON?) -> FuzzJSON? {
        guard let first = path.first else { return replacement }
        let rest = Array(path.dropFirst())
        switch self {
        case .object(var members):
            if let child = members[first].1.replacing(at: rest, with: replacement) {
                members[first].1 = child
            } else {
                members.remove(at: first)
            }
            return .object(members)
        case .array(var items):
            if let child = items[first].replacing(at: rest, with: replacement) { items[first] = child } else { items.remove(at: first) }
            return .array(items)
        default:
            return self
        }
    }

    /// The node at `path`.
    func node(at path: [Int]) -> FuzzJSON {
        guard let first = path.first else { return self }
        switch self {
        case .object(let members): return members[first].1.node(at: Array(path.dropFirst()))
        case .array(let items): return items[first].node(at: Array(path.dropFirst()))
        default: return self
        }
    }
}
