import Foundation
import PlacesCore

/// Runs one line of a batch as the command it names, through the same path as a command
/// line (`CLI.dispatch`), with the batch's flags added and `--json` asked for, and turns
/// what it printed or the error it threw into the line's record.
enum BatchLineRunner {
    static func run(_ line: BatchLine, batchFlags: [(String, String)], context: RunContext) async -> BatchRecord {
        if let problem = line.problem { return failure(line, code: 64, message: problem) }
        do {
            let args = try arguments(line.args, batchFlags: batchFlags)
            let output: String
            do {
                output = try await CLI.dispatch(args, context: context)
            } catch let capture as DryRunCapture {
                let text = DryRunReport.text(for: capture.request, more: "dry run: nothing was sent")
                return BatchRecord(id: line.id, line: line.number, args: line.args, exitCode: 0, result: .object([("dryRun", .string(text))]), error: nil)
            }
            return BatchRecord(id: line.id, line: line.number, args: line.args, exitCode: 0, result: try result(of: output, dryRun: args.values["dry-run"] != nil), error: nil)
        } catch {
            if let (code, message) = ErrorReport.report(error) { return failure(line, code: code, message: message) }
            return failure(line, code: 70, message: "unexpected failure (\(String(describing: type(of: error)))); please report it with the line that caused it")
        }
    }

    /// The line's command with the batch's flags it does not set itself, and `--json`.
    static func arguments(_ words: [String], batchFlags: [(String, String)]) throws -> ParsedArguments {
        let parsed: ParsedArguments
        switch try ArgumentParser.parse(words) {
        case .run(let args): parsed = args
        case .help, .version: throw UsageError("help and --version print text: a batch line runs a command (run 'places help' outside the batch)")
        }
        guard parsed.spec.path != ["batch"] else {
            throw UsageError("a batch line cannot run 'places batch'")
        }
        let own = parsed.values
        var inherited: [ParsedArguments.Flag] = []
        for (name, value) in batchFlags where parsed.spec.flag(named: name) != nil && own[name] == nil {
            // A line that chooses its provider or its extract, or how it records, chooses
            // both of the pair: the batch's other half would conflict with it.
            if ["provider", "data"].contains(name), own["provider"] != nil || own["data"] != nil { continue }
            if ["record", "replay"].contains(name), own["record"] != nil || own["replay"] != nil { continue }
            inherited.append(ParsedArguments.Flag(name: name, value: value))
        }
        // The batch's flags first, so that of two flags setting the same thing the line's wins.
        var flags = inherited + parsed.flags
        if parsed.spec.flag(named: "json") != nil {
            let format = flags.last { $0.name == "format" }?.value
            if let format, format.lowercased() != "json" {
                throw UsageError("--format \(format): in a batch every line prints JSON; drop --format")
            }
            if format == nil { flags.append(ParsedArguments.Flag(name: "json", value: "true")) }
        }
        return ParsedArguments(spec: parsed.spec, flags: flags, positionals: parsed.positionals)
    }

    /// What the command printed, as JSON: null for nothing (`favorite add`), the dry run's text
    /// under `dryRun`.
    private static func result(of output: String, dryRun: Bool) throws -> JSONValue {
        let trimmed = output.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .null }
        if let value = try? JSONValue.parse(Data(trimmed.utf8)) { return value }
        if dryRun { return .object([("dryRun", .string(output))]) }
        throw OutputNotJSON()
    }

    /// A command printed something that is not JSON under `--json`: a bug (exit 70).
    struct OutputNotJSON: Error {}

    private static func failure(_ line: BatchLine, code: Int32, message: String) -> BatchRecord {
        BatchRecord(id: line.id, line: line.number, args: line.args, exitCode: code, result: .null,
                    error: TerminalText.sanitizedLine(message))
    }
}
