/// `places completions bash|zsh|fish`: the completion script for that shell.
enum CompletionsCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["completions"], summary: "print a shell completion script (bash, zsh or fish)",
        positionals: [
            PositionalSpec(name: "SHELL", help: "bash, zsh or fish", completion: .words(CompletionShell.allCases.map(\.rawValue)))
        ],
        examples: [
            "places completions bash > ~/.local/share/bash-completion/completions/places",
            "places completions zsh > ~/.zfunc/_places", "places completions fish > ~/.config/fish/completions/places.fish",
        ],
        notes: [
            "The script completes commands, flags, the values of --type, --sort, --format, --fields, --mode, --router and --provider, files for --data and directories for --record and --replay, and your favorites' ids (read offline with 'places favorite list' as you type)."
        ],
        printsJSON: false)

    static func options(_ args: ParsedArguments, context: RunContext) throws -> CompletionShell {
        try CompletionShell.named(args.positional(0))
    }

    static func run(_ shell: CompletionShell, context: RunContext) async throws -> String {
        shell.script
    }
}
