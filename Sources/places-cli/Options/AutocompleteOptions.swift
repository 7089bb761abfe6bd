import PlacesCore

/// `--session new|TOKEN`: start an autocomplete session, or carry one on.
enum SessionChoice: Sendable, Equatable {
    case new
    case token(String)

    /// The flag's value, checked before anything is sent: `new`, or a token Google takes
    /// (1 to 36 characters of URL-safe base64); anything else is a usage error (64).
    static func parse(_ text: String, wording: Wording) throws -> SessionChoice {
        if text == "new" { return .new }
        _ = try AutocompleteSession(token: text, wording: wording)
        return .token(text)
    }

    /// The session to use: a fresh one, or the given token's.
    func session(wording: Wording) throws -> AutocompleteSession {
        switch self {
        case .new: return AutocompleteSession()
        case .token(let token): return try AutocompleteSession(token: token, wording: wording)
        }
    }
}

/// `places autocomplete TEXT`, typed.
struct AutocompleteOptions: Sendable {
    var text: String
    var location: LocationSpec?
    var radiusMeters: Double?
    var types: [PlaceCategory]
    var limit: Int
    var session: SessionChoice?
    var format: OutputFormat
    var network: NetworkOptions
    var providerOptions: ProviderOptions
}

extension AutocompleteOptions {
    /// Predictions are words to pick from, most without a position: they have no map.
    static let noMap = UsageError("autocomplete predictions have no map: use --format table, json, ndjson, csv or geojson")

    /// `--format` / `--json`, without svg.
    static func format(_ args: ParsedArguments) throws -> OutputFormat {
        let format = try SharedOptions.format(args)
        if format == .svg { throw noMap }
        return format
    }
}
