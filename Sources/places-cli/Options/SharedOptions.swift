import PlacesCore
import PlacesHTTP

/// Readers for the flag groups several commands share: one place per group.
enum SharedOptions {
    /// `--at` or `--near`; given both, the later one wins (an alias's `--near` gives way
    /// to an `--at` typed after it).
    static func location(_ args: ParsedArguments) throws -> LocationSpec? {
        guard let name = args.lastGiven(of: [.at, .near]), let text = args.string(name) else { return nil }
        return name == .at ? .coordinate(try Coordinate.parse(text)) : .point(try PointSpec.parse(text, flag: "--near"))
    }

    static func output(_ args: ParsedArguments) throws -> OutputOptions {
        let format = try self.format(args)
        let fields = try args.spec.declares(.fields) ? (args.parsedAll(.fields, FieldSelection.parse) ?? .default) : FieldSelection.default
        return OutputOptions(format: format, fields: fields)
    }

    /// `--format` / `--json`: the later one wins (`--json` after `--format csv` is json).
    static func format(_ args: ParsedArguments) throws -> OutputFormat {
        guard args.spec.declares(.format) else { return args.isSet(.json) ? .json : .table }
        let format = try args.parsed(.format, OutputFormat.parse) ?? .table
        return args.lastGiven(of: [.format, .json]) == .json ? .json : format
    }

    static func network(_ args: ParsedArguments, environment: [String: String]) throws -> NetworkOptions {
        let recordVariable = environment["PLACES_RECORD"].flatMap { $0.isEmpty ? nil : $0 }
        let replayVariable = environment["PLACES_REPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        // A flag beats the other mode's environment variable.
        let record = args.string(.record) ?? (args.isSet(.replay) ? nil : recordVariable)
        let replay = args.string(.replay) ?? (args.isSet(.record) ? nil : replayVariable)
        if let record, let replay, !CassetteDirectory.same(record, replay) {
            throw UsageError("--record \(record) and --replay \(replay) name different directories: together they replay what DIR holds and record only what is missing into the same DIR; give one directory to both")
        }
        return NetworkOptions(
            timeoutSeconds: try args.double(.timeout, range: 0.001...3600) ?? NetworkOptions.defaultTimeout,
            retries: try args.integer(.retries, range: 0...10) ?? NetworkOptions.defaultRetries,
            dryRun: args.isSet(.dryRun),
            recordDirectory: record,
            replayDirectory: replay,
            policy: try RequestPolicyOptions.read(args, environment: environment))
    }

    static func provider(_ args: ParsedArguments) throws -> ProviderOptions {
        var providers: ProviderList?
        if let text = args.stringIfDeclared(.provider) {
            switch ProviderList.parse(text) {
            case .success(let list): providers = list
            case .failure(let failure):
                let problem = if case .unknown = failure { "unknown --provider '\(text)'" } else { "bad --provider '\(text)'" }
                throw UsageError("\(problem): \(failure.reason); expected \(ProviderList.expected)")
            }
        }
        let noCache = args.stringIfDeclared(.noCache) != nil
        return ProviderOptions(providers: providers, dataFile: args.stringIfDeclared(.data), noCache: noCache)
    }
}
