/// One command of the tree: its words, arguments, flags, help and example.
/// The table in `CommandTable` drives both parsing and help text.
struct CommandSpec: Sendable {
    /// The words after `places`, e.g. `["favorite", "add"]`.
    let path: [String]
    let summary: String
    let usage: String
    let positionals: [PositionalSpec]
    let groups: [FlagGroup]
    let examples: [String]
    /// Extra help paragraphs (semantics worth knowing).
    let notes: [String]
    /// Whether what it prints is JSON (with `--json`, or always): only such commands run as a
    /// line of `places batch`.
    let printsJSON: Bool

    init(
        _ path: [String], summary: String, usage: String, positionals: [PositionalSpec] = [], groups: [FlagGroup] = [],
        examples: [String], notes: [String] = [], printsJSON: Bool = true
    ) {
        self.path = path
        self.summary = summary
        self.usage = usage
        self.positionals = positionals
        self.groups = groups
        self.examples = examples
        self.notes = notes
        self.printsJSON = printsJSON
    }

    var name: String { path.joined(separator: " ") }

    var flags: [FlagSpec] { groups.flatMap(\.flags) + [CommandTable.helpFlag.spec] }

    /// The flag a user typed as `--name`, if the command has it.
    func flag(named name: String) -> FlagSpec? { flags.first { $0.name == name } }

    /// Whether the command declares this very flag (not another declaration of its name).
    func declares(_ flag: some DeclaredFlag) -> Bool { flags.contains(flag.spec) }

    func flag(short letter: Character) -> FlagSpec? { flags.first { $0.short == letter } }
}
