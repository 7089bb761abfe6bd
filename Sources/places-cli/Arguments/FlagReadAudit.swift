import Foundation

/// Where reads of a flag a command does not declare are reported: a test listens (and walks
/// every command's option reading, `CommandFlagReadsTests`); with no listener a debug build
/// stops at the read, and a release build reads the flag as not given.
enum FlagReadAudit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var listener: (@Sendable (String) -> Void)?

    /// Reports `name` read by `spec`'s code without being declared there.
    static func undeclared(_ name: FlagName, in spec: CommandSpec) {
        let report = "'places \(spec.name)' reads --\(name), which it does not declare"
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
