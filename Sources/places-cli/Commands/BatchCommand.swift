import PlacesCore

/// `places batch`: flags → `BatchOptions` → `BatchRunner`.
enum BatchCommand {
    static func options(_ args: ParsedArguments) throws -> BatchOptions {
        let qps = try args.double("qps", range: 0.01...1000)
        return BatchOptions(
            input: args.positionals.first.flatMap { $0 == "-" ? nil : $0 },
            jobs: try args.integer("jobs", range: 1...64) ?? BatchOptions.defaultJobs,
            requestsPerSecond: qps,
            resume: args.string("resume"),
            lineFlags: BatchOptions.flagsForLines.compactMap { name in args.string(name).map { (name, $0) } })
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

    static let defaultJobs = 4
    /// The flags of `batch` that are passed on to its lines.
    static let flagsForLines = ["provider", "data", "no-cache", "timeout", "retries", "record", "replay",
                                "cache", "max-tier", "language", "region"]
}
