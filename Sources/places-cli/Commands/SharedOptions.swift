import PlacesCore

/// Readers for the flag groups several commands share: one place per group.
enum SharedOptions {
    static func location(_ args: ParsedArguments) throws -> LocationSpec? {
        let at = args.string("at"), near = args.string("near")
        switch (at, near) {
        case (nil, nil): return nil
        case (let at?, nil): return .coordinate(try Coordinate.parse(at))
        case (nil, let near?): return .placeName(near)
        case (.some, .some): throw UsageError("give either --at or --near, not both")
        }
    }

    static func output(_ args: ParsedArguments) throws -> OutputOptions {
        let format = try self.format(args)
        let fields = try args.spec.flag(named: "fields") == nil ? FieldSelection.default : (args.parsed("fields", FieldSelection.parse) ?? .default)
        return OutputOptions(format: format, fields: fields)
    }

    /// `--format` / `--json`.
    static func format(_ args: ParsedArguments) throws -> OutputFormat {
        var format = try args.parsed("format", OutputFormat.parse) ?? .table
        if args.isSet("json") {
            if args.isSet("format"), format != .json {
                throw UsageError("--json conflicts with --format \(format.rawValue); give one of them")
            }
            format = .json
        }
        return format
    }

    static func network(_ args: ParsedArguments, environment: [String: String]) throws -> NetworkOptions {
        let recordVariable = environment["PLACES_RECORD"].flatMap { $0.isEmpty ? nil : $0 }
        let replayVariable = environment["PLACES_REPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        // A flag beats the other mode's environment variable.
        let record = args.string("record") ?? (args.isSet("replay") ? nil : recordVariable)
        let replay = args.string("replay") ?? (args.isSet("record") ? nil : replayVariable)
        if let record, let replay, !CassetteDirectory.same(record, replay) {
            throw UsageError("--record \(record) and --replay \(replay) name different directories: together they replay what DIR holds and record only what is missing into the same DIR; give one directory to both")
        }
        return NetworkOptions(
            timeoutSeconds: try args.double("timeout", range: 0.001...3600) ?? NetworkOptions.defaultTimeout,
            retries: try args.integer("retries", range: 0...10) ?? NetworkOptions.defaultRetries,
            dryRun: args.isSet("dry-run"),
            recordDirectory: record,
            replayDirectory: replay)
    }

    static func provider(_ args: ParsedArguments) throws -> ProviderOptions {
        let name: ProviderName?
        if args.spec.flag(named: "provider") != nil, let text = args.string("provider") {
            guard let parsed = ProviderName(argument: text) else {
                throw UsageError("unknown --provider '\(text)': expected one of \(ProviderName.allNames)")
            }
            name = parsed
        } else {
            name = nil
        }
        let noCache = args.spec.flag(named: "no-cache") != nil && args.isSet("no-cache")
        return ProviderOptions(provider: name, dataFile: args.spec.flag(named: "data") != nil ? args.string("data") : nil, noCache: noCache)
    }
}
