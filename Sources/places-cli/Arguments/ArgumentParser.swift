import PlacesCore
import PlacesSupport

/// What the command line asked for.
enum Invocation: Equatable {
    /// `places --version`.
    case version
    /// `places help [COMMAND]`, `-h`/`--help` anywhere, or no arguments at all.
    case help(HelpTopic)
    /// A command with its flags and positionals.
    case run(ParsedArguments)
}

/// What a help text is about.
enum HelpTopic: Equatable {
    /// Every command.
    case general
    /// A word that groups subcommands (`favorite`): its subcommands.
    case group(String)
    /// One command: its usage, flags and examples.
    case command(CommandSpec)

    static func == (lhs: HelpTopic, rhs: HelpTopic) -> Bool {
        switch (lhs, rhs) {
        case (.general, .general): return true
        case let (.group(a), .group(b)): return a == b
        case let (.command(a), .command(b)): return a.path == b.path
        default: return false
        }
    }
}

/// The hand-written parser: `--flag value`, `--flag=value` and the short forms (`-n 5`,
/// `-n5`, `-jn5`); a value that starts with `-` is taken where a value is due
/// (`--at -33.8688,151.2093`); `--` ends flags. A repeated flag's last value wins, except
/// for the accumulating ones (`--type`, `--fields`), which keep every value. Unknown flags
/// and missing values are usage errors with a hint.
///
/// A pure function of the argument vector: `places batch` parses each line with it.
enum ArgumentParser {
    static func parse(_ arguments: [String]) throws -> Invocation {
        var args = ArraySlice(arguments)
        guard let first = args.first else { return .help(.general) }

        if first == "--version" {
            guard args.count == 1 else { throw UsageError("--version takes no other arguments") }
            return .version
        }
        if wantsHelp(args) {
            // Help wins: the most specific topic the words name (a group's help for an
            // unknown subcommand), else the general help.
            let words = args.filter { !$0.hasPrefix("-") }
            if let topic = try? helpTopic(words) { return .help(topic) }
            if let word = words.first, !CommandTable.subcommands(of: word).isEmpty { return .help(.group(word)) }
            return .help(.general)
        }
        if first == "help" {
            let words = Array(args.dropFirst())
            guard !words.isEmpty else { return .help(.general) }
            do {
                return .help(try helpTopic(words))
            } catch let error as UsageError {
                throw UsageError("no help for '\(words.joined(separator: " "))': \(error.message)")
            }
        }
        if first.hasPrefix("-") {
            throw UsageError("'\(first)' must come after a command: places COMMAND [flags]; run 'places help' for the commands")
        }
        let spec = try resolveCommand(&args)
        let parsed = try parseFlags(args, for: spec)
        // `-h` inside a bundle of short flags (`-jh`).
        if parsed.isGiven(CommandTable.helpFlag) { return .help(.command(spec)) }
        return .run(parsed)
    }

    // MARK: - Commands

    private static func resolveCommand(_ args: inout ArraySlice<String>) throws -> CommandSpec {
        let word = args.removeFirst()
        if let spec = CommandTable.command(path: [word]) { return spec }
        let subcommands = CommandTable.subcommands(of: word)
        guard !subcommands.isEmpty else {
            throw UsageError(unknownCommandText(word))
        }
        let names = subcommands.map { $0.path[1] }
        guard let sub = args.first, !sub.hasPrefix("-") else {
            throw UsageError(
                "'places \(word)' needs a subcommand: \(names.joined(separator: ", ")); e.g. places \(word) \(names[0]) --help")
        }
        args.removeFirst()
        guard let spec = CommandTable.command(path: [word, sub]) else {
            throw UsageError(unknownSubcommandText(word, sub))
        }
        return spec
    }

    private static func unknownSubcommandText(_ word: String, _ sub: String) -> String {
        let names = CommandTable.subcommands(of: word).map { $0.path[1] }
        let hint = Suggestion.closest(to: sub, among: names).map { "; did you mean 'places \(word) \($0)'?" } ?? ""
        return "unknown subcommand 'places \(word) \(sub)'\(hint); expected one of \(names.joined(separator: ", "))"
    }

    private static func unknownCommandText(_ word: String) -> String {
        let hint = Suggestion.closest(to: word, among: CommandTable.topLevelWords).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown command '\(word)'\(hint) (run 'places help' for the list)"
    }

    /// The topic `words` name: a command (extra words after a command, such as a query
    /// before `--help`, are ignored), a group, or a group's subcommand. A word that names
    /// nothing is a usage error with a suggestion.
    private static func helpTopic(_ words: [String]) throws -> HelpTopic {
        guard let first = words.first else { return .general }
        if let spec = CommandTable.command(path: [first]) { return .command(spec) }
        let subcommands = CommandTable.subcommands(of: first)
        guard !subcommands.isEmpty else { throw UsageError(unknownCommandText(first)) }
        guard words.count >= 2 else { return .group(first) }
        if let spec = CommandTable.command(path: [first, words[1]]) { return .command(spec) }
        throw UsageError(unknownSubcommandText(first, words[1]))
    }

    /// The group word of a command line that names a group but no subcommand
    /// (`places favorite`, `places favorite --note x`): a usage error, after which the CLI
    /// shows the group's help.
    static func groupMissingSubcommand(_ arguments: [String]) -> String? {
        guard let word = arguments.first, !CommandTable.subcommands(of: word).isEmpty,
            arguments.count == 1 || arguments[1].hasPrefix("-")
        else { return nil }
        return word
    }

    /// `-h` or `--help` anywhere before `--`: help wins over everything else.
    private static func wantsHelp(_ args: ArraySlice<String>) -> Bool {
        for arg in args {
            if arg == "--" { return false }
            if arg == "-h" || arg == "--help" { return true }
        }
        return false
    }

    // MARK: - Flags

    static func parseFlags(_ args: ArraySlice<String>, for spec: CommandSpec) throws -> ParsedArguments {
        var flags: [ParsedArguments.Given] = []
        var positionals: [String] = []
        var index = args.startIndex
        var onlyPositionals = false
        /// The value of `flag` (spelled `spelling`): `inline` if it came attached, else the next argument.
        func value(of flag: FlagSpec, spelling: String, inline: String?) throws -> String {
            let text: String
            if let inline {
                text = inline
            } else if index < args.endIndex {
                text = args[index]
                index += 1
            } else {
                throw UsageError("\(spelling) needs a value: \(spelling) \(flag.valueName ?? "VALUE")")
            }
            if text.isEmpty, !flag.acceptsEmpty {
                throw UsageError("\(spelling) needs a non-empty value: \(spelling) \(flag.valueName ?? "VALUE")")
            }
            return text
        }
        while index < args.endIndex {
            let arg = args[index]
            index += 1
            // A negative number where a command takes repeated points (`reverse -33.87,151.21`)
            // is a point, not a bundle of short flags (no flag is a digit).
            let negativeNumber = arg.count > 1 && arg.dropFirst().first?.isNumber == true && spec.positionals.last?.repeats == true
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" || negativeNumber {
                positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            if !arg.hasPrefix("--") {
                // Short forms as getopt, gh and rg take them: `-n 5`, `-n5`, `-n=5`, and
                // switches bundled before a value flag (`-jn5`).
                var letters = Substring(arg.dropFirst())
                if letters.count > 1, let flag = spec.flag(named: String(letters)) {
                    throw UsageError("unknown flag '\(arg)' for 'places \(spec.name)': long flags take two dashes: --\(flag.name)")
                }
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    guard let flag = spec.flag(short: letter) else {
                        throw UsageError(unknownShortFlagText(letter, in: arg, spec: spec))
                    }
                    if flag.takesValue {
                        let inline = letters.isEmpty ? nil : String(letters.hasPrefix("=") ? letters.dropFirst() : letters)
                        flags.append(.init(name: flag.name, value: try value(of: flag, spelling: "-\(letter)", inline: inline)))
                        break
                    }
                    flags.append(.init(name: flag.name, value: "true"))
                }
                continue
            }
            let body = arg.dropFirst(2)
            let name: String
            var inlineValue: String?
            if let eq = body.firstIndex(of: "=") {
                name = String(body[..<eq])
                inlineValue = String(body[body.index(after: eq)...])
            } else {
                name = String(body)
            }
            guard let flag = spec.flag(named: name) else {
                throw UsageError(
                    "unknown flag '--\(name)' for 'places \(spec.name)'\(suggestion(for: name, in: spec)) (see 'places \(spec.name) --help')"
                )
            }
            if flag.takesValue {
                flags.append(.init(name: flag.name, value: try value(of: flag, spelling: "--\(name)", inline: inlineValue)))
            } else {
                if let inlineValue {
                    throw UsageError("--\(name) is a switch and takes no value (got '\(inlineValue)')")
                }
                flags.append(.init(name: flag.name, value: "true"))
            }
        }
        let parsed = ParsedArguments(spec: spec, flags: flags, positionals: positionals)
        // Help is shown before the arguments are checked (`places search -h` needs no QUERY).
        if !parsed.isGiven(CommandTable.helpFlag) { try checkPositionals(positionals, for: spec) }
        return parsed
    }

    private static func unknownShortFlagText(_ letter: Character, in arg: String, spec: CommandSpec) -> String {
        let shorts = spec.flags.compactMap { flag in flag.short.map { "-\($0) (--\(flag.name))" } }
        let known = shorts.isEmpty ? "" : "; its short flags: " + shorts.joined(separator: ", ")
        let hint =
            Suggestion.closest(to: String(arg.drop { $0 == "-" }), among: spec.flags.map(\.name)).map { "; did you mean --\($0)?" } ?? ""
        let which = arg.count > 2 ? "'-\(letter)' in '\(arg)'" : "'\(arg)'"
        return "unknown flag \(which) for 'places \(spec.name)'\(hint)\(known) (see 'places \(spec.name) --help')"
    }

    private static func checkPositionals(_ positionals: [String], for spec: CommandSpec) throws {
        let required = spec.positionals.filter { !$0.optional }.count
        if positionals.count < required {
            let missing = spec.positionals[positionals.count]
            throw UsageError("'places \(spec.name)' needs \(missing.name): \(spec.usage)")
        }
        if positionals.count > spec.positionals.count, spec.positionals.last?.repeats != true {
            let extra = positionals[spec.positionals.count]
            if spec.positionals.isEmpty {
                let hint =
                    CommandTable.command(path: spec.path + [extra]) == nil
                    ? (Suggestion.closest(to: extra, among: spec.flags.map(\.name)).map { "; did you mean --\($0)?" } ?? "")
                    : ""
                throw UsageError("'places \(spec.name)' takes no argument '\(extra)'\(hint); usage: \(spec.usage)")
            }
            throw UsageError(
                "unexpected extra argument '\(extra)' for 'places \(spec.name)'; quote a value with spaces, e.g. places search 'sushi bar'")
        }
    }

    private static func suggestion(for name: String, in spec: CommandSpec) -> String {
        guard let match = Suggestion.closest(to: name, among: spec.flags.map(\.name)) else { return "" }
        return "; did you mean --\(match)?"
    }
}

extension Invocation {
    static func == (lhs: Invocation, rhs: Invocation) -> Bool {
        switch (lhs, rhs) {
        case (.version, .version): return true
        case let (.help(a), .help(b)): return a == b
        case let (.run(a), .run(b)): return a.spec.path == b.spec.path && a.flags == b.flags && a.positionals == b.positionals
        default: return false
        }
    }
}
