import Foundation

/// Replaces every form of every secret (see `SecretMatcher`) in a stream of bytes with
/// `REDACTED`; overlapping occurrences (`AIzaAIzaKEY...`) become one. The stream may come in
/// pieces: bytes at the end of a piece that could begin a secret are held back until the next
/// piece, so a key split across two writes is still caught; `finish` lets them go. Clean
/// bytes are passed on as they are, without copying.
package struct SecretScrubber: Sendable {
    let matcher: SecretMatcher
    /// Bytes held back from the previous piece (at most one encoded key long).
    private var held: [UInt8] = []
    /// How many of the held bytes a `REDACTED` already emitted stands for.
    private var heldCovered = 0

    package init(secrets: [String]) {
        matcher = SecretMatcher(secrets: secrets)
    }

    /// Passes `piece`, scrubbed, to `emit` in one or more parts, holding back a possible
    /// beginning of a secret at its end.
    package mutating func process(_ piece: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
        run(piece, final: false, emit: emit)
    }

    /// Passes on whatever was held back; call once at the end of the stream.
    package mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
        run(UnsafeRawBufferPointer(start: nil, count: 0), final: true, emit: emit)
    }

    private mutating func run(_ piece: UnsafeRawBufferPointer, final: Bool, emit: (UnsafeRawBufferPointer) -> Void) {
        if matcher.isEmpty {
            if !piece.isEmpty { emit(piece) }
            return
        }
        let previous = held
        let covered = heldCovered
        held = []
        heldCovered = 0
        previous.withUnsafeBytes { head in
            let window = ByteWindow(head: head, body: piece)
            let count = window.count
            // Bytes before `clean` have been passed on, or stand under a REDACTED passed on;
            // `spanEnd` ends the last redacted stretch, which a match starting inside extends.
            var clean = covered
            var spanEnd = covered
            var spanStart = 0
            var candidates = SecretMatcher.Candidates()
            var i = 0
            var holdFrom = count
            while true {
                // The hot loops: a table lookup per byte, a 4-byte test per 9 (see `Candidates`).
                i = candidates.next(from: i, in: window, matcher)
                if i >= count { break }
                switch matcher.match(window, at: i, final: final) {
                case .none:
                    i += 1
                case .found(let end):
                    if i >= spanEnd {
                        Self.emit(window, clean..<i, emit)
                        Redaction.placeholderBytes.withUnsafeBytes(emit)
                        spanStart = i
                    }
                    spanEnd = max(spanEnd, end)
                    clean = spanEnd
                    i += 1
                case .needMore:
                    holdFrom = i
                    i = count
                }
                if i >= count { break }
            }
            // A piece of a key cut by the end of this piece of the stream may go on in the next
            // (held from where it starts, or from the REDACTED it continues).
            if !final { holdFrom = min(holdFrom, matcher.pieces.tailStart(in: window, notBefore: spanStart)) }
            if holdFrom < count {
                if clean < holdFrom { Self.emit(window, clean..<holdFrom, emit) }
                var unused = false
                // Unwrap justified: holdFrom..<count is inside the window, so every byte exists.
                held = (holdFrom..<count).map { window.byte($0, &unused)! }
                heldCovered = max(0, spanEnd - holdFrom)
                return
            }
            Self.emit(window, clean..<count, emit)
        }
    }

    /// Emits `range` of the window: the part in the held bytes, then the part in the piece.
    private static func emit(_ window: ByteWindow, _ range: Range<Int>, _ emit: (UnsafeRawBufferPointer) -> Void) {
        guard !range.isEmpty else { return }
        let split = window.head.count
        if range.lowerBound < split {
            emit(UnsafeRawBufferPointer(rebasing: window.head[range.lowerBound..<min(range.upperBound, split)]))
        }
        if range.upperBound > split {
            emit(UnsafeRawBufferPointer(rebasing: window.body[max(range.lowerBound, split) - split..<range.upperBound - split]))
        }
    }

    // MARK: - Whole texts

    /// `data` with every form of every secret replaced.
    static func scrub(_ data: Data, secrets: [String]) -> Data {
        var scrubber = SecretScrubber(secrets: secrets)
        if scrubber.matcher.isEmpty { return data }
        var out = Data()
        out.reserveCapacity(data.count)
        data.withUnsafeBytes { bytes in
            scrubber.process(bytes) { out.append(contentsOf: $0) }
        }
        scrubber.finish { out.append(contentsOf: $0) }
        return out
    }

    /// `text` with every form of every secret replaced.
    static func scrub(_ text: String, secrets: [String]) -> String {
        let matcher = SecretMatcher(secrets: secrets)
        guard !matcher.isEmpty, contains(text, matcher: matcher) else { return text }
        return String(decoding: scrub(Data(text.utf8), secrets: secrets), as: UTF8.self)
    }

    /// Whether `text` holds any form of any secret.
    static func contains(_ text: String, secrets: [String]) -> Bool {
        contains(text, matcher: SecretMatcher(secrets: secrets))
    }

    /// Whether `text` holds a secret `matcher` looks for: a matcher built once for many texts.
    package static func contains(_ text: String, matcher: SecretMatcher) -> Bool {
        guard !matcher.isEmpty else { return false }
        var text = text
        return text.withUTF8 { buffer in
            let window = ByteWindow(head: UnsafeRawBufferPointer(start: nil, count: 0), body: UnsafeRawBufferPointer(buffer))
            var candidates = SecretMatcher.Candidates()
            var i = 0
            while true {
                i = candidates.next(from: i, in: window, matcher)
                if i >= window.count { return false }
                if case .found = matcher.match(window, at: i, final: true) { return true }
                i += 1
            }
        }
    }
}
