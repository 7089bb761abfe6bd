import PlacesCore

/// A `cassettes` command whose one argument is the directory `--record` wrote: it reads it
/// from its first positional (`cassettes list DIR`, `cassettes check DIR`).
extension PlacesCommand where Options == CassetteDirectory {
    static func options(_ args: ParsedArguments, context: RunContext) throws -> CassetteDirectory {
        try CassetteDirectory(args.positional(0))
    }
}
