import PlacesCore

/// `places batch`: flags → `BatchOptions` → `BatchRunner`, which writes its records itself
/// (so `CLI.run` runs it, not `CLI.dispatch`).
enum BatchCommand: PlacesCommand {
    static let jobs = Flag<Int>("jobs", value: "N", default: 4, range: 1...64, help: "lines run at once (\(.range))")
    /// Nil gives each provider its default (`RateLimits`).
    static let qps = Flag<Double?>(
        "qps", value: "Q", defaultText: "10 for Google and Foursquare, 1 for Overpass and OSRM", range: 0.01...1000,
        help:
            "requests per second to each provider, retries included (Nominatim: never above its policy's 1); a 429 or Retry-After slows every line"
    )
    static let resume = Flag<String?>(
        "resume", value: "FILE", help: "the output of an interrupted run: its lines that succeeded are copied, not run again")
    /// The provider and network flags given to batch, passed on to every line that does not
    /// set them (`--verbose` sums up the whole batch; a dry run is a line's own).
    static let flagsForLines = (ProviderFlags.group.flags + NetworkFlags.group.flags).filter {
        $0 != NetworkFlags.dryRun.spec && $0 != NetworkFlags.verbose.spec
    }

    static let spec = CommandSpec(
        ["batch"], summary: "run many commands from NDJSON in one process, concurrently and paced; NDJSON out",
        usage: [.optional(jobs), .optional(qps), .optional(resume)], otherFlags: "provider and network flags for every line",
        positionals: [
            PositionalSpec(
                name: "FILE",
                help: "NDJSON: each line a JSON array of arguments, or {\"id\": ANY, \"args\": [...]} (default: stdin; - is stdin)",
                optional: true)
        ],
        groups: [
            FlagGroup(title: "Batch", flags: [jobs, qps, resume]),
            ProviderFlags.group,
            FlagGroup(title: "Network", flags: NetworkFlags.group.flags.filter { $0 != NetworkFlags.dryRun.spec }),
        ],
        examples: [
            "printf '%s\\n' '[\"nearby\",\"--near\",\"Helsinki\",\"--type\",\"cafe\",\"--limit\",\"3\"]' | places batch --data helsinki-pois.json",
            "places batch stores.ndjson --jobs 8 --qps 20 > out.ndjson; places batch stores.ndjson --resume out.ndjson > out2.ndjson",
        ],
        notes: [
            "Each output line, in input order: {\"id\", \"line\", \"args\", \"exitCode\", \"result\", \"error\"}: result is what the command prints with --json (null when it prints nothing), error its one-line message (null on success). id is the line's own id, else null; line counts from 1; blank lines are skipped.",
            "Flags given to batch apply to every line that does not set them; --provider and --data go together, as do --record and --replay, and --cache and --no-cache (a line that sets one of a pair takes neither from the batch). A line that is not JSON, not an array or object, names an unknown command, runs batch, help or a command that prints text (completions, manpage, cassettes), or gives a stream as --data gets its own record with exit code 64; the other lines go on. The extract must be a file: --data -, /dev/stdin or <(...) for the batch is 64 before any line runs, as is a bad value of a flag given to batch.",
            "--resume copies the records of the lines that succeeded (same line number, same arguments; whole records only), with the new input's ids, and runs the rest: the new output alone holds every line once. Write it to another file than the one resumed.",
            "Exit status: 0 when every line succeeded, else the exit code of the first line (in input order) that failed. On a terminal, stderr shows progress.",
        ])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> BatchOptions {
        // The flags for every line are read once as a line reads them: a bad value is the
        // batch's, refused (64) before any line runs, not once a line.
        _ = try args[ProviderFlags.provider]
        _ = try args[NetworkFlags.timeout]
        _ = try args[NetworkFlags.retries]
        _ = try RequestPolicyOptions.read(args, environment: [:])
        let qps = try args[Self.qps]
        return BatchOptions(
            input: args.positionals.first.flatMap { $0 == "-" ? nil : $0 },
            jobs: try args[Self.jobs],
            requestsPerSecond: qps,
            resume: try args[Self.resume],
            lineFlags: flagsForLines.compactMap { flag in args.text(flag).map { (flag.name, $0) } })
    }

    static func run(_ options: BatchOptions, context: RunContext) async throws -> String {
        throw UsageError("'places \(spec.name)' cannot be run directly; see 'places help'")
    }
}

/// `places batch`, typed.
struct BatchOptions: Sendable {
    /// The input file; nil reads stdin.
    var input: String?
    var jobs: Int
    /// `--qps`; nil gives each provider its default (`RateLimits`).
    var requestsPerSecond: Double?
    /// `--resume`: the output of an earlier run of the same input.
    var resume: String?
    /// The batch's own provider and network flags (name, value), for every line that does not set them.
    var lineFlags: [(String, String)]
}
