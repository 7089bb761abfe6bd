import Foundation

/// What every completion script reads from the command table, in one shape: the command
/// words, each command's flags (long and short) and what a flag's value or a positional
/// argument completes to. The three scripts differ only in how they spell it.
enum CompletionModel {
    /// The words after `places` that start a command (`nearby`, `favorite`, ...).
    static var commandWords: [String] { CommandTable.topLevelWords }

    /// Group words and their subcommands (`favorite` → add, remove, list).
    static var groups: [(word: String, subcommands: [String])] {
        commandWords.compactMap { word in
            let subs = CommandTable.subcommands(of: word).map { $0.path[1] }
            return subs.isEmpty ? nil : (word, subs)
        }
    }

    /// What may come before any command.
    static let topLevelFlags = ["--help", "-h", "--version"]

    /// Every spelling of a flag: `--type`, and `-t` when it has a short form.
    static func spellings(_ flag: FlagSpec) -> [String] {
        ["--" + flag.name] + (flag.short.map { ["-" + String($0)] } ?? [])
    }

    /// How a script spells what a value completes to: a kind word, then its words.
    /// Every flag that takes a value has one (`text` when nothing can be offered), so a
    /// script also learns from it which flags consume the next word.
    static func kind(_ values: CompletionValues) -> String {
        switch values {
        case .none: return "text"
        case .words(let words): return (["words"] + words).joined(separator: " ")
        case .wordList(let words): return (["list"] + words).joined(separator: " ")
        case .files: return "files"
        case .directories: return "dirs"
        case .favoriteIDs: return "favorites"
        case .favoritePlaces: return "places"
        case .commandWords: return "commands"
        }
    }

    /// Patterns `COMMAND|FLAG` (`favorite list|--fields`) grouped by the kind of their
    /// value, in table order: one case arm each in the scripts.
    static var valueKinds: [(patterns: [String], kind: String)] {
        grouped(
            CommandTable.all.flatMap { spec in
                spec.flags.filter(\.takesValue).flatMap { flag in
                    spellings(flag).map { ("\(spec.name)|\($0)", kind(flag.completion)) }
                }
            })
    }

    /// Patterns `COMMAND|INDEX` (`details|0`) grouped by what that positional completes to;
    /// positionals with nothing to offer are left out. Command words take two places
    /// (`help favorite add`): the scripts offer a group's subcommands in the second.
    static var positionalKinds: [(patterns: [String], kind: String)] {
        grouped(
            CommandTable.all.flatMap { spec in
                spec.positionals.enumerated().flatMap { index, positional -> [(String, String)] in
                    let places = positional.completion == .commandWords ? [index, index + 1] : [index]
                    return positional.completion == .none ? [] : places.map { ("\(spec.name)|\($0)", kind(positional.completion)) }
                }
            })
    }

    /// Whether favorites have aliases to offer as `@ALIAS` (`favorite list` has an
    /// `alias` field): the scripts then ask for it along with the ids.
    static var favoritesHaveAliases: Bool {
        guard case .wordList(let names) = FavoriteListCommand.fields.spec.completion else { return false }
        return names.contains("alias")
    }

    /// The arguments after the binary that print the favorites machine-readably: a CSV
    /// header, then `id` (and `alias`) per line. Offline, and fast: a snapshot file is read.
    static var favoritesArguments: [String] {
        ["favorite", "list", "--format", "csv", "--fields", favoritesHaveAliases ? "id,alias" : "id"]
    }

    /// A short description for a shell menu: the help up to its first `;`, and up to its
    /// first `: ` when what follows is a long list (`place types: restaurant, cafe, ...`).
    static func description(_ help: String) -> String {
        var first = (help.split(separator: ";", maxSplits: 1).first.map(String.init) ?? help).trimmingCharacters(in: .whitespaces)
        if first.count > 60, let colon = first.range(of: ": ") { first = String(first[..<colon.lowerBound]) }
        return first
    }

    private static func grouped(_ pairs: [(String, String)]) -> [(patterns: [String], kind: String)] {
        var result: [(patterns: [String], kind: String)] = []
        for (pattern, kind) in pairs {
            if let i = result.firstIndex(where: { $0.kind == kind }) {
                if !result[i].patterns.contains(pattern) { result[i].patterns.append(pattern) }
            } else {
                result.append(([pattern], kind))
            }
        }
        return result
    }
}

/// Quoting for the scripts.
enum ShellQuote {
    /// A POSIX single-quoted word (bash and zsh): `it's` → `'it'\''s'`.
    static func posix(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A fish single-quoted word: `\` and `'` escaped with a backslash.
    static func fish(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
