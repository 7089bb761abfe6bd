/// `places manpage`: the manual page, in roff, from the command specs.
enum ManpageCommand: PlacesCommand {
    static let spec = CommandSpec(
        ["manpage"], summary: "print the manual page (roff), made from the same table as help",
        examples: ["places manpage > ~/.local/share/man/man1/places.1", "places manpage | man -l -"],
        printsJSON: false)

    static func options(_ args: ParsedArguments, context: RunContext) throws {}

    static func run(_ options: Void, context: RunContext) async throws -> String {
        ManPageFormatter.page()
    }
}
