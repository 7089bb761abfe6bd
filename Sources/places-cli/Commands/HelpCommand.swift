/// `places help [COMMAND]`: answered by `ArgumentParser` (`.help`) before any command runs.
enum HelpCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["help"], summary: "help for places or one command",
        positionals: [
            PositionalSpec(
                name: "COMMAND", help: "a command or a group of them, e.g. nearby, 'favorite add' or favorite",
                completion: .commandWords, optional: true)
        ],
        examples: ["places help nearby"],
        printsJSON: false)

    static func options(_ args: ParsedArguments, context: RunContext) throws {}

    static func run(_ options: Void, context: RunContext) async throws -> String {
        throw UsageError("'places \(spec.name)' cannot be run directly; see 'places help'")
    }
}
