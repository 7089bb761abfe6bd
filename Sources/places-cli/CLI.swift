import PlacesCore

/// Parses the command line, runs the command, prints, and turns every failure into
/// one `places: error:` line and its exit code.
enum CLI {
    /// `--version` and `help`: printed at once, before the environment is read or the
    /// async runtime starts (a fast start costs nothing more). Nil for anything else,
    /// bad arguments included, which `run` then handles.
    static func runWithoutCommand(_ arguments: [String]) -> Int32? {
        switch try? ArgumentParser.parse(arguments) {
        case .version: return write("places \(PlacesVersion.current)\n")
        case .help(let spec): return write(spec.map(HelpFormatter.command) ?? HelpFormatter.general())
        default: return nil
        }
    }

    static func run(_ arguments: [String], environment: [String: String]) async -> Int32 {
        let diagnostics = Diagnostics { line in _ = StandardStreams.write(line + "\n", to: 2) }
        let context = RunContext(environment: environment, terminal: TerminalInfo.detect(environment: environment), diagnostics: diagnostics)
        do {
            let output: String
            switch try ArgumentParser.parse(arguments) {
            case .version:
                output = "places \(PlacesVersion.current)\n"
            case .help(let spec):
                output = spec.map(HelpFormatter.command) ?? HelpFormatter.general()
            case .run(let args):
                output = try await dispatch(args, context: context)
            }
            return write(output)
        } catch let error as PlacesError {
            return fail(error.message, code: error.exitCode)
        } catch {
            return fail("unexpected failure: \(error); please report it with the command you ran", code: 70)
        }
    }

    private static func dispatch(_ args: ParsedArguments, context: RunContext) async throws -> String {
        switch args.spec.path {
        case ["nearby"], ["search"]: return try await SearchCommand.run(args, context: context)
        case ["details"]: return try await DetailsCommand.run(args, context: context)
        case ["favorite", "add"], ["favorite", "remove"], ["favorite", "list"]: return try await FavoriteCommand.run(args, context: context)
        case ["providers"]: return try ProvidersCommand.run(args, context: context)
        case ["route-estimate"]: return try await RouteEstimateCommand.run(args, context: context)
        default: throw PlacesError.usage("'places \(args.spec.name)' cannot be run directly; see 'places help'")
        }
    }

    /// Writes the result; a reader that went away (`| head -1`) is success, silently.
    private static func write(_ output: String) -> Int32 {
        switch StandardStreams.write(output, to: 1) {
        case .written, .closedPipe: return 0
        case .failed(let code):
            return fail("cannot write the output (errno \(code))", code: 74)
        }
    }

    private static func fail(_ message: String, code: Int32) -> Int32 {
        _ = StandardStreams.write("places: error: \(TerminalText.sanitizedLine(message))\n", to: 2)
        return code
    }
}
