import PlacesCore
import PlacesHTTP

/// `places cassettes check DIR`.
enum CassettesCheckCommand: PlacesCommand {
    static let spec = CommandSpec.cassettes(
        "check", summary: "check a cassette directory before committing it: every file parses, no key anywhere",
        note:
            "A problem is a file that does not parse or a secret-shaped value: a key header or key= parameter that is not REDACTED, a Bearer token, a string shaped like an API key, or the key in GOOGLE_MAPS_API_KEY / FOURSQUARE_API_KEY. Each is named on stderr (where, and its shape, never the value) and the exit status is 65: usable as a pre-commit hook. Exchanges with error statuses are listed; they are legitimate fixtures for error tests."
    )

    static func run(_ directory: CassetteDirectory, context: RunContext) async throws -> String {
        try CassettesRunner.check(directory, context: context)
    }
}
