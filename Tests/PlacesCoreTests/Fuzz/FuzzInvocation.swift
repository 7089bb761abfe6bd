import Foundation

/// One run of the binary a fuzz case asks for: the arguments in removable pieces (a
/// command word, a flag with its value, a positional), the environment the case adds, and
/// how its favorites file starts. Values may hold `{case}` / `{shared}` (see `FuzzSandbox`).
struct FuzzInvocation: Sendable {
    var pieces: [[String]]
    var environment: [(name: String, value: String)]
    var favorites: FuzzSandbox.Favorites
    /// Pieces starting with one of these are never dropped while minimising (the hostile
    /// cases' `--timeout 1 --retries N`, without which a re-run can take the default 10 s).
    var pinned: Set<String> = []
    /// Files the case writes in its directory before the run, by name, as lines (a batch's
    /// input, a favorites file); `{case}` and `{shared}` in them are resolved. Minimising
    /// drops lines one at a time.
    var files: [(name: String, lines: [String])] = []

    var arguments: [String] { pieces.flatMap { $0 } }

    func value(of name: String) -> String? { environment.last { $0.name == name }?.value }

    /// Smaller variants, one piece or one variable fewer each, for minimising a failure.
    var reductions: [FuzzInvocation] {
        var out: [FuzzInvocation] = []
        for i in pieces.indices.reversed() where !pinned.contains(pieces[i][0]) {
            var smaller = self
            smaller.pieces.remove(at: i)
            out.append(smaller)
        }
        for i in environment.indices.reversed() {
            var smaller = self
            smaller.environment.remove(at: i)
            out.append(smaller)
        }
        if favorites != .absent {
            var smaller = self
            smaller.favorites = .absent
            out.append(smaller)
        }
        for f in files.indices where files[f].lines.count > 1 {
            for l in files[f].lines.indices.reversed() {
                var smaller = self
                smaller.files[f].lines.remove(at: l)
                out.append(smaller)
            }
        }
        return out
    }

    /// The files, for a report: each name and its first lines (long ones cut).
    var filesDescription: [String] {
        files.map { file in
            let shown = file.lines.prefix(6).map { $0.count > 200 ? String($0.prefix(200)) + "…(\($0.count) characters)" : $0 }
            return "file \(file.name) (\(file.lines.count) lines): " + shown.joined(separator: " ⏎ ") + (file.lines.count > 6 ? " ⏎ …" : "")
        }
    }

    /// A shell command line that runs it: `$PLACES` is the binary, `$D` a directory made by
    /// the report's set-up line, `$S` the abused files (see FuzzSandbox).
    var shellCommand: String {
        let env = environment.map { "\($0.name)=\(Self.quote($0.value))" }
        let favorites = self.favorites == .absent ? "" : "(favorites file: \(self.favorites)) "
        return favorites + (env + ["$PLACES"] + arguments.map(Self.quote)).joined(separator: " ")
    }

    static func quote(_ raw: String) -> String {
        if raw.count > 100 {
            let characters = Array(raw)
            for start in 0...min(16, characters.count - 100) {
                if let (unit, count) = repetition(String(characters[start...])) {
                    let prefix = start == 0 ? "" : quoteLiteral(String(characters[..<start]), alone: false)
                    return prefix + "\"$(printf '\(unit.replacingOccurrences(of: "%", with: "%%"))%.0s' $(seq \(count)))\""
                }
            }
        }
        let marked = raw.replacingOccurrences(of: "{case}", with: "\u{1}").replacingOccurrences(of: "{shared}", with: "\u{2}")
        var out = ""
        var literal = ""
        for scalar in marked.unicodeScalars {
            if scalar == "\u{1}" || scalar == "\u{2}" {
                out += quoteLiteral(literal, alone: false) + (scalar == "\u{1}" ? "\"$D\"" : "\"$S\"")
                literal = ""
            } else {
                literal.unicodeScalars.append(scalar)
            }
        }
        return out + quoteLiteral(literal, alone: out.isEmpty)
    }

    private static func quoteLiteral(_ text: String, alone: Bool) -> String {
        if text.isEmpty { return alone ? "''" : "" }
        if text.unicodeScalars.allSatisfy({
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.,/:=+@%".unicodeScalars.contains($0))
        }) {
            return text
        }
        var out = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f: out += String(format: "\\x%02x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    /// `text` as `count` copies of a short unit, if it is one.
    private static func repetition(_ text: String) -> (String, Int)? {
        guard text.count > 100 else { return nil }
        let characters = Array(text)
        for length in 1...4 where characters.count % length == 0 {
            let unit = characters[0..<length]
            if stride(from: 0, to: characters.count, by: length).allSatisfy({ characters[$0..<($0 + length)] == unit }) {
                return (String(unit), characters.count / length)
            }
        }
        return nil
    }
}
