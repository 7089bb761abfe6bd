import PlacesCore

/// `places providers`: which providers are configured, and how (never the keys).
enum ProvidersCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["providers"], summary: "which providers are configured, and how",
        usage: "places providers [--json]",
        groups: [FlagGroup(title: "Output", flags: [CommandTable.output.flags[1]]), FlagGroup(title: "Network", flags: [CommandTable.verboseFlag])],
        examples: ["places providers"])

    /// Whether to print JSON.
    static func options(_ args: ParsedArguments, context: RunContext) throws -> Bool {
        args.isSet(.json)
    }

    static func run(_ json: Bool, context: RunContext) async throws -> String {
        let report = ProvidersReport.make(context: context)
        return json ? report.json.pretty + "\n" : report.table
    }
}
