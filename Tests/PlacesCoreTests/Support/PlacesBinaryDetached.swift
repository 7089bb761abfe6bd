import Foundation

extension PlacesBinary {
    /// `run` on a thread of its own, for async tests: waiting for the child process then
    /// blocks no thread of Swift's cooperative pool, which the other tests (and their
    /// timers) need while a slow command runs.
    static func runDetached(_ arguments: [String], environment: [String: String]? = nil) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try PlacesBinary.run(arguments, environment: environment) })
            }
        }
    }
}
