import PlacesCore

/// `places providers`: which providers are configured, and how (never the keys).
enum ProvidersCommand {
    static func run(_ args: ParsedArguments, context: RunContext) throws -> String {
        let report = ProvidersReport.make(context: context)
        return args.isSet("json") ? report.json.pretty + "\n" : report.table
    }
}
