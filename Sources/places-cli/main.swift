import Dispatch
import PlacesCore
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A thin entry point: everything else is in CLI and PlacesCore.
StandardStreams.ignoreSigpipe()
// A write past the file size limit (`ulimit -f`) then fails with EFBIG, which the favorites
// and the index cache report (74, or a note), instead of killing the process mid-write.
signal(SIGXFSZ, SIG_IGN)
// Extracts and their indexes are memory-mapped; one cut short while it is read is one error
// line and exit 74, not a SIGBUS (PlacesCore alone would read them into memory instead).
FileMapping.install(TruncationGuard())
let arguments = Array(CommandLine.arguments.dropFirst())
if let status = CLI.runWithoutCommand(arguments) { exit(status) }
Task {
    exit(await CLI.run(arguments, environment: ProcessEnvironment.current()))
}
dispatchMain()
