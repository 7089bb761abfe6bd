import PlacesCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

// A thin entry point: everything else is in CLI and PlacesCore.
StandardStreams.ignoreSigpipe()
let arguments = Array(CommandLine.arguments.dropFirst())
if let status = CLI.runWithoutCommand(arguments) { exit(status) }
Task {
    exit(await CLI.run(arguments, environment: ProcessEnvironment.current()))
}
dispatchMain()
