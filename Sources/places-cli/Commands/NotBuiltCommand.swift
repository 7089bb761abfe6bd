import PlacesCore

/// Commands of the contract that this build does not have yet: a clear error, exit 64.
enum NotBuiltCommand {
    static func run(_ args: ParsedArguments) throws -> String {
        throw PlacesError.usage("'places \(args.spec.name)' is not available in this build yet")
    }
}
