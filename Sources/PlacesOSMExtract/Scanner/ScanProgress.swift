import Foundation
import PlacesModel

/// Adds up the bytes the scanning threads have read and passes the sum on, every few MiB.
final class ScanProgress: @unchecked Sendable {
    /// Bytes a scanner reads between reports.
    static let stride = 4 << 20

    let phase: ExtractProgress.Phase
    let total: Int
    private let report: @Sendable (ExtractProgress) -> Void
    private let lock = NSLock()
    private var done = 0

    init(phase: ExtractProgress.Phase, total: Int, report: @escaping @Sendable (ExtractProgress) -> Void) {
        self.phase = phase
        self.total = total
        self.report = report
    }

    /// `bytes` more were read.
    func advance(_ bytes: Int) {
        let sum = lock.withLock {
            done += bytes
            return done
        }
        report(ExtractProgress(phase: phase, bytesDone: min(sum, total), bytesTotal: total))
    }
}
