import Foundation
import PlacesCore
import PlacesHTTP

/// stderr during a batch: the lines' notes, each prefixed with its line number, and on a
/// terminal a progress line (done/total, rate, errors, ETA) redrawn in place at most five
/// times a second. Nothing but the notes when stderr is not a terminal.
final class BatchProgress: @unchecked Sendable {
    private let stderr: ScrubbedOutput
    private let showsProgress: Bool
    private let total: Int
    private let lock = NSLock()
    private let started = Date()
    private var done = 0
    private var failed = 0
    private var drawn = false
    private var lastDrawn = Date.distantPast
    /// Set when the output stopped (a reader that went away): notes from then on are dropped.
    private var silenced = false

    init(total: Int, stderr: ScrubbedOutput, isTerminal: Bool) {
        self.total = total
        self.stderr = stderr
        showsProgress = isTerminal
    }

    /// Where the notes of input line `number` go.
    func diagnostics(line number: Int, wording: Wording) -> Diagnostics {
        Diagnostics(wording: wording) { [self] level, message in
            write("places: \(level.rawValue): line \(number): \(message)\n")
        }
    }

    /// Drops every note from now on: the batch is ending, its lines are being cancelled.
    func silence() {
        lock.withLock { silenced = true }
    }

    /// One more line finished.
    func finished(failed lineFailed: Bool) {
        lock.withLock {
            done += 1
            if lineFailed { failed += 1 }
            guard showsProgress, done == total || Date().timeIntervalSince(lastDrawn) >= 0.2 else { return }
            draw()
        }
    }

    /// Clears the progress line and, on a terminal, says how the batch went and what it sent
    /// (by service and billing tier, and the cache hits).
    func finish() {
        lock.withLock {
            guard showsProgress else { return }
            let seconds = Date().timeIntervalSince(started)
            stderr.write(
                "\r\u{1B}[K"
                    + "places: batch: \(done) of \(total) lines in \(String(format: "%.1f", seconds)) s, \(failed) failed; \(RequestLedger.shared.summary)\n"
            )
            drawn = false
        }
    }

    private func write(_ text: String) {
        lock.withLock {
            if silenced { return }
            if drawn { stderr.write("\r\u{1B}[K") }
            stderr.write(text)
            if drawn { draw() }
        }
    }

    /// Called with `lock` held.
    private func draw() {
        let seconds = max(Date().timeIntervalSince(started), 0.001)
        let rate = Double(done) / seconds
        let eta = rate > 0 ? Self.clock(Double(total - done) / rate) : "?"
        stderr.write("\r\u{1B}[K" + "batch: \(done)/\(total) lines, \(String(format: "%.1f", rate))/s, \(failed) failed, ETA \(eta)")
        drawn = true
        lastDrawn = Date()
    }

    private static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 360_000 else { return "?" }
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
