import Foundation
import PlacesCore
import PlacesHTTP

/// stdout or stderr behind a `SecretScrubber`: the CLI's last line of defence, so that no
/// byte it writes carries an API key from its environment in any form, whatever code path
/// made the text. Safe to use from several tasks (notes arrive while a command runs).
final class ScrubbedOutput: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var scrubber: SecretScrubber
    /// The first failure; later writes are skipped once the stream is broken.
    private var failure: StandardStreams.WriteResult?

    init(fd: Int32, secrets: [String]) {
        self.fd = fd
        scrubber = SecretScrubber(secrets: secrets)
    }

    /// Writes `text` scrubbed. A possible beginning of a key at its end is held back until
    /// the next write or `finish` (a line ending in a newline is never held).
    @discardableResult
    func write(_ text: String) -> StandardStreams.WriteResult {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    @discardableResult
    func write(_ bytes: UnsafeRawBufferPointer) -> StandardStreams.WriteResult {
        lock.withLock {
            scrubber.process(bytes) { pass($0) }
            return failure ?? .written
        }
    }

    /// Writes whatever was held back; call once before the process exits.
    @discardableResult
    func finish() -> StandardStreams.WriteResult {
        lock.withLock {
            scrubber.finish { pass($0) }
            return failure ?? .written
        }
    }

    private func pass(_ part: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        let result = StandardStreams.write(part, to: fd)
        if result != .written { failure = result }
    }
}
