import Foundation

/// Numbers a transport's requests by their cassette key: the first with a key is 1, the next
/// 2, and so on, as the recordings `KEY-N.json` are named. Safe to share: a batch's lines send
/// at once.
final class CassetteNumbering: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// The number of this request among those with `key`.
    func next(for key: String) -> Int {
        lock.withLock {
            let n = counts[key, default: 0] + 1
            counts[key] = n
            return n
        }
    }
}
