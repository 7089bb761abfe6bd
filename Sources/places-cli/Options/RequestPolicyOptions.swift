import PlacesCore
import PlacesHTTP
import PlacesProviderKit

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
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        var options = RequestPolicyOptions()
        options.verbose = try args.ifDeclared(NetworkFlags.verbose)

        /// The flag's value, else the variable's (unless `variableToo` is false), as `parse`
        /// reads it: a bad flag is a usage error, a bad variable a configuration error, each in
        /// `problem`'s words naming what was given.
        func value<Value>(
            _ flag: Flag<String?>, else variableName: String, variableToo: Bool = true,
            _ parse: (_ text: String, _ origin: TierCeiling.Origin) -> Value?,
            problem: (String) -> String
        ) throws -> Value? {
            if let text = try args.ifDeclared(flag) {
                guard let value = parse(text, .argument) else { throw UsageError(problem("--\(flag.name) '\(text)'")) }
                return value
            }
            guard variableToo, let text = variable(variableName) else { return nil }
            guard let value = parse(text, .environment) else {
                throw PlacesError.configuration(message: problem("$\(variableName) '\(text)'"))
            }
            return value
        }

        options.maxTier = try value(NetworkFlags.maxTier, else: "PLACES_MAX_TIER", { TierCeiling($0, origin: $1) }, problem: tierProblem)

        let noCache = try args.ifDeclared(ProviderFlags.noCache)
        if noCache, try args.ifDeclared(NetworkFlags.cache) != nil {
            throw UsageError("--cache and --no-cache contradict each other; give one of them")
        }
        if let ttl = try value(
            NetworkFlags.cache, else: "PLACES_CACHE_TTL", variableToo: !noCache, { text, _ in parseTTL(text) }, problem: ttlProblem)
        {
            options.cacheTTL = ttl > 0 ? ttl : nil
        }

        options.locale.languageCode = try value(
            NetworkFlags.language, else: "PLACES_LANGUAGE", { text, _ in GoogleLocale.languageCode(text) },
            problem: languageProblem)
        options.locale.regionCode = try value(
            NetworkFlags.region, else: "PLACES_REGION", { text, _ in GoogleLocale.regionCode(text) },
            problem: regionProblem)
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
