import PlacesCore

/// The flags and positionals of one command line, with typed getters that turn a
/// bad value into a usage error naming the flag. Flags are read by `FlagName`, never by
/// text; reading one the command does not declare is a bug: it reads as not given, and is
/// reported to `FlagReadAudit` when one listens (the test walking every command), else
/// stops a debug build.
///
/// Flags are kept in the order given, so that the last of a repeated single-value flag
/// wins, accumulating flags see every value, and of two flags that set the same thing
/// (`--json` and `--format`, `--at` and `--near`) the later one wins.
struct ParsedArguments {
    /// One flag as given: its long name and its value (`"true"` for a switch).
    struct Flag: Equatable, Sendable {
        let name: FlagName
        let value: String
    }

    let spec: CommandSpec
    /// Every flag, in the order given.
    let flags: [Flag]
    let positionals: [String]

    init(spec: CommandSpec, flags: [Flag], positionals: [String]) {
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

    /// Flag name → the value in force (the last one given).
    var values: [FlagName: String] {
        var values: [FlagName: String] = [:]
        for flag in flags { values[flag.name] = flag.value }
        return values
    }

    /// The value in force: the last one given, or nil.
    func string(_ name: FlagName) -> String? {
        guard declared(name) else { return nil }
        return flags.last { $0.name == name }?.value
    }

    /// Every value given, in order (for accumulating flags).
    func strings(_ name: FlagName) -> [String] {
        guard declared(name) else { return [] }
        return flags.filter { $0.name == name }.map(\.value)
    }

    func isSet(_ name: FlagName) -> Bool { string(name) != nil }

    /// The value in force when the command has the flag at all (readers shared by commands
    /// with and without it), else nil.
    func stringIfDeclared(_ name: FlagName) -> String? { spec.declares(name) ? string(name) : nil }

    /// Of flags that set the same thing, the one given last (nil when none is).
    func lastGiven(of names: [FlagName]) -> FlagName? {
        for name in names { _ = declared(name) }
        return flags.last { names.contains($0.name) }?.name
    }

    /// Whether the command declares `name`; an undeclared read is reported (see the type's doc).
    private func declared(_ name: FlagName) -> Bool {
        if spec.declares(name) { return true }
        FlagReadAudit.undeclared(name, in: spec)
        return false
    }

    func double(_ name: FlagName, range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text), value.isFinite, text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" }) else {
            throw UsageError("--\(name) '\(text)' is not a number")
        }
        if let range, !range.contains(value) {
            throw UsageError("--\(name) \(text) is out of range: it must be between \(format(range.lowerBound)) and \(format(range.upperBound))")
        }
        return value
    }

    func integer(_ name: FlagName, range: ClosedRange<Int>) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else {
            throw UsageError("--\(name) '\(text)' is not a whole number")
        }
        guard range.contains(value) else {
            let upper = range.upperBound == Int.max ? "" : " and at most \(range.upperBound)"
            throw UsageError("--\(name) \(text) is out of range: it must be at least \(range.lowerBound)\(upper)")
        }
        return value
    }

    /// A value parsed by a parser whose errors already name what is wrong.
    func parsed<T>(_ name: FlagName, _ parse: (String) throws -> T) throws -> T? {
        guard let text = string(name) else { return nil }
        return try parse(text)
    }

    /// Every value of an accumulating flag, parsed together; nil when it was not given.
    func parsedAll<T>(_ name: FlagName, _ parse: ([String]) throws -> T) throws -> T? {
        let all = strings(name)
        return all.isEmpty ? nil : try parse(all)
    }

    private func format(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(d)
    }
}
