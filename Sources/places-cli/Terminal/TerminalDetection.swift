import PlacesCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalInfo {
    /// Whether this process's stderr is a terminal (progress is drawn only there).
    static func stderrIsTerminal() -> Bool {
        isatty(STDERR_FILENO) == 1
    }

    /// Inspects stdout and the environment of this process.
    static func detect(environment: [String: String]) -> TerminalInfo {
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
