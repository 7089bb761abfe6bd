import PlacesCore
import PlacesHTTP

/// Readers for the flag groups several commands share (`SharedFlags.swift`): one place per group.
enum SharedOptions {
    /// `--at` or `--near`; given both, the later one wins (an alias's `--near` gives way
    /// to an `--at` typed after it), and only it is read.
    static func location(_ args: ParsedArguments) throws -> LocationSpec? {
        switch args.lastGiven(of: [LocationFlags.at, LocationFlags.near]) {
        case LocationFlags.at.spec: return try args[LocationFlags.at].map(LocationSpec.coordinate)
        case LocationFlags.near.spec: return try args[LocationFlags.near].map(LocationSpec.point)
        default: return nil
        }
    }

    static func output(_ args: ParsedArguments) throws -> OutputOptions {
        let format = try format(args)
        return OutputOptions(format: format, fields: try args.ifDeclared(OutputFlags.fields), map: try map(args, format: format))
    }

    /// `--size`, `--map-data`: a map's flags, refused with any format but svg (they would
    /// change nothing, and the user expects a map).
    static func map(_ args: ParsedArguments, format: OutputFormat) throws -> MapOptions {
        guard args.spec.declares(MapFlags.size) else { return MapOptions() }
        if format != .svg {
            if args.isGiven(MapFlags.size) { throw UsageError("--size is the size of a map: give it with --format svg") }
            if args.isGiven(MapFlags.mapData) { throw UsageError("--map-data draws a map's streets: give it with --format svg") }
        }
        return MapOptions(size: try args[MapFlags.size], mapData: try args[MapFlags.mapData])
    }

    /// `--format` / `--json`: the later one wins (`--json` after `--format csv` is json).
    static func format(_ args: ParsedArguments) throws -> OutputFormat {
        let format = try args.ifDeclared(OutputFlags.format)
        guard args.spec.declares(OutputFlags.format) else { return try args[OutputFlags.json] ? .json : format }
        return args.lastGiven(of: [OutputFlags.format, OutputFlags.json]) == OutputFlags.json.spec ? .json : format
    }

    static func network(_ args: ParsedArguments, environment: [String: String]) throws -> NetworkOptions {
        let recordVariable = environment["PLACES_RECORD"].flatMap { $0.isEmpty ? nil : $0 }
        let replayVariable = environment["PLACES_REPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        // A flag beats the other mode's environment variable.
        let record = try args[NetworkFlags.record] ?? (args.isGiven(NetworkFlags.replay) ? nil : recordVariable)
        let replay = try args[NetworkFlags.replay] ?? (args.isGiven(NetworkFlags.record) ? nil : replayVariable)
        if let record, let replay, !CassetteDirectory.same(record, replay) {
            throw UsageError(
                "--record \(record) and --replay \(replay) name different directories: together they replay what DIR holds and record only what is missing into the same DIR; give one directory to both"
            )
        }
        return NetworkOptions(
            timeoutSeconds: try args[NetworkFlags.timeout],
            retries: try args[NetworkFlags.retries],
            dryRun: try args[NetworkFlags.dryRun],
            recordDirectory: record,
            replayDirectory: replay,
            policy: try RequestPolicyOptions.read(args, environment: environment))
    }

    static func provider(_ args: ParsedArguments) throws -> ProviderOptions {
        ProviderOptions(
            providers: try args.ifDeclared(ProviderFlags.provider), dataFile: try args.ifDeclared(ProviderFlags.data),
            noCache: try args.ifDeclared(ProviderFlags.noCache))
    }
}
