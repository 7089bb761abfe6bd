import PlacesCore
import PlacesHTTP
import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses the command line, runs the command, prints, and turns every failure into
/// one `places: error:` line and its exit code. Every byte goes out through a scrubber
/// holding the API keys of the environment (`ScrubbedOutput`).
enum CLI {
    /// `--version` and `help`: printed at once, before the environment is read or the
    /// async runtime starts (a fast start costs nothing more). Nil for anything else,
    /// bad arguments included, which `run` then handles.
    static func runWithoutCommand(_ arguments: [String]) -> Int32? {
        let output: String
        switch try? ArgumentParser.parse(arguments) {
        case .version: output = "places \(PlacesVersion.current)\n"
        case .help(let topic): output = HelpFormatter.text(for: topic)
        default: return nil
        }
        let streams = Streams(secrets: ServiceVariables.secrets(ProcessEnvironment.value))
        return streams.finish(streams.write(output))
    }

    static func run(_ arguments: [String], environment: [String: String]) async -> Int32 {
        let streams = Streams(secrets: ServiceVariables.secrets { environment[$0] })
        // Progress after a second of work (`PLACES_PROGRESS_AFTER` seconds: tests use 0).
        let delay = environment["PLACES_PROGRESS_AFTER"].flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 1
        let progress = TerminalInfo.stderrIsTerminal() ? ProgressLine(delay: delay) { streams.stderr.write($0) } : nil
        let diagnostics = Diagnostics(wording: .commandLine(environment: environment)) { line in
            progress?.interrupt()
            streams.stderr.write(line + "\n")
        }
        var context = RunContext(
            environment: environment, terminal: TerminalInfo.detect(environment: environment), diagnostics: diagnostics,
            progress: progress, writeOutput: { streams.stdout.write($0) }, arguments: arguments)
        context.writeBytes = { data in data.withUnsafeBytes { streams.stdout.write($0) } }
        let status: Int32
        var verbose = false
        do {
            let output: String
            switch try ArgumentParser.parse(arguments) {
            case .version:
                output = "places \(PlacesVersion.current)\n"
            case .help(let topic):
                output = HelpFormatter.text(for: topic)
            case .run(let args) where args.spec.path == BatchCommand.spec.path:
                // Writes its records itself, one by one, as they are done; on a terminal its
                // closing line sums up what was sent, with --verbose anywhere.
                let status = try await BatchRunner.run(args, context: context, streams: streams)
                if args.isGiven(NetworkFlags.verbose) { streams.stderr.write("places: \(RequestLedger.shared.summary)\n") }
                return streams.finish(status)
            case .run(let args):
                verbose = try args.ifDeclared(NetworkFlags.verbose)
                output = try await dispatch(args, context: context)
            }
            status = streams.write(output)
        } catch {
            if let (code, message) = ErrorReport.report(error) {
                status = streams.fail(message, code: code)
                if let group = ArgumentParser.groupMissingSubcommand(arguments) {
                    streams.stderr.write("\n" + HelpFormatter.group(group))
                }
            } else {
                // Only the type: an error's own text may hold anything it was made from.
                status = streams.fail(
                    "unexpected failure (\(String(describing: type(of: error)))); please report it with the command you ran",
                    code: ExitStatus.software)
            }
        }
        // Whatever the outcome: what was spent is worth knowing most when a command failed.
        if verbose { streams.stderr.write("places: \(RequestLedger.shared.summary)\n") }
        return streams.finish(status)
    }

    /// Runs a parsed command and returns what it prints; a batch runs each of its lines here.
    /// A command stopped at its first request under --dry-run prints that request: it is what
    /// --dry-run promises, whichever command made it (a runner with more to say about the
    /// request captures it itself).
    static func dispatch(_ args: ParsedArguments, context: RunContext) async throws -> String {
        guard let command = Commands.command(path: args.spec.path) else {
            throw UsageError("'places \(args.spec.name)' cannot be run directly; see 'places help'")
        }
        switch try await DryRun.capture({ try await command.run(args, context: context) }) {
        case .answered(let output): return output
        case .wouldSend(let request): return DryRunReport.text(for: request, more: "dry run: nothing was sent")
        }
    }

    /// stdout and stderr, both scrubbed of the keys.
    struct Streams {
        let stdout: ScrubbedOutput
        let stderr: ScrubbedOutput

        init(secrets: [String]) {
            stdout = ScrubbedOutput(fd: 1, secrets: secrets)
            stderr = ScrubbedOutput(fd: 2, secrets: secrets)
        }

        /// Writes the result; a reader that went away (`| head -1`) is success, silently.
        func write(_ output: String) -> Int32 {
            status(of: stdout.write(output))
        }

        func fail(_ message: String, code: Int32) -> Int32 {
            stderr.write("places: error: \(TerminalText.sanitizedLine(message))\n")
            return code
        }

        /// Lets out what the scrubbers held back; the exit status to use.
        func finish(_ status: Int32) -> Int32 {
            let flushed = stdout.finish()
            let code = status == 0 ? self.status(of: flushed) : status
            stderr.finish()
            return code
        }

        private func status(of result: StandardStreams.WriteResult) -> Int32 {
            switch result {
            case .written, .closedPipe: return 0
            case .failed(let code): return fail(Self.writeFailure(code), code: ExitStatus.ioError)
            }
        }

        /// What a failed write of the output says: the system's words, never a bare errno.
        static func writeFailure(_ code: Int32) -> String {
            let advice = code == EFBIG ? " (the file size limit, ulimit -f, was reached)" : ""
            return "cannot write the output: \(String(cString: strerror(code)))\(advice)"
        }
    }
}
