import PlacesCore
import PlacesHTTP

/// A `cassettes` command whose one argument is the directory `--record` wrote: it reads it
/// from its first positional (`cassettes list DIR`, `cassettes check DIR`).
extension PlacesCommand where Options == CassetteDirectory {
    static func options(_ args: ParsedArguments, context: RunContext) throws -> CassetteDirectory {
        try CassetteDirectory(args.positional(0))
    }
}

extension CommandSpec {
    /// `places cassettes NAME DIR`: a command on nothing but that directory, whose usage and
    /// example follow from its name.
    static func cassettes(_ name: String, summary: String, note: String) -> CommandSpec {
        CommandSpec(
            ["cassettes", name], summary: summary, positionals: [CommandTable.cassettesDirectory],
            examples: ["places cassettes \(name) Fixtures"], notes: [note], printsJSON: false)
    }
}
