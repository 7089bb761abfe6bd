import PlacesCore
import PlacesSupport

/// Something that declares a flag: a typed `Flag`, or the `FlagSpec` it makes. What a
/// flag group, a usage line and the readers of `ParsedArguments` take.
protocol DeclaredFlag: Sendable {
    var spec: FlagSpec { get }
}

/// One flag, declared once: its name and short form, its value's type, placeholder,
/// default, allowed range and help, and what a shell completes. Parsing, help, the man
/// page, the completion scripts and `places batch` read its `spec`; a command reads its
/// value typed, checked and with the default applied: `try args[BatchCommand.jobs]` is an
/// `Int`, 4 when `--jobs` was not given.
///
///     static let jobs = Flag<Int>("jobs", value: "N", default: 4, range: 1...64, help: "lines run at once (\(.range))")
///
/// Help shows `(default: 4)` from the default and `(1-64)` where the help names the range;
/// `--jobs 65` is refused with the range. A flag declared for several commands with other
/// words in help is one declaration `described` anew (`AlongRouteFlags.mode`).
struct Flag<Value: Sendable>: DeclaredFlag {
    let spec: FlagSpec
    /// The value when the flag is not given.
    let defaultValue: Value
    /// The last text given for the flag, and every one in order → its value.
    private let parse: @Sendable (_ last: String, _ all: [String]) throws -> Value

    private init(spec: FlagSpec, default defaultValue: Value, parse: @escaping @Sendable (_ last: String, _ all: [String]) throws -> Value)
    {
        self.spec = spec
        self.defaultValue = defaultValue
        self.parse = parse
    }

    /// As typed after `--`.
    var name: String { spec.name }

    /// The value in force when `texts` were given for the flag, in order: the default when none was.
    func value(given texts: [String]) throws -> Value {
        guard let last = texts.last else { return defaultValue }
        return try parse(last, texts)
    }

    /// The same flag (name, value, default, parsing) with other words in help: a new
    /// declaration, for a command that says what the flag does there (`--mode` along a route).
    func described(_ help: String) -> Flag {
        Flag(spec: spec.with(help: help), default: defaultValue, parse: parse)
    }
}

// MARK: - Kinds of flags

extension Flag where Value == Bool {
    /// A switch: true when given (`--open-now`).
    init(_ name: String, short: Character? = nil, help: String) {
        self.init(spec: FlagSpec(name, short: short, help: help), default: false) { _, _ in true }
    }
}

extension Flag {
    /// A text taken as given (`--filter TEXT`): the last one, or nil. `defaultText` says in
    /// help what applies when it is not given (`$PLACES_OSM_DATA`); an empty value is a
    /// usage error unless `acceptsEmpty` (`--note ''` clears a note).
    init(
        _ name: String, short: Character? = nil, value: String, defaultText: String? = nil, acceptsEmpty: Bool = false,
        completion: CompletionValues = .none, help: String
    ) where Value == String? {
        let spec = FlagSpec(
            name, short: short, value: value, defaultText: defaultText, acceptsEmpty: acceptsEmpty,
            completion: completion, help: help)
        self.init(spec: spec, default: nil) { last, _ in last }
    }

    /// A value parsed from the last text given (`--radius 1.5km`); nil when none was, and
    /// what applies then is decided elsewhere (`defaultText` says what, in help).
    init<Parsed: Sendable>(
        _ name: String, short: Character? = nil, value: String, defaultText: String? = nil,
        acceptsEmpty: Bool = false, completion: CompletionValues = .none, help: String,
        parse: @escaping @Sendable (String) throws -> Parsed
    ) where Value == Parsed? {
        let spec = FlagSpec(
            name, short: short, value: value, defaultText: defaultText, acceptsEmpty: acceptsEmpty,
            completion: completion, help: help)
        self.init(spec: spec, default: nil) { last, _ in try parse(last) }
    }

    /// A value parsed from the last text given, else `default`, shown in help as `shown`
    /// (nothing when nil).
    init(
        _ name: String, short: Character? = nil, value: String, default defaultValue: Value, shown: String?,
        completion: CompletionValues = .none, help: String, parse: @escaping @Sendable (String) throws -> Value
    ) {
        let spec = FlagSpec(name, short: short, value: value, defaultText: shown, completion: completion, help: help)
        self.init(spec: spec, default: defaultValue) { last, _ in try parse(last) }
    }

    /// Every text given, in order, parsed together (`--type cafe --type bar` is `--type
    /// cafe,bar`; `--fields` applies each in turn), else `default`, shown in help as `shown`.
    init(
        _ name: String, short: Character? = nil, value: String, default defaultValue: Value, shown: String,
        completion: CompletionValues = .none, help: String, parseAll: @escaping @Sendable ([String]) throws -> Value
    ) {
        let spec = FlagSpec(name, short: short, value: value, defaultText: shown, completion: completion, help: help)
        self.init(spec: spec, default: defaultValue) { _, all in try parseAll(all) }
    }
}

extension Flag where Value: RawRepresentable<String> {
    /// One word of a closed set (`--mode walk`), else `default`, shown in help as its word.
    init(
        _ name: String, short: Character? = nil, value: String, default defaultValue: Value, completion: CompletionValues,
        help: String, parse: @escaping @Sendable (String) throws -> Value
    ) {
        self.init(
            name, short: short, value: value, default: defaultValue, shown: defaultValue.rawValue, completion: completion,
            help: help, parse: parse)
    }
}

extension Flag where Value: RawRepresentable<String> & CaseIterable {
    /// One of the type's words in any case (`--format json`), else `default`: the shell
    /// completes every word; another is a usage error naming the closest word and all of them.
    init(_ name: String, short: Character? = nil, value: String, default defaultValue: Value, help: String) {
        let words = Value.allCases.map(\.rawValue)
        self.init(name, short: short, value: value, default: defaultValue, completion: .words(words), help: help) { text in
            if let word = Value(rawValue: text.lowercased()) { return word }
            let hint = Suggestion.closest(to: text, among: words).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown --\(name) '\(text)'\(hint): expected one of \(words.joined(separator: ", "))")
        }
    }
}

extension Flag where Value: FlagNumber {
    /// A number within `range` (`--jobs 8`), else `default`, shown in help (`(default: 4)`);
    /// `help` may name the range (`"lines run at once (\(.range))"`).
    init(
        _ name: String, short: Character? = nil, value: String, default defaultValue: Value, range: ClosedRange<Value>,
        help: FlagHelp
    ) {
        let spec = FlagSpec(
            name, short: short, value: value, defaultText: defaultValue.helpText, range: FlagSpec.AcceptedRange(range),
            help: help.text(range: range))
        self.init(spec: spec, default: defaultValue) { last, _ in try Value.read(last, flag: name, range: range) }
    }
}

extension Flag {
    /// A number within `range` (`--min-rating 4.5`), nil when not given; `defaultText` says
    /// in help what applies then.
    init<Number: FlagNumber>(
        _ name: String, short: Character? = nil, value: String, defaultText: String? = nil,
        range: ClosedRange<Number>, help: FlagHelp
    ) where Value == Number? {
        let spec = FlagSpec(
            name, short: short, value: value, defaultText: defaultText, range: FlagSpec.AcceptedRange(range),
            help: help.text(range: range))
        self.init(spec: spec, default: nil) { last, _ in try Number.read(last, flag: name, range: range) }
    }
}
