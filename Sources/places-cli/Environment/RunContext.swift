import Foundation
import PlacesCore
import PlacesHTTP

/// The world one command runs in: environment, terminal, and where notes go.
/// The CLI builds it from the process; tests build it by hand.
struct RunContext: Sendable {
    var environment: [String: String]
    var terminal: TerminalInfo
    var diagnostics: Diagnostics
    /// The request gates shared by every command of this process (`places batch`); nil: a
    /// single command, which asks at its own pace, but never faster than a service's operator
    /// allows (`OperatorPacedTransport`, under every command). Further shared HTTP policy (a response
    /// cache, a cost ceiling) belongs beside it, applied in `HTTPClientFactory`.
    var rateLimits: RateLimits?
    /// The command line as given (after `places`), stored with what `--record` records.
    var arguments: [String]
    /// Where long work shows progress: set only when stderr is a terminal.
    var progress: ProgressLine?
    /// Writes to stdout as output is produced (ndjson and csv rows of a long answer), for a
    /// runner that would rather not hold its whole output; nil to return it whole (a batch
    /// line, whose output becomes its record).
    var writeOutput: (@Sendable (String) -> StandardStreams.WriteResult)?
    /// Writes bytes to stdout as they are (`places photo -o -`: an image); nil where there is
    /// no stdout of the process's own to write to (a batch line).
    var writeBytes: (@Sendable (Data) -> StandardStreams.WriteResult)?

    init(
        environment: [String: String], terminal: TerminalInfo = .plain, diagnostics: Diagnostics = .silent,
        rateLimits: RateLimits? = nil, progress: ProgressLine? = nil,
        writeOutput: (@Sendable (String) -> StandardStreams.WriteResult)? = nil, arguments: [String] = []
    ) {
        self.environment = environment
        self.terminal = terminal
        self.diagnostics = diagnostics
        self.rateLimits = rateLimits
        self.progress = progress
        self.writeOutput = writeOutput
        self.arguments = arguments
    }

    /// An environment value, treating empty as unset (as `VAR= places ...` intends).
    func value(_ name: String) -> String? {
        guard let v = environment[name], !v.isEmpty else { return nil }
        return v
    }
}

/// The environment holds the API keys: printed or reflected, a context names its variables
/// and shows none of their values.
extension RunContext: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var description: String { "RunContext(environment: \(environment.keys.sorted()), values not shown)" }
    var debugDescription: String { description }
    var customMirror: Mirror {
        Mirror(self, children: ["environmentNames": environment.keys.sorted(), "terminal": terminal], displayStyle: .struct)
    }
}
