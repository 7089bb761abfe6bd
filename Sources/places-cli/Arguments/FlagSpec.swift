/// What parsing, help, the man page and the completions know of one flag, as its
/// declaration (`Flag`) made it: its names, whether it takes a value, what help says and
/// what a shell completes. Two specs are the same flag only when they come from the same
/// declaration, so a command reads a flag with the default and range its help shows.
struct FlagSpec: DeclaredFlag, Equatable {
    /// The numbers a number flag takes, as help writes them (`1`, `64`).
    struct AcceptedRange: Sendable, Equatable {
        let lowest: String
        /// Nil when there is no upper limit.
        let highest: String?

        init<Number: FlagNumber>(_ range: ClosedRange<Number>) {
            lowest = range.lowerBound.helpText
            highest = range.upperBound.isUnbounded ? nil : range.upperBound.helpText
        }
    }

    /// What makes a declaration itself: never two the same.
    private final class Declaration: Sendable {}

    /// As typed after `--`.
    let name: String
    /// `-t` for `--type`; nil when the flag has no short form.
    let short: Character?
    /// Placeholder for the value in help (`M`, `LAT,LON`); nil for a switch.
    let valueName: String?
    let help: String
    /// Shown as `(default: ...)` in help.
    let defaultText: String?
    /// What a number flag accepts; nil for every other flag.
    let range: AcceptedRange?
    /// Whether an empty value means something (`--note ''` clears a note); empty values
    /// are a usage error for every other flag.
    let acceptsEmpty: Bool
    /// What a shell completes as the value.
    let completion: CompletionValues
    private let declaration: Declaration

    init(
        _ name: String, short: Character? = nil, value: String? = nil, defaultText: String? = nil, range: AcceptedRange? = nil,
        acceptsEmpty: Bool = false, completion: CompletionValues = .none, help: String
    ) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.defaultText = defaultText
        self.range = range
        self.acceptsEmpty = acceptsEmpty
        self.completion = completion
        self.declaration = Declaration()
    }

    var spec: FlagSpec { self }

    var takesValue: Bool { valueName != nil }

    /// `-t, --type` or `--type`, as help and the man page show it.
    var spelledForms: String { short.map { "-\($0), --\(name)" } ?? "--\(name)" }

    /// `--type T[,T...]`, or `--open-now`: the flag as a usage line shows it.
    var usage: String { "--\(name)" + (valueName.map { " \($0)" } ?? "") }

    /// The same flag with other words in help: another declaration.
    func with(help: String) -> FlagSpec {
        FlagSpec(
            name, short: short, value: valueName, defaultText: defaultText, range: range, acceptsEmpty: acceptsEmpty,
            completion: completion, help: help)
    }

    static func == (lhs: FlagSpec, rhs: FlagSpec) -> Bool { lhs.declaration === rhs.declaration }
}

/// What a shell offers for a flag's value or a positional argument, read by the
/// completion scripts `places completions` prints.
enum CompletionValues: Sendable, Equatable {
    /// Free text: nothing to offer.
    case none
    /// One of these words.
    case words([String])
    /// A comma-separated list of these words (`--type cafe,bar`); `+word` too (`--fields +rating`).
    case wordList([String])
    case files
    case directories
    /// Your favorites' ids, read at completion time (`places favorite list`).
    case favoriteIDs
    /// A place given as a favorite (`--near`, `--from`): your favorites' ids, and their
    /// `@aliases` where favorites have them.
    case favoritePlaces
    /// The command words (`places help COMMAND`).
    case commandWords
}

/// A titled group of flags, as help shows them (`Location`, `Filters`, ...).
struct FlagGroup: Sendable {
    let title: String
    let flags: [FlagSpec]

    init(title: String, flags: [any DeclaredFlag]) {
        self.title = title
        self.flags = flags.map(\.spec)
    }
}

/// A positional argument (`QUERY`, `PLACE_ID`).
struct PositionalSpec: Sendable {
    let name: String
    let help: String
    var completion: CompletionValues = .none
    /// May be left out (only the last positionals of a command).
    var optional = false
    /// May be given more than once (only the last positional: `reverse POINT...`).
    var repeats = false
    /// `-` alone instead reads standard input, which usage shows (`POINT... | -`).
    var orStandardInput = false

    /// As a usage line shows it: `PLACE_ID`, `[FILE]`, `POINT... | -`, and a closed set of
    /// words as the words (`bash|zsh|fish`).
    var usage: String {
        var text = if case .words(let words) = completion { words.joined(separator: "|") } else { name }
        if repeats { text += "..." }
        if orStandardInput { text += " | -" }
        return optional ? "[\(text)]" : text
    }
}
