import PlacesCore

/// `--max-tier`, `--cache`, `--language`, `--region`, `--verbose` (and `$PLACES_MAX_TIER`,
/// `$PLACES_CACHE_TTL`, `$PLACES_LANGUAGE`, `$PLACES_REGION`): what a command may spend,
/// what it may answer from the response cache, and how Google should word its answers.
struct RequestPolicyOptions: Sendable {
    /// Nil: no ceiling.
    var maxTier: TierCeiling?
    /// Seconds a cached answer stays fresh; nil: the response cache is off.
    var cacheTTL: Double?
    var locale = GoogleLocale()
    /// `--verbose`: sum up the requests sent and the cache hits on stderr.
    var verbose = false

    /// The longest a cached answer may be kept: Google's terms allow caching coordinates for
    /// at most 30 consecutive calendar days.
    static let maxCacheSeconds = ResponseCache.longestKeep

    /// Reads the flags, else the variables; a bad flag is a usage error (64), a bad variable a
    /// configuration error (78), each listing what is valid.
    static func read(_ args: ParsedArguments, environment: [String: String]) throws -> RequestPolicyOptions {
        func flag(_ name: FlagName) -> String? { args.stringIfDeclared(name) }
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        var options = RequestPolicyOptions()
        options.verbose = flag(.verbose) != nil

        if let text = flag(.maxTier) {
            guard let ceiling = TierCeiling(text, origin: .argument) else { throw UsageError(tierProblem("--max-tier '\(text)'")) }
            options.maxTier = ceiling
        } else if let text = variable("PLACES_MAX_TIER") {
            guard let ceiling = TierCeiling(text, origin: .environment) else {
                throw PlacesError.configuration(message: tierProblem("$PLACES_MAX_TIER '\(text)'"))
            }
            options.maxTier = ceiling
        }

        let noCache = flag(.noCache) != nil
        if let text = flag(.cache) {
            if noCache { throw UsageError("--cache and --no-cache contradict each other; give one of them") }
            guard let ttl = parseTTL(text) else { throw UsageError(ttlProblem("--cache '\(text)'")) }
            options.cacheTTL = ttl > 0 ? ttl : nil
        } else if !noCache, let text = variable("PLACES_CACHE_TTL") {
            guard let ttl = parseTTL(text) else { throw PlacesError.configuration(message: ttlProblem("$PLACES_CACHE_TTL '\(text)'")) }
            options.cacheTTL = ttl > 0 ? ttl : nil
        }

        if let text = flag(.language) {
            guard let code = GoogleLocale.languageCode(text) else { throw UsageError(languageProblem("--language '\(text)'")) }
            options.locale.languageCode = code
        } else if let text = variable("PLACES_LANGUAGE") {
            guard let code = GoogleLocale.languageCode(text) else { throw PlacesError.configuration(message: languageProblem("$PLACES_LANGUAGE '\(text)'")) }
            options.locale.languageCode = code
        }
        if let text = flag(.region) {
            guard let code = GoogleLocale.regionCode(text) else { throw UsageError(regionProblem("--region '\(text)'")) }
            options.locale.regionCode = code
        } else if let text = variable("PLACES_REGION") {
            guard let code = GoogleLocale.regionCode(text) else { throw PlacesError.configuration(message: regionProblem("$PLACES_REGION '\(text)'")) }
            options.locale.regionCode = code
        }
        return options
    }

    /// `30s`, `10m`, `1h`, `7d` → seconds (at most 30 days); `0` or `off` → 0, the cache off;
    /// nil for anything else.
    static func parseTTL(_ text: String) -> Double? {
        let lowered = text.lowercased()
        if lowered == "off" || lowered == "0" { return 0 }
        guard let unit = lowered.last, let scale = ["s": 1.0, "m": 60.0, "h": 3600.0, "d": 86_400.0][unit] else { return nil }
        let digits = lowered.dropLast()
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits) else { return nil }
        let seconds = Double(n) * scale
        guard seconds > 0, seconds <= maxCacheSeconds else { return nil }
        return seconds
    }

    private static func tierProblem(_ what: String) -> String {
        "\(what) is not a billing tier: Google's are essentials, pro, enterprise, enterprise+atmosphere; Foursquare's are pro, premium"
    }

    private static func ttlProblem(_ what: String) -> String {
        "\(what) is not a cache lifetime: give a whole number with s, m, h or d (30s, 10m, 1h, 7d), at most 30d (Google allows caching coordinates for 30 days), or off"
    }

    private static func languageProblem(_ what: String) -> String {
        "\(what) is not a language code: give a BCP-47 code such as fi, en, pt-BR or zh-Hant"
    }

    private static func regionProblem(_ what: String) -> String {
        "\(what) is not a region code: give a two-letter CLDR region code such as FI, US or GB"
    }
}
