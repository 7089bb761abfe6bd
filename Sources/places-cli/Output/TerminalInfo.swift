import PlacesCore

/// What the output stream is connected to: decides colour and table clipping.
package struct TerminalInfo: Sendable, Equatable {
    /// stdout is a terminal (not a pipe or file).
    package var isTTY: Bool
    /// Columns available on a TTY; nil when unknown or not a TTY (never clip then).
    package var width: Int?
    /// ANSI colour: only on a TTY, never when `NO_COLOR` is set (even empty), never for `TERM=dumb`.
    package var colorEnabled: Bool

    /// Not a terminal: no colour, no clipping. What pipes, files and tests get.
    package static let plain = TerminalInfo(isTTY: false, width: nil, colorEnabled: false)
}
