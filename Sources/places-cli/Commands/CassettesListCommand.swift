import PlacesCore
import PlacesHTTP

/// `places cassettes list DIR`.
enum CassettesListCommand: PlacesCommand {
    static let spec = CommandSpec.cassettes(
        "list", summary: "one line per recorded exchange: what it asked, its status, the command that recorded it",
        note:
            "Columns, tab-separated: FILE, METHOD, ENDPOINT, STATUS, REQUEST (its parameters in short), COMMAND (- for files recorded before places kept it)."
    )

    static func run(_ directory: CassetteDirectory, context: RunContext) async throws -> String {
        try CassettesRunner.list(directory)
    }
}
