/// One `--flag` a command accepts: what it is called (and its one-letter form, if any),
/// whether it takes a value, how repeats combine and what help says.
struct FlagSpec: Sendable {
    /// How a flag given more than once combines.
    enum Repetition: Sendable, Equatable {
        /// The last one wins, so a shell alias's flag can be overridden (`--limit`, `--sort`, switches).
        case lastWins
        /// Every value counts, in order (`--type a --type b` is `--type a,b`; `--fields`).
        case accumulates
    }

    let name: String
    /// `-t` for `--type`; nil when the flag has no short form.
    let short: Character?
    /// Placeholder for the value in help (`M`, `LAT,LON`); nil for a switch.
    let valueName: String?
    let help: String
    /// Shown as `(default: ...)` in help.
    let defaultText: String?
    /// Whether an empty value means something (`--note ''` clears a note); empty values
    /// are a usage error for every other flag.
    let acceptsEmpty: Bool
    let repetition: Repetition

    init(_ name: String, short: Character? = nil, value: String? = nil, default defaultText: String? = nil,
         acceptsEmpty: Bool = false, repetition: Repetition = .lastWins, _ help: String) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.defaultText = defaultText
        self.acceptsEmpty = acceptsEmpty
        self.repetition = repetition
    }

    var takesValue: Bool { valueName != nil }

    /// Whether the value is a comma-separated list (`--type a,b`, `--fields a,b`).
    var takesList: Bool { valueName.map { $0.contains("...") || $0 == "LIST" } ?? false }

    /// `-t, --type` or `--type`, as help and the man page show it.
    var spelledForms: String { short.map { "-\($0), --\(name)" } ?? "--\(name)" }
}

/// A titled group of flags, as help shows them (`Location`, `Filters`, ...).
struct FlagGroup: Sendable {
    let title: String
    let flags: [FlagSpec]
}

/// A positional argument (`QUERY`, `PLACE_ID`).
struct PositionalSpec: Sendable {
    let name: String
    let help: String
}
