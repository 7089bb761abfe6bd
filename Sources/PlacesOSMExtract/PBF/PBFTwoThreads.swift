import Foundation

/// Runs work on the blocks of a file on two threads (blocks decode independently): the
/// first `split` on the calling thread, the rest on a second one, each with its own state.
/// The first error in file order is the one thrown (the first half's, if both failed);
/// once one half fails the other stops at its next block.
enum PBFTwoThreads {
    /// Below this many bytes of blocks, one thread is quicker than starting a second.
    static let minimumBytes = 4 << 20

    /// Where to split `blocks` so each half has about as many bytes: `blocks.count` (all on
    /// one thread) when the file is small or there is one processor.
    static func split(_ blocks: [PBFFileBlock], minimumBytes: Int = minimumBytes) -> Int {
        let total = blocks.reduce(0) { $0 + $1.blob.count }
        guard blocks.count > 1, total >= minimumBytes, ProcessInfo.processInfo.activeProcessorCount > 1 else { return blocks.count }
        var sum = 0
        for (index, block) in blocks.enumerated() {
            sum += block.blob.count
            if sum * 2 >= total { return min(index + 1, blocks.count - 1) }
        }
        return blocks.count - 1
    }

    /// Calls `body(0, i)` for `i` in `0..<split` on this thread and `body(1, i)` for the
    /// rest on another, in order within each.
    static func run(count: Int, split: Int, _ body: (_ thread: Int, _ index: Int) throws(PBFError) -> Void) throws(PBFError) {
        guard split < count else {
            for index in 0..<count { try body(0, index) }
            return
        }
        try withoutActuallyEscaping(body) { body throws(PBFError) in
            let second = SecondThread(range: split..<count, body: body)
            let thread = Thread { second.run() }
            thread.stackSize = 1 << 20
            thread.start()
            var failure: PBFError?
            do throws(PBFError) {
                for index in 0..<split {
                    guard !second.hasFailed else { break }
                    try body(0, index)
                }
            } catch {
                failure = error
                second.stop()
            }
            second.finished.wait()
            second.body = nil
            if let failure { throw failure }
            if let failure = second.failure { throw failure }
        }
    }

    /// The second thread's blocks and outcome; `failure` is read only after `finished`.
    private final class SecondThread: @unchecked Sendable {
        let range: Range<Int>
        var body: ((Int, Int) throws(PBFError) -> Void)?
        var failure: PBFError?
        let finished = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var stopped = false
        private var failed = false

        init(range: Range<Int>, body: @escaping (Int, Int) throws(PBFError) -> Void) {
            self.range = range
            self.body = body
        }

        var hasFailed: Bool { lock.withLock { failed } }
        func stop() { lock.withLock { stopped = true } }

        func run() {
            do throws(PBFError) {
                guard let body else { throw PBFError.damaged("the second reading thread was abandoned") }
                for index in range {
                    if lock.withLock({ stopped }) { break }
                    try body(1, index)
                }
            } catch {
                failure = error
                lock.withLock { failed = true }
            }
            finished.signal()
        }
    }
}
