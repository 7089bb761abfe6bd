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
        let record = args.string("record") ?? environment["PLACES_RECORD"].flatMap { $0.isEmpty ? nil : $0 }
        let replay = args.string("replay") ?? environment["PLACES_REPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        if args.isSet("record") && args.isSet("replay") {
            throw UsageError("--record and --replay cannot be used together")
        }
        return NetworkOptions(
            timeoutSeconds: try args.double("timeout", range: 0.001...3600) ?? NetworkOptions.defaultTimeout,
            retries: try args.integer("retries", range: 0...10) ?? NetworkOptions.defaultRetries,
            dryRun: args.isSet("dry-run"),
            // A flag beats the other mode's environment variable.
            recordDirectory: args.isSet("replay") ? nil : record,
            replayDirectory: args.isSet("record") ? nil : replay,
            policy: try RequestPolicyOptions.read(args, environment: environment))
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
