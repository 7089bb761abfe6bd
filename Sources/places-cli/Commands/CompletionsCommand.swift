/// `places completions bash|zsh|fish`: the completion script for that shell.
enum CompletionsCommand {
    static func run(_ args: ParsedArguments) throws -> String {
        try CompletionShell.named(args.positional(0)).script
    }
}
