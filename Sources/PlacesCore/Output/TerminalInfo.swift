#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the output stream is connected to: decides colour and table clipping.
public struct TerminalInfo: Sendable, Equatable {
    /// stdout is a terminal (not a pipe or file).
    public var isTTY: Bool
    /// Columns available on a TTY; nil when unknown or not a TTY (never clip then).
    public var width: Int?
    /// ANSI colour: only on a TTY, never when `NO_COLOR` is set (even empty), never for `TERM=dumb`.
    public var colorEnabled: Bool

    public init(isTTY: Bool, width: Int?, colorEnabled: Bool) {
        self.isTTY = isTTY
        self.width = width
        self.colorEnabled = colorEnabled
    }

    /// Not a terminal: no colour, no clipping. What pipes, files and tests get.
    public static let plain = TerminalInfo(isTTY: false, width: nil, colorEnabled: false)

    /// Whether this process's stderr is a terminal (progress is drawn only there).
    public static func stderrIsTerminal() -> Bool {
        isatty(STDERR_FILENO) == 1
    }

    /// Inspects stdout and the environment of this process.
    public static func detect(environment: [String: String]) -> TerminalInfo {
        let tty = isatty(STDOUT_FILENO) == 1
        guard tty else { return .plain }
        var width: Int?
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            width = Int(size.ws_col)
        } else if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            width = columns
        }
        let noColor = environment["NO_COLOR"] != nil || environment["TERM"] == "dumb"
        return TerminalInfo(isTTY: true, width: width ?? 80, colorEnabled: !noColor)
    }
}
