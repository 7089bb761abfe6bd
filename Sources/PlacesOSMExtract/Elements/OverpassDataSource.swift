import Foundation
import PlacesModel
import PlacesSupport

/// What an extract path (`--data` in the CLI) names, opened without ever blocking on the open (`O_NONBLOCK`, then
/// `fstat`): a regular file, which is memory-mapped and may be indexed; or a stream (a
/// pipe such as `<(cat f.json)` or `/dev/stdin`, `-` for standard input as jq and curl
/// read it, a named FIFO, a character device), read once, whole, into memory and scanned
/// without an index. A named FIFO with no writer yet is waited for, as `cat` would.
enum OverpassDataSource {
    case file(ReadOnlyFile)
    case stream([UInt8])

    /// `path` as messages show it: `-` is standard input.
    static func displayName(_ path: String) -> String {
        path == "-" ? "standard input" : path
    }

    static func open(_ path: String, diagnostics: Diagnostics) throws -> OverpassDataSource {
        if let bytes = streams.bytes(of: path) { return .stream(bytes) }
        if path == "-" { return .stream(try readStream(0, path: path, namedFIFO: nil, diagnostics: diagnostics)) }
        let opened: (descriptor: Int32, info: stat)
        do {
            opened = try ReadOnlyFile.openWithoutBlocking(path)
        } catch {
            throw Self.error(error, path: path, wording: diagnostics.wording)
        }
        let kind = FileKind(mode: opened.info.st_mode)
        switch kind {
        case .regular:
            return .file(ReadOnlyFile(adopting: opened.descriptor, info: opened.info, path: path))
        case .fifo, .characterDevice, .socket:
            defer { close(opened.descriptor) }
            return .stream(try readStream(opened.descriptor, path: path, namedFIFO: kind == .fifo ? path : nil, diagnostics: diagnostics))
        default:
            close(opened.descriptor)
            throw Self.error(kind == .directory ? .directory : .notRegular(kind), path: path, wording: diagnostics.wording)
        }
    }

    /// The most of a stream that is read: a stream is held whole in memory (a file is
    /// mapped, and indexed, instead), so a longer one is refused, its memory with it.
    static let maximumStreamBytes = 512 << 20

    /// Reads a stream to its end, or only as far as its first byte when that shows it is
    /// not JSON (so `--data /dev/zero` fails at once), or as far as `maximumStreamBytes`.
    /// Kept for the rest of the process: a stream cannot be read twice, and
    /// `route-estimate` may look two places up in it.
    private static func readStream(_ fd: Int32, path: String, namedFIFO: String?, diagnostics: Diagnostics) throws -> [UInt8] {
        do {
            let bytes = try StreamInput.readAll(
                fd, namedFIFO: namedFIFO, waiting: { diagnostics.note(.extractWaitingForWriter(path: path)) },
                startVerdict: ExtractFileFormat.streamStartVerdict, maximumBytes: maximumStreamBytes)
            streams.keep(bytes, for: path)
            return bytes
        } catch {
            if error.overLimit {
                let phrase = Phrase.extractStreamTooLarge(source: displayName(path), limit: maximumStreamBytes)
                throw PlacesError.badFile(path: path, message: diagnostics.wording(phrase))
            }
            throw PlacesError.io(
                path: path, message: diagnostics.wording(.extractStreamFailed(source: displayName(path), reason: error.reason)))
        }
    }

    static func error(_ error: ReadOnlyFile.OpenError, path: String, wording: Wording) -> PlacesError {
        switch error {
        case .missing:
            return PlacesError.notFound(message: wording(.extractMissing(path: path)))
        case .directory:
            return PlacesError.notFound(message: wording(.extractIsDirectory(path: path)))
        case .notRegular(let kind):
            return PlacesError.notFound(message: wording(.extractNotRegular(path: path, kind: "\(kind)")))
        case .unreadable(let reason):
            return PlacesError.notFound(message: wording(.extractUnreadable(path: path, reason: reason)))
        }
    }

    /// The canonical absolute path of an existing file (symlinks and `..` resolved).
    static func absolutePath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static let streams = StreamMemory()

    /// Streams already read in this process, by the path they were given as.
    private final class StreamMemory: @unchecked Sendable {
        private let lock = NSLock()
        private var read: [String: [UInt8]] = [:]

        func bytes(of path: String) -> [UInt8]? { lock.withLock { read[path] } }
        func keep(_ bytes: [UInt8], for path: String) { lock.withLock { read[path] = bytes } }
    }
}
