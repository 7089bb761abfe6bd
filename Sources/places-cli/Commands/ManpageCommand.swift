/// `places manpage`: the manual page, in roff, from the command table.
enum ManpageCommand {
    static func run(_ args: ParsedArguments) -> String {
        ManPageFormatter.page()
    }
}
