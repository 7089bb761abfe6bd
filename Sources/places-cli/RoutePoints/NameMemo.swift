import Foundation
import PlacesCore
import PlacesGazetteer

/// The names this process has resolved in the bundled gazetteer, so that the lines of a batch
/// that share a `--near` scan its rows once. Bounded; failures are not kept.
final class NameMemo: @unchecked Sendable {
    static let shared = NameMemo()
    private static let capacity = 10_000
    private let lock = NSLock()
    private var matches: [String: Gazetteer.Match] = [:]

    /// `point` (`--from`, `--to`, nil for `--near`) only words a failure, so a match is kept by name.
    func match(_ name: String, point: String?, wording: Wording) throws -> Gazetteer.Match {
        if let known = lock.withLock({ matches[name] }) { return known }
        let match = try Gazetteer.bundled.resolve(name, point: point, wording: wording)
        lock.withLock {
            if matches.count >= Self.capacity { matches.removeAll() }
            matches[name] = match
        }
        return match
    }
}
