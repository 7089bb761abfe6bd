import PlacesCore

/// What the output stream is connected to: decides colour and table clipping.
struct TerminalInfo: Sendable, Equatable {
    /// stdout is a terminal (not a pipe or file).
    var isTTY: Bool
    /// Columns available on a TTY; nil when unknown or not a TTY (never clip then).
    var width: Int?
    /// ANSI colour: only on a TTY, never when `NO_COLOR` is set (even empty), never for `TERM=dumb`.
    var colorEnabled: Bool

    /// Not a terminal: no colour, no clipping. What pipes, files and tests get.
    static let plain = TerminalInfo(isTTY: false, width: nil, colorEnabled: false)
}
