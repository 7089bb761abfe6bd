import PlacesCore

/// Records on their way to stdout, written a block at a time, until the reader goes away
/// (`| head`): what both `reverse -` streams write through.
struct StreamBlockWriter {
    private let write: @Sendable (String) -> StandardStreams.WriteResult
    /// What is waiting to be written.
    private(set) var bytes: [UInt8] = []
    /// The reader went away: write no more, quietly.
    private(set) var closed = false

    init(write: @escaping @Sendable (String) -> StandardStreams.WriteResult) {
        self.write = write
        bytes.reserveCapacity(ReverseStream.blockSize + 4096)
    }

    mutating func append(contentsOf record: some Sequence<UInt8>) {
        bytes.append(contentsOf: record)
    }

    /// Writes what is waiting; a failed write is `StreamWriteFailure` (74).
    mutating func flush() throws(StreamWriteFailure) {
        guard !bytes.isEmpty, !closed else { return }
        let result = write(String(decoding: bytes, as: UTF8.self))
        bytes.removeAll(keepingCapacity: true)
        switch result {
        case .written: break
        case .closedPipe: closed = true
        case .failed(let code): throw StreamWriteFailure(code: code)
        }
    }
}

/// Standard output could not be written (a full disk): reported as 74.
struct StreamWriteFailure: Error {
    let code: Int32
}
