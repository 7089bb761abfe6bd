/// The world one command runs in: environment, terminal, and where notes go.
/// The CLI builds it from the process; tests build it by hand.
public struct RunContext: Sendable {
    public var environment: [String: String]
    public var terminal: TerminalInfo
    public var diagnostics: Diagnostics

    public init(environment: [String: String], terminal: TerminalInfo = .plain, diagnostics: Diagnostics = .silent) {
        self.environment = environment
        self.terminal = terminal
        self.diagnostics = diagnostics
    }

    /// An environment value, treating empty as unset (as `VAR= places ...` intends).
    public func value(_ name: String) -> String? {
        guard let v = environment[name], !v.isEmpty else { return nil }
        return v
    }
}
