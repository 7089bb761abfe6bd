/// The command line stored in each recorded exchange, so `places cassettes list` can say
/// which command made a file: `places` and the arguments, without the recording flags
/// (`--record`, `--replay`, in both `--flag DIR` and `--flag=DIR` forms), which say where
/// the file went rather than what was asked. Keys are scrubbed by the recorder.
enum RecordedCommand {
    static let recordingFlags = ["--record", "--replay"]

    static func line(_ arguments: [String]) -> [String]? {
        guard !arguments.isEmpty else { return nil }
        var kept = ["places"]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                kept += arguments[index...]
                break
            }
            if recordingFlags.contains(argument) {
                index += 2
                continue
            }
            if !recordingFlags.contains(where: { argument.hasPrefix($0 + "=") }) { kept.append(argument) }
            index += 1
        }
        return kept
    }
}
