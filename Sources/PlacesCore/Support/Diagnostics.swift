/// Where notes and warnings go (stderr in the CLI, a buffer in tests).
///
/// Results go to stdout; everything meant for the person at the terminal comes here.
package struct Diagnostics: Sendable {
    private let sink: @Sendable (String) -> Void

    package init(_ sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    /// Something the user should know that does not stop the command (`places: note: ...`).
    package func note(_ message: String) {
        sink("places: note: \(TerminalText.sanitizedLine(message))")
    }

    /// Something probably wrong that the command worked around (`places: warning: ...`).
    package func warning(_ message: String) {
        sink("places: warning: \(TerminalText.sanitizedLine(message))")
    }

    /// Discards everything; for callers that do not report.
    package static let silent = Diagnostics { _ in }
}
