import Foundation

/// Where reads of a flag a command does not declare are reported: a test listens (and walks
/// every command's option reading, `CommandFlagReadsTests`); with no listener a debug build
/// stops at the read, and a release build reads the flag as not given.
enum FlagReadAudit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var listener: (@Sendable (String) -> Void)?

    /// Reports `flag` read by `spec`'s code without being declared there: not at all, or
    /// its name declared by another declaration (whose default, range or parsing may differ).
    static func undeclared(_ flag: FlagSpec, in spec: CommandSpec) {
        let report =
            spec.flag(named: flag.name) == nil
            ? "'places \(spec.name)' reads --\(flag.name), which it does not declare"
            : "'places \(spec.name)' reads a --\(flag.name) declared for another command, not the one it declares"
        guard let listener = lock.withLock({ listener }) else {
            assertionFailure(report)
            return
        }
        listener(report)
    }

    /// Runs `body` with every undeclared read reported to `listener` instead.
    static func listening<T>(_ listener: @escaping @Sendable (String) -> Void, _ body: () throws -> T) rethrows -> T {
        lock.withLock { self.listener = listener }
        defer { lock.withLock { self.listener = nil } }
        return try body()
    }
}
