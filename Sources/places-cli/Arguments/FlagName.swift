/// A flag's long name as the code reads it (`args.string(.radius)`): one constant per flag,
/// declared here and nowhere else, so a misspelt flag does not compile. What a user types is
/// matched against the declared `FlagSpec`s; reading a flag a command did not declare is
/// caught by `CommandFlagReadsTests`, which walks every command.
struct FlagName: Hashable, Sendable, CustomStringConvertible {
    /// As typed after `--`.
    let text: String

    private init(_ text: String) { self.text = text }

    var description: String { text }

    static let alias = FlagName("alias")
    static let at = FlagName("at")
    static let cache = FlagName("cache")
    static let cityOnly = FlagName("city-only")
    static let data = FlagName("data")
    static let delete = FlagName("delete")
    static let dryRun = FlagName("dry-run")
    static let favoritesOnly = FlagName("favorites-only")
    static let fields = FlagName("fields")
    static let filter = FlagName("filter")
    static let format = FlagName("format")
    static let from = FlagName("from")
    static let groupBy = FlagName("group-by")
    static let help = FlagName("help")
    static let jobs = FlagName("jobs")
    static let json = FlagName("json")
    static let language = FlagName("language")
    static let limit = FlagName("limit")
    static let log = FlagName("log")
    static let maxTier = FlagName("max-tier")
    static let minRating = FlagName("min-rating")
    static let mode = FlagName("mode")
    static let near = FlagName("near")
    static let noCache = FlagName("no-cache")
    static let note = FlagName("note")
    static let openNow = FlagName("open-now")
    static let price = FlagName("price")
    static let provider = FlagName("provider")
    static let qps = FlagName("qps")
    static let radius = FlagName("radius")
    static let record = FlagName("record")
    static let region = FlagName("region")
    static let replay = FlagName("replay")
    static let resume = FlagName("resume")
    static let retries = FlagName("retries")
    static let router = FlagName("router")
    static let session = FlagName("session")
    static let sort = FlagName("sort")
    static let timeout = FlagName("timeout")
    static let steps = FlagName("steps")
    static let to = FlagName("to")
    static let type = FlagName("type")
    static let verbose = FlagName("verbose")
}
