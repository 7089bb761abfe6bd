import PlacesCore
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A batch's lines each read their extract: given a stream (`-`, `/dev/stdin`, `<(cat f)`, a
/// FIFO), they would split its bytes between them. In a batch an extract must be a file;
/// a stream is refused before any line runs.
enum BatchStreams {
    /// Whether `path` names a stream: `-`, or a FIFO, socket or character device (looked at,
    /// never opened).
    static func isStream(_ path: String) -> Bool {
        if path == "-" { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFSOCK || kind == S_IFCHR
    }

    static func advice(_ shown: String) -> String {
        "\(shown) is a stream (stdin, a pipe or a FIFO), and every line of a batch reads its extract: the lines would share its bytes; save it to a file and give that file"
    }

    /// A line's `--data`: 64 when it names a stream.
    static func refuse(data: String) throws {
        guard isStream(data) else { return }
        throw UsageError("--data " + advice(TerminalText.sanitizedLine(data)))
    }

    /// The batch's own `--data`, and `$PLACES_OSM_DATA`, before any line runs. `input` is the
    /// batch's input file (nil: stdin).
    static func refuse(data: String?, input: String?, environment: String?) throws {
        if let data {
            if data == "-", input == nil {
                throw UsageError(
                    "--data - and the batch's input are both stdin: give the lines as a FILE (places batch FILE) and the extract as a file too"
                )
            }
            try refuse(data: data)
        }
        if data == nil, let environment, !environment.isEmpty, isStream(environment) {
            throw PlacesError.configuration(message: "$PLACES_OSM_DATA " + advice(TerminalText.sanitizedLine(environment)))
        }
    }
}
