/// One command of `places`, declared in one place: its words, flags and help (`spec`, which
/// parsing, help, the man page and the completions read), how its command line becomes typed
/// options, and what it does with them. A new command is one type conforming to this and
/// its line in `Commands.all`.
protocol PlacesCommand {
    associatedtype Options
    static var spec: CommandSpec { get }
    /// The command line, typed: every flag the command reads is read here (and the test
    /// walking every command checks each is declared in `spec`).
    static func options(_ args: ParsedArguments, context: RunContext) throws -> Options
    /// Runs the command; what it prints.
    static func run(_ options: Options, context: RunContext) async throws -> String
}

extension PlacesCommand {
    /// Reads the command line and runs the command.
    static func run(_ args: ParsedArguments, context: RunContext) async throws -> String {
        try await run(options(args, context: context), context: context)
    }
}

/// Every command, in the order help lists them.
enum Commands {
    static var all: [any PlacesCommand.Type] {
        [
            NearbyCommand.self, SearchCommand.self, AutocompleteCommand.self, DetailsCommand.self, PhotoCommand.self,
            FavoriteAddCommand.self, FavoriteRemoveCommand.self, FavoriteListCommand.self,
            RouteEstimateCommand.self, ReverseCommand.self, BatchCommand.self, ProvidersCommand.self,
            CassettesListCommand.self, CassettesCheckCommand.self, CassettesUnusedCommand.self,
            CompletionsCommand.self, ManpageCommand.self, HelpCommand.self,
        ]
    }

    /// The command whose words are `path`.
    static func command(path: [String]) -> (any PlacesCommand.Type)? {
        all.first { $0.spec.path == path }
    }
}
