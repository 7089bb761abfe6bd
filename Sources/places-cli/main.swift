import PlacesCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A thin entry point: everything else is in CLI and PlacesCore.
StandardStreams.ignoreSigpipe()
let arguments = Array(CommandLine.arguments.dropFirst())
let status = await CLI.run(arguments, environment: ProcessEnvironment.current())
exit(status)
