/// A command line that cannot be run as written: an unknown flag or command, a value that
/// does not parse, flags that conflict (exit 64). Library errors are `PlacesError`s.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
