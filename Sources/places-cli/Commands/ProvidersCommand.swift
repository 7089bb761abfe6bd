import PlacesCore

/// `places providers`: which providers are configured, and how (never the keys).
enum ProvidersCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["providers"], summary: "which providers are configured, and how",
        usage: [.optional(OutputFlags.json)],
        groups: [FlagGroup(title: "Output", flags: [OutputFlags.json]), FlagGroup(title: "Network", flags: [NetworkFlags.verbose])],
        examples: ["places providers"])

    /// Whether to print JSON.
    static func options(_ args: ParsedArguments, context: RunContext) throws -> Bool {
        try args[OutputFlags.json]
    }

    static func run(_ json: Bool, context: RunContext) async throws -> String {
        let report = ProvidersReport.make(context: context)
        return json ? report.json.pretty + "\n" : report.table
    }
}
