import PlacesCore

/// `places cassettes list|check|unused DIR`: flags → `CassettesRunner`.
enum CassettesCommand {
    static func run(_ args: ParsedArguments, context: RunContext) throws -> String {
        let directory = try CassetteDirectory(args.positional(0))
        switch args.spec.path {
        case ["cassettes", "list"]:
            return try CassettesRunner.list(directory)
        case ["cassettes", "check"]:
            return try CassettesRunner.check(directory, context: context)
        default:
            guard let log = args.string("log") ?? context.value(HTTPClientFactory.replayLogVariable) else {
                throw UsageError("cassettes unused needs the replay log: run the replays with PLACES_REPLAY_LOG=FILE, then give the same FILE here with --log FILE (or PLACES_REPLAY_LOG)")
            }
            return try CassettesRunner.unused(directory, log: ReplayUsageLog(path: log), delete: args.isSet("delete"),
                                              dryRun: args.isSet("dry-run"), context: context)
        }
    }
}
