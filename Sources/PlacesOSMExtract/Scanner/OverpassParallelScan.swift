import Foundation

/// Scans a large document on two threads: a second scanner starts at a likely element
/// boundary near the middle while the first reads up to it. The guess is only a guess
/// (it looks for `,`, a line break and `{`, the way Overpass separates elements; a raw line
/// break is never inside a JSON string), so the first scanner must arrive at exactly that
/// byte at the start of an element of the `elements` array for the second half to count.
/// If it does not, the first scanner simply reads on to the end and the second's work is
/// thrown away. Either way every byte is checked, and the answer is the one-thread answer.
enum OverpassParallelScan {
    /// Below this, one thread is quicker than starting a second.
    static let minimumBytes = 8 << 20

    /// Scans `text`, calling `first` with elements in document order up to the split and
    /// `second` with the rest. `usedSecond` false means `first` saw every element and
    /// whatever `second` was given must be dropped.
    static func scan(
        _ text: UnsafeRawBufferPointer, release: ((Range<Int>) -> Void)?, minimumBytes: Int = minimumBytes,
        progress: ScanProgress? = nil,
        first: (borrowing ScannedElement) -> Void,
        second: (borrowing ScannedElement) -> Void
    ) throws(JSONScanError) -> (summary: OverpassScanner.Summary, usedSecond: Bool) {
        guard text.count >= minimumBytes, ProcessInfo.processInfo.activeProcessorCount > 1,
            let split = splitGuess(in: text, after: text.count / 2)
        else {
            return (try OverpassScanner.scan(text, release: release, progress: progress, first), false)
        }
        return try withoutActuallyEscaping(second) { second throws(JSONScanError) in
            let part = SecondPart(text: text, offset: split, release: release, progress: progress, body: second)
            let thread = Thread { part.run() }
            thread.stackSize = 1 << 20
            thread.start()
            // Wait for the second thread however the first ends, and let go of its closure
            // (the Thread object may outlive this call; the closure must not).
            defer {
                part.join()
                part.body = nil
            }
            let head = try OverpassScanner.withScanner(text, keepAllTags: false, release: release, progress: progress) {
                scanner throws(JSONScanError) in
                try scanner.document(first, handOverAt: split)
            }
            part.join()
            guard head.handedOver else { return (head.summary, false) }
            switch part.result {
            case .success(let tail)?:
                let remark = head.topLevel.sawRemark ? head.topLevel.remark : tail.remark
                return (OverpassScanner.Summary(elementCount: head.topLevel.elementCount + tail.elementCount, remark: remark), true)
            case .failure?, nil:
                // The second half is broken (or, never, had no outcome): scan again on one thread
                // for the error exactly as it would have been reported (element numbers count from the start).
                _ = try OverpassScanner.scan(text) { _ in }
                throw JSONScanError("the document is broken after byte \(split)", at: split)
            }
        }
    }

    /// A `{` after a `,` and a line break at or after `offset`, within the next 8 MiB.
    static func splitGuess(in text: UnsafeRawBufferPointer, after offset: Int) -> Int? {
        let end = min(text.count, offset + (8 << 20))
        var i = offset
        while i < end {
            guard text[i] == 0x0A else {
                i += 1
                continue
            }
            var before = i - 1
            while before > 0, text[before] == 0x20 || text[before] == 0x09 || text[before] == 0x0D || text[before] == 0x0A { before -= 1 }
            var after = i + 1
            while after < end, text[after] == 0x20 || text[after] == 0x09 || text[after] == 0x0D || text[after] == 0x0A { after += 1 }
            if before > 0, text[before] == UInt8(ascii: ","), after < end, text[after] == UInt8(ascii: "{") { return after }
            i = after
        }
        return nil
    }

    /// The second thread's scan and its outcome. Only that thread touches it until `finished`.
    private final class SecondPart: @unchecked Sendable {
        let text: UnsafeRawBufferPointer
        let offset: Int
        let release: ((Range<Int>) -> Void)?
        let progress: ScanProgress?
        var body: ((borrowing ScannedElement) -> Void)?
        private let finished = DispatchSemaphore(value: 0)
        private var joined = false
        var result: Result<OverpassScanner.TopLevel, JSONScanError>?

        init(
            text: UnsafeRawBufferPointer, offset: Int, release: ((Range<Int>) -> Void)?, progress: ScanProgress?,
            body: @escaping (borrowing ScannedElement) -> Void
        ) {
            self.text = text
            self.offset = offset
            self.release = release
            self.progress = progress
            self.body = body
        }

        func run() {
            defer { finished.signal() }
            // Never nil here (it is let go only after `join`); no body leaves `result` nil: a failure.
            guard let body else { return }
            do throws(JSONScanError) {
                let tail = try OverpassScanner.withScanner(text, keepAllTags: false, release: release, progress: progress) {
                    scanner throws(JSONScanError) in
                    try scanner.remainder(from: offset, body)
                }
                result = .success(tail)
            } catch {
                result = .failure(error)
            }
        }

        /// Waits (once) until `run` has finished; called only by the first thread.
        func join() {
            guard !joined else { return }
            finished.wait()
            joined = true
        }
    }
}
