/// The world one command runs in: environment, terminal, and where notes go.
/// The CLI builds it from the process; tests build it by hand.
public struct RunContext: Sendable {
    public var environment: [String: String]
    public var terminal: TerminalInfo
    public var diagnostics: Diagnostics
    /// Where long work shows progress: set only when stderr is a terminal.
    public var progress: ProgressLine?
    /// Writes to stdout as output is produced (ndjson and csv rows of a long answer), for a
    /// runner that would rather not hold its whole output; nil to return it whole.
    public var writeOutput: (@Sendable (String) -> StandardStreams.WriteResult)?

    public init(environment: [String: String], terminal: TerminalInfo = .plain, diagnostics: Diagnostics = .silent,
                progress: ProgressLine? = nil, writeOutput: (@Sendable (String) -> StandardStreams.WriteResult)? = nil) {
        self.environment = environment
        self.terminal = terminal
        self.diagnostics = diagnostics
        self.progress = progress
        self.writeOutput = writeOutput
    }

    /// An environment value, treating empty as unset (as `VAR= places ...` intends).
    public func value(_ name: String) -> String? {
        guard let v = environment[name], !v.isEmpty else { return nil }
        return v
    }
}

/// The environment holds the API keys: printed or reflected, a context names its variables
/// and shows none of their values.
extension RunContext: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "RunContext(environment: \(environment.keys.sorted()), values not shown)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["environmentNames": environment.keys.sorted(), "terminal": terminal], displayStyle: .struct)
    }
}
