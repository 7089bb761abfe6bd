import PlacesCore

/// The flags and positionals of one command line. A flag is read through its declaration,
/// typed, checked and with its default applied (`try args[BatchCommand.jobs]`), never by
/// its text. Reading one the command does not declare (or a declaration of its name made
/// for another command, whose default or range may differ) is a bug: it reads as not given,
/// and is reported to `FlagReadAudit` when one listens (the test walking every command),
/// else stops a debug build.
///
/// Flags are kept in the order given, so that the last of a repeated single-value flag
/// wins, accumulating flags see every value, and of two flags that set the same thing
/// (`--json` and `--format`, `--at` and `--near`) the later one wins.
struct ParsedArguments {
    /// One flag as given: its long name and its value (`"true"` for a switch).
    struct Given: Equatable, Sendable {
        let name: String
        let value: String
    }

    let spec: CommandSpec
    /// Every flag, in the order given.
    let flags: [Given]
    let positionals: [String]

    init(spec: CommandSpec, flags: [Given], positionals: [String]) {
        self.spec = spec
        self.flags = flags
        self.positionals = positionals
    }

    /// The `index`th positional. The parser has checked that every required one is there,
    /// so a missing one is a usage error, never an index out of range.
    func positional(_ index: Int) throws -> String {
        guard positionals.indices.contains(index) else { throw UsageError("'places \(spec.name)' needs more arguments: \(spec.usage)") }
        return positionals[index]
    }

    /// Flag name → the value in force (the last one given), unchecked: for passing flags on.
    var values: [String: String] {
        var values: [String: String] = [:]
        for flag in flags { values[flag.name] = flag.value }
        return values
    }

    /// The value of `flag`: parsed from what was given and checked, else its default.
    subscript<Value>(_ flag: Flag<Value>) -> Value {
        get throws { try flag.value(given: texts(flag)) }
    }

    /// Whether `flag` was given (its value is not read).
    func isGiven(_ flag: some DeclaredFlag) -> Bool { !texts(flag).isEmpty }

    /// The text given last for `flag`, unparsed (`places batch` passes it on to its lines).
    func text(_ flag: some DeclaredFlag) -> String? { texts(flag).last }

    /// The value of `flag` when the command has a flag of its name, else its default: for
    /// readers shared by commands with and without it.
    func ifDeclared<Value>(_ flag: Flag<Value>) throws -> Value {
        guard spec.flag(named: flag.name) != nil else { return flag.defaultValue }
        return try self[flag]
    }

    /// Of flags that set the same thing, the one given last (nil when none is).
    func lastGiven(of candidates: [any DeclaredFlag]) -> FlagSpec? {
        let specs = candidates.map(\.spec).filter(declared)
        guard let last = flags.last(where: { given in specs.contains { $0.name == given.name } }) else { return nil }
        return specs.first { $0.name == last.name }
    }

    /// Every text given for `flag`, in order; none when the command does not declare it.
    private func texts(_ flag: some DeclaredFlag) -> [String] {
        guard declared(flag.spec) else { return [] }
        return flags.filter { $0.name == flag.spec.name }.map(\.value)
    }

    /// Whether the command declares `flag`; an undeclared read is reported (see the type's doc).
    private func declared(_ flag: FlagSpec) -> Bool {
        if spec.declares(flag) { return true }
        FlagReadAudit.undeclared(flag, in: spec)
        return false
    }
}
