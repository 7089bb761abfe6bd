import PlacesCore
import PlacesHTTP

/// `places cassettes unused DIR`.
enum CassettesUnusedCommand: PlacesCommand {
    static let log = Flag<String?>(
        "log", value: "FILE", defaultText: "$PLACES_REPLAY_LOG", completion: .files,
        help: "the replay log: replays run with PLACES_REPLAY_LOG=FILE append every file they answer from")
    static let delete = Flag<Bool>("delete", help: "delete the unused files instead of only listing them")
    static let dryRun = Flag<Bool>("dry-run", help: "with --delete: list what would be deleted, and delete nothing")

    static let spec = CommandSpec(
        ["cassettes", "unused"], summary: "list the recorded exchanges no logged replay used",
        usage: [.optional(log), .optional(delete), .optional(dryRun)],
        positionals: [CommandTable.cassettesDirectory],
        groups: [FlagGroup(title: "Unused", flags: [log, delete, dryRun])],
        examples: [
            "PLACES_REPLAY_LOG=/tmp/used places nearby --provider google --near Helsinki --type restaurant --limit 8 --replay Fixtures",
            "places cassettes unused Fixtures --log /tmp/used --delete --dry-run",
        ],
        notes: [
            "Run every replay of the suite with PLACES_REPLAY_LOG set first: a file is unused when no logged run answered from it.",
            "Only DIR's own recordings are listed or deleted: files named <hash>-<n>.json that read as recorded exchanges, directly in a service folder (google, foursquare, osm, osrm). Nothing behind a symbolic link is followed, and nothing outside DIR is touched; what is passed over is a note on stderr.",
        ],
        printsJSON: false)

    struct Options {
        let directory: CassetteDirectory
        let log: String?
        let delete: Bool
        let dryRun: Bool
    }

    static func options(_ args: ParsedArguments, context: RunContext) throws -> Options {
        Options(
            directory: try CassetteDirectory(args.positional(0)), log: try args[Self.log], delete: try args[Self.delete],
            dryRun: try args[Self.dryRun])
    }

    static func run(_ options: Options, context: RunContext) async throws -> String {
        guard let log = options.log ?? context.value(HTTPClientFactory.replayLogVariable) else {
            throw UsageError(
                "cassettes unused needs the replay log: run the replays with PLACES_REPLAY_LOG=FILE, then give the same FILE here with --log FILE (or PLACES_REPLAY_LOG)"
            )
        }
        return try CassettesRunner.unused(
            options.directory, log: ReplayUsageLog(path: log), delete: options.delete,
            dryRun: options.dryRun, context: context)
    }
}
