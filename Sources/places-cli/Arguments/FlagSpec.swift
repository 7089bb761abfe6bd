/// One `--flag` a command accepts: what it is called, whether it takes a value,
/// and what help says about it.
struct FlagSpec: Sendable {
    let name: String
    /// Placeholder for the value in help (`M`, `LAT,LON`); nil for a switch.
    let valueName: String?
    let help: String
    /// Shown as `(default: ...)` in help.
    let defaultText: String?
    /// Whether an empty value means something (`--note ''` clears a note); empty values
    /// are a usage error for every other flag.
    let acceptsEmpty: Bool

    init(_ name: String, value: String? = nil, default defaultText: String? = nil, acceptsEmpty: Bool = false, _ help: String) {
        self.name = name
        self.valueName = value
        self.help = help
        self.defaultText = defaultText
        self.acceptsEmpty = acceptsEmpty
    }

    var takesValue: Bool { valueName != nil }

    /// Whether the value is a comma-separated list (`--type a,b`, `--fields a,b`).
    var takesList: Bool { valueName.map { $0.contains("...") || $0 == "LIST" } ?? false }
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
    /// May be left out (only the last positionals of a command).
    var optional = false
}
