import Foundation
import PlacesCore
import PlacesSupport

/// One line of progress on a terminal's stderr, redrawn in place, for work that has taken
/// longer than `delay` (nothing for quick work, and nothing at all off a terminal: the CLI
/// makes one only when stderr is a TTY). Cleared when the work ends. Safe from any thread.
final class ProgressLine: @unchecked Sendable {
    private let write: @Sendable (String) -> Void
    private let delay: TimeInterval
    private let lock = NSLock()
    private var started = Date()
    private var lastDrawn: Date?

    init(delay: TimeInterval = 1, write: @escaping @Sendable (String) -> Void) {
        self.delay = delay
        self.write = write
    }

    /// Starts timing a new piece of work.
    func begin() {
        lock.withLock {
            started = Date()
            lastDrawn = nil
        }
    }

    /// Shows `text` when the work has taken longer than the delay (at most ten times a second).
    func show(_ text: String) {
        lock.withLock {
            let now = Date()
            guard now.timeIntervalSince(started) >= delay else { return }
            if let lastDrawn, now.timeIntervalSince(lastDrawn) < 0.1 { return }
            lastDrawn = now
            write("\r\u{1B}[K" + TerminalText.sanitizedLine(text))
        }
    }

    /// Clears the line for a note to be written in its place (the next report draws it
    /// again below the note).
    func interrupt() {
        end()
    }

    /// Clears the line, if anything was drawn.
    func end() {
        lock.withLock {
            if lastDrawn != nil { write("\r\u{1B}[K") }
            lastDrawn = nil
        }
    }

    /// The progress text of reading an extract.
    static func text(_ progress: ExtractProgress, source: String) -> String {
        let percent = progress.bytesTotal > 0 ? Int(Double(progress.bytesDone) / Double(progress.bytesTotal) * 100) : 0
        let what = progress.phase == .reading ? "reading" : "placing ways and relations from the nodes of"
        let megabytes = Int((Double(progress.bytesTotal) / 1_048_576).rounded(.up))
        return "places: \(what) \(source): \(percent)% of \(megabytes) MB"
    }
}
