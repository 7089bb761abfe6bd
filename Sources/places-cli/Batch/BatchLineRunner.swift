import Foundation
import PlacesCore
import PlacesHTTP
import PlacesSupport

/// Runs one line of a batch as the command it names, through the same path as a command
/// line (`CLI.dispatch`), with the batch's flags added and `--json` asked for, and turns
/// what it printed or the error it threw into the line's record.
enum BatchLineRunner {
    static func run(_ line: BatchLine, batchFlags: [(String, String)], context: RunContext) async -> BatchRecord {
        if let problem = line.problem { return failure(line, code: ExitStatus.usage, message: problem) }
        do {
            let args = try arguments(line.args, batchFlags: batchFlags)
            let output = try await CLI.dispatch(args, context: context)
            let dryRun = args.values[NetworkFlags.dryRun.name] != nil
            return BatchRecord(
                id: line.id, line: line.number, args: line.args, exitCode: 0, result: try result(of: output, dryRun: dryRun), error: nil)
        } catch {
            if let (code, message) = ErrorReport.report(error) { return failure(line, code: code, message: message) }
            return failure(
                line, code: ExitStatus.software,
                message: "unexpected failure (\(String(describing: type(of: error)))); please report it with the line that caused it")
        }
    }

    /// The line's command with the batch's flags it does not set itself, and `--json`.
    static func arguments(_ words: [String], batchFlags: [(String, String)]) throws -> ParsedArguments {
        let parsed: ParsedArguments
        switch try ArgumentParser.parse(words) {
        case .run(let args): parsed = args
        case .help, .version:
            throw UsageError("help and --version print text: a batch line runs a command (run 'places help' outside the batch)")
        }
        guard parsed.spec.path != ["batch"] else {
            throw UsageError("a batch line cannot run 'places batch'")
        }
        // Refused before it runs: its output could be no record (and `cassettes unused
        // --delete` would have deleted before saying so).
        guard parsed.spec.printsJSON else {
            throw UsageError(
                "'places \(parsed.spec.name)' prints text, not JSON: a batch line runs a command that prints JSON (\(CommandTable.batchCommandWords)); run it outside the batch"
            )
        }
        let own = parsed.values
        var inherited: [ParsedArguments.Given] = []
        for (name, value) in batchFlags where parsed.spec.flag(named: name) != nil && own[name] == nil {
            // A line that sets one flag of a pair chooses both: the batch's other half would
            // conflict with it (the line wins).
            if let pair = pairs.first(where: { $0.contains(name) }), pair.contains(where: { own[$0] != nil }) { continue }
            inherited.append(ParsedArguments.Given(name: name, value: value))
        }
        // The batch's flags first, so that of two flags setting the same thing the line's wins.
        var flags = inherited + parsed.flags
        let format = OutputFlags.format.name, json = OutputFlags.json.name
        if parsed.spec.declares(OutputFlags.json) {
            // --format and --json: the later one wins, as on a command line.
            switch flags.last(where: { $0.name == format || $0.name == json }) {
            case let last? where last.name == format && last.value.lowercased() != "json":
                throw UsageError("--format \(last.value): in a batch every line prints JSON; drop --format")
            case nil:
                flags.append(ParsedArguments.Given(name: json, value: "true"))
            default:
                break
            }
        }
        if let data = flags.last(where: { $0.name == ProviderFlags.data.name })?.value { try BatchStreams.refuse(data: data) }
        return ParsedArguments(spec: parsed.spec, flags: flags, positionals: parsed.positionals)
    }

    /// Flags that set one thing between them: provider or extract, recording or replaying,
    /// the response cache or none.
    static let pairs: [Set<String>] = [
        [ProviderFlags.provider.name, ProviderFlags.data.name], [NetworkFlags.record.name, NetworkFlags.replay.name],
        [NetworkFlags.cache.name, ProviderFlags.noCache.name],
    ]

    /// What the command printed, as one line of JSON text: null for nothing (`favorite add`),
    /// the dry run's text under `dryRun`.
    private static func result(of output: String, dryRun: Bool) throws -> String {
        let trimmed = output.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "null" }
        if let value = try? JSONValue.parse(Data(trimmed.utf8)) { return value.compact }
        if dryRun { return JSONValue.object([("dryRun", .string(output))]).compact }
        throw OutputNotJSON()
    }

    /// A command printed something that is not JSON under `--json`: a bug (exit 70).
    struct OutputNotJSON: Error {}

    private static func failure(_ line: BatchLine, code: Int32, message: String) -> BatchRecord {
        BatchRecord(
            id: line.id, line: line.number, args: line.args, exitCode: code, result: "null",
            error: TerminalText.sanitizedLine(message))
    }
}
