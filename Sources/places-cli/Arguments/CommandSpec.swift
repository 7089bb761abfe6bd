/// One command of the tree: its words, arguments, flags, help and example.
/// The table in `CommandTable` drives both parsing and help text.
struct CommandSpec: Sendable {
    /// The words after `places`, e.g. `["favorite", "add"]`.
    let path: [String]
    let summary: String
    /// The flags its usage line names, after the positionals.
    let usageTerms: [UsageTerm]
    /// What the usage line calls the flags it does not name (`[options]`).
    let otherFlags: String
    let positionals: [PositionalSpec]
    let groups: [FlagGroup]
    let examples: [String]
    /// Extra help paragraphs (semantics worth knowing).
    let notes: [String]
    /// Whether what it prints is JSON (with `--json`, or always): only such commands run as a
    /// line of `places batch`.
    let printsJSON: Bool

    init(
        _ path: [String], summary: String, usage usageTerms: [UsageTerm] = [], otherFlags: String = "options",
        positionals: [PositionalSpec] = [], groups: [FlagGroup] = [], examples: [String], notes: [String] = [],
        printsJSON: Bool = true
    ) {
        self.path = path
        self.summary = summary
        self.usageTerms = usageTerms
        self.otherFlags = otherFlags
        self.positionals = positionals
        self.groups = groups
        self.examples = examples
        self.notes = notes
        self.printsJSON = printsJSON
    }

    var name: String { path.joined(separator: " ") }

    /// `places batch [FILE] [--jobs N] [--qps Q] [--resume FILE] [...]`: the words, the
    /// positionals, the flags of `usageTerms` as help spells them, and `[options]` when the
    /// command has flags they leave out.
    var usage: String {
        let named = usageTerms.flatMap(\.flags)
        let more = groups.flatMap(\.flags).contains { !named.contains($0) }
        let words = ["places", name] + positionals.map(\.usage) + usageTerms.map(\.text) + (more ? ["[\(otherFlags)]"] : [])
        return words.joined(separator: " ")
    }

    var flags: [FlagSpec] { groups.flatMap(\.flags) + [CommandTable.helpFlag.spec] }

    /// The flag a user typed as `--name`, if the command has it.
    func flag(named name: String) -> FlagSpec? { flags.first { $0.name == name } }

    /// Whether the command declares this very flag (not another declaration of its name).
    func declares(_ flag: some DeclaredFlag) -> Bool { flags.contains(flag.spec) }

    func flag(short letter: Character) -> FlagSpec? { flags.first { $0.short == letter } }
}
