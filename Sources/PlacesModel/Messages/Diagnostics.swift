import PlacesSupport

/// Where notes and warnings go (stderr in the CLI, an app's handler, a buffer in tests),
/// and how the library words what it says (`Wording`).
///
/// Results are returned; everything meant for the person reading comes here.
package struct Diagnostics: Sendable {
    package enum Level: String, Sendable {
        /// Something the user should know that does not stop the request.
        case note
        /// Something probably wrong that the request worked around.
        case warning
    }

    private let sink: @Sendable (Level, String) -> Void
    /// The words of messages and notes: library terms, or the CLI's.
    package let wording: Wording

    /// Each message with its level; control characters are already stripped.
    package init(wording: Wording = .library, messages sink: @escaping @Sendable (Level, String) -> Void) {
        self.sink = sink
        self.wording = wording
    }

    /// Each message as the CLI prints it on stderr: `places: note: ...`, `places: warning: ...`.
    package init(wording: Wording = .library, _ lines: @escaping @Sendable (String) -> Void) {
        self.init(wording: wording) { level, message in lines("places: \(level.rawValue): \(message)") }
    }

    package func note(_ message: String) {
        sink(.note, TerminalText.sanitizedLine(message))
    }

    package func note(_ phrase: Phrase) {
        note(wording(phrase))
    }

    package func warning(_ message: String) {
        sink(.warning, TerminalText.sanitizedLine(message))
    }

    /// Discards everything; for callers that do not report.
    package static let silent = Diagnostics { _ in }
}
