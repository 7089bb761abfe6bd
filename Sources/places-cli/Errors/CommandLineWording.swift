import PlacesCore
import PlacesFoursquare
import PlacesSupport

/// How `places` words what PlacesCore tells the user: every `Phrase` with the flags,
/// variables and advice of this command line. The one place the library's messages meet
/// the CLI's vocabulary; the switch is exhaustive, so a new phrase must be worded here.
extension Wording {
    static func commandLine(environment: [String: String]) -> Wording {
        // A rejected Foursquare key gets different advice when it looks like a v3 key.
        let foursquareKey = environment["FOURSQUARE_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        let legacyFoursquareKey =
            foursquareKey.map { key in
                FoursquareService.looksLikeLegacyKey(key.hasPrefix("Bearer ") ? String(key.dropFirst(7)) : key)
            } ?? false
        return Wording { phrase in text(phrase, legacyFoursquareKey: legacyFoursquareKey) }
    }

    private static func text(_ phrase: Phrase, legacyFoursquareKey: Bool) -> String {
        let locate = "give --at LAT,LON or --near NAME"
        switch phrase {
        case .nearbyNeedsCenter:
            return "nearby needs a location: \(locate)"
        case .searchNeedsQuery:
            return "search needs a non-empty QUERY, e.g. places search 'sushi' --near Helsinki"
        case .sortNeedsCenter(let sort):
            return "--sort \(sort.rawValue) needs a location: \(locate)"
        case .radiusNeedsCenter:
            return "--radius needs a location: \(locate)"
        case .sortNeedsRoute(let sort):
            return "--sort \(sort.rawValue) needs a route: give --from POINT --to POINT"
        case .radiusNotPositive:
            return "--radius must be a positive number of metres"
        case .radiusOverLimit(let radius, let provider, let limit):
            return "--radius \(JSONValue.format(radius)) is over \(provider.rawValue)'s limit of \(JSONValue.format(limit)) m"
        case .boxOverLimit(let radius, let provider, let limit):
            return
                "--bbox is too large for \(provider.rawValue)'s Nearby Search, which takes only a circle: the one covering the box has a radius of \(JSONValue.format(radius.rounded(.up))) m, over its limit of \(JSONValue.format(limit)) m; give a smaller box, or use places search (Text Search takes the box itself)"
        case .limitBelowOne:
            return "--limit must be at least 1"
        case .limitOverCeiling(let limit, let provider, let ceiling):
            return
                "--limit \(limit) is over \(provider.rawValue)'s ceiling of \(ceiling): showing at most \(ceiling) (a --data file has no ceiling)"
        case .minRatingOutOfRange(let rating):
            return "--min-rating \(rating) is out of range: ratings go from 0 to 5"
        case .googleHasNoType(let category, let supported):
            return "--type \(category.rawValue) has no Google Places equivalent; with --provider google use one of: \(supported)"
        case .overpassNeedsCenter:
            return "Overpass needs a location to search: \(locate), or search an extract offline with --data FILE"
        case .autocompleteNeedsInput:
            return "autocomplete needs TEXT with a letter or digit, e.g. places autocomplete 'sush' Helsinki"
        case .sessionTokenInvalid(let problem):
            return
                "--session takes 'new' or a token of 1 to 36 URL-safe base64 characters (A-Z, a-z, 0-9, - and _), such as the UUID --session new printed: \(problem)"
        case .sessionEnded:
            return "this session has ended with details --session; start another with --session new"
        case .autocompleteUnsupported(let provider, let supported):
            let web = supported.filter { $0 != .osm }.map { "--provider \($0.rawValue)" }.joined(separator: " or ")
            let offline = supported.contains(.osm) ? ", or --provider osm with --data FILE (an extract, offline)" : ""
            if provider == .osm {
                return
                    "--provider osm cannot autocomplete without --data FILE (Overpass has no autocomplete): give --data FILE, or use \(web)"
            }
            return "--provider \(provider.rawValue) cannot autocomplete: use \(web)\(offline)"
        case .autocompleteTooManyTypes(let count, let limit):
            return "--type makes \(count) Google types; autocomplete takes at most \(limit)"
        case .sessionTokenEnded(let token):
            return
                "--session \(token) has ended: places details --session ended it, and Google bills every request of a reused token on its own; start another with --session new"
        case .sessionEndUnknown(let token, let problem):
            let (reason, fix) = sessionRecordText(problem)
            return
                "cannot tell whether session \(token) has already ended (\(reason)): if places details --session ended it, Google bills this request on its own; \(fix)"
        case .sessionEndNotRecorded(let token, let problem):
            let (reason, fix) = sessionRecordText(problem)
            return
                "the end of session \(token) was not recorded (\(reason)): places cannot refuse the token later, and Google bills every request of a reused one on its own; \(fix)"
        case .sessionUnusedOffline:
            return "an extract bills nothing: the session token is not used offline"

        case .keyRejected(let service, let status):
            return "\(service.name) rejected the key (\(status)): \(keyAdvice(service, legacyFoursquareKey: legacyFoursquareKey))"
        case .paymentRefused(let service, let status, let said, _):
            let advice =
                service == .foursquare
                ? "Premium fields (rating, price, opening hours) need purchased credits: add credits in the Foursquare Developer Console, or drop the --fields and flags that need them (--sort rating|best, --min-rating, --open-now, --price)"
                : "check the account's billing"
            return "\(service.name) refused the request for payment (\(status))\(said); \(advice)"
        case .timedOut(let service, let tries, let host):
            return "\(service.name) did not answer in time\(tries) at \(host); raise --timeout or try again later"
        case .tooLarge(let service, let limit, let declared, _):
            let advice = ServiceVariables.row(service).oversizeAdvice
            return Phrase.oversize(service, limit: limit, declared: declared, reader: "places", advice: advice)
        case .overpassGaveUp(let said):
            return
                "Overpass gave up on the query (\(said)); try a smaller --radius or fewer --type values, try again later, or use an extract offline with --data FILE"
        case .overpassErrorPage(let said):
            return
                "Overpass answered with a page instead of JSON\(said); check PLACES_OVERPASS_URL, try again later, or use an extract offline with --data FILE"
        case .overpassOverloaded:
            return "the server is overloaded; try again later, use another PLACES_OVERPASS_URL mirror, or --data FILE"
        case .baseURLNotHTTP(let service, let value):
            return
                "\(ServiceVariables.baseURL(service))='\(value)' is not an http(s) URL: set it to \(service == .osrm ? "an OSRM server" : "a base URL") such as \(service.descriptor.defaultBaseURL), or unset it"
        case .baseURLUnusable(let service, let value, let path):
            return "\(ServiceVariables.baseURL(service))='\(value)' does not make a valid URL with \(path)"
        case .foursquareForeignPage(let shown, let baseURL):
            return
                "Foursquare's next-page link points to \(shown), not to the configured \(baseURL) (PLACES_FOURSQUARE_URL); it was not followed"
        case .unknownPlace(let id, let said):
            let provider = id.provider.profile
            let flag = id.provider == ProviderName.allCases.first ? "" : "--provider \(id.provider.rawValue) "
            return
                "\(provider.displayName) has no \(provider.placeNoun(id)) (\(said)); check the id, e.g. from 'places nearby \(flag)--json'"
        case .placeNotShowable(let id):
            return "\(id) exists but has no name or position, so it is not a place 'places' can show"
        case .googleNearbyCap(let cap):
            return
                "Google's Nearby Search returns at most \(cap) places and cannot page; showing up to \(cap) (use 'places search' for up to 60)"
        case .aboveTierCeiling(let refusal):
            return tierCeilingText(refusal)
        case .minRatingEmptiesOSM:
            return "OpenStreetMap has no ratings, so --min-rating leaves nothing; drop it or use --provider google|foursquare"
        case .groupingLeavesOut(let dropped):
            return "--group-by cuisine leaves out \(dropped) \(dropped == 1 ? "place that does" : "places that do") not serve food"
        case .closedLeftOut(let count):
            return "\(count) \(count == 1 ? "place" : "places") closed for good left out: --include-closed lists them"
        case .noReviews(let provider):
            return "\(provider.profile.displayName) has no reviews (reviews is []): --provider google has Google's, foursquare its tips"
        case .providerLeftOut(let provider, let error):
            let reason: String
            if case .missingAPIKey(let service) = error {
                reason = "\(service.name) needs an API key: set \(ServiceVariables.key(service) ?? "its key")"
            } else {
                reason = ErrorReport.message(error)
            }
            return "\(provider.rawValue) left out: \(reason); showing the other providers' places"

        case .anotherTravelMode:
            return "another --mode"
        case .estimateRouter:
            return "--router estimate"
        case .checkBaseURL(let service):
            return "check \(ServiceVariables.baseURL(service))"
        case .osrmHasNoTransit:
            return
                "OSRM has no transit profile: use --mode walk, bike or drive with --router osrm, or --router google or estimate for transit"
        case .osrmDemoServerCarsOnly(let host, let mode, let profileServer):
            return
                "the public demo server \(host) routes cars only, whatever --mode says; for \(mode.phrase) set PLACES_OSRM_URL to a server built with that profile, e.g. \(profileServer)"

        case .extractHasNoPlace(let id, let source):
            return "no place \(id) in \(source); the id may come from another extract, or try without --data to ask Overpass"
        case .extractMissing(let path):
            return
                "no such --data file: \(path); give the path of an Overpass JSON export (an `out center;` query saved from overpass-turbo or the Overpass API) or an .osm.pbf extract (Geofabrik's, say); the source tree ships Fixtures/osm/helsinki-pois.json and helsinki.osm.pbf"
        case .extractIsDirectory(let path):
            return "--data \(path) is a directory, not an extract file (Overpass JSON or .osm.pbf)"
        case .extractNotRegular(let path, let kind):
            return "--data \(path) is \(kind), not an extract file (Overpass JSON or .osm.pbf) or a stream"
        case .extractUnreadable(let path, let reason):
            return "cannot read --data file \(path): \(reason)"
        case .extractStreamFailed(let source, let reason):
            return "cannot read --data \(source): \(reason)"
        case .extractStreamTooLarge(let source, let limit):
            return "--data \(source) is longer than the \(limit >> 20) MiB places reads from a stream (a stream is held in memory); "
                + "save it to a file and give --data FILE, which is mapped rather than read in, and indexed"
        case .extractWaitingForWriter(let path):
            return "--data \(path) is a FIFO with no writer yet; waiting for one, as cat would (Ctrl-C to stop)"
        case .indexNotWritable(let path, let directory, let reason):
            return "cannot write an index of \(path) in \(directory) (\(reason)); reading the whole file each time (--no-cache skips this)"
        case .indexNotSaved(let path, let directory, let reason):
            return "cannot save the index of \(path) in \(directory) (\(reason)); reading the whole file each time (--no-cache skips this)"

        case .centerFarFromExtract(let center, let away, let radius, let source, let extent, let swapped):
            let text = Phrase.farFromExtract(center: center, metersAway: away, source: source, extent: extent)
            let swap = swapped.map { "; did you swap LAT,LON? (try --at \(Phrase.degrees($0)))" } ?? ""
            return text + ", farther than --radius \(JSONValue.format(radius)) m" + swap
        case .moreMatching(let shown, let total):
            return "\(shown) of \(total) shown (--limit N for more)"

        case .placeNameNeeded:
            return "--near needs a place name, e.g. --near Helsinki or --near 'Paris, FR'"
        case .noPlaceNamed(let name, let scope, let closest, let point):
            let text = "no place named '\(name)'\(scope) in the bundled gazetteer (cities over 15,000 people)\(closest)"
            guard let point else { return text + "; or give --at LAT,LON" }
            return "\(point): \(text); or give \(point) LAT,LON or a PLACE_ID"

        case .favoritesUnreadable(let path, let problem):
            return
                "the favorites file \(path) cannot be read as favorites: \(problem); it was left unchanged: fix it by hand, or move it aside and places will start a new list"
        case .favoritesNewerVersion(let found, let current):
            return
                "it has version \(found), which this places does not know (it reads version \(current)); it may come from a newer places: upgrade places"
        case .favoritesFix(let fix):
            switch fix {
            case .makeWritable: return "make it writable or set PLACES_FAVORITES_FILE to a path you can write"
            case .makeDirectoryWritable: return "make its directory writable or set PLACES_FAVORITES_FILE"
            case .removeLockFile: return "remove it (places makes a new one) or set PLACES_FAVORITES_FILE elsewhere"
            case .pointAtFile: return "point PLACES_FAVORITES_FILE at a file"
            case .fileInDirectory(let directory): return "set PLACES_FAVORITES_FILE to a file such as \(directory)/favorites.json"
            case .regularFile: return "set PLACES_FAVORITES_FILE to the path of a regular file (it is created on the first favorite add)"
            case .makeReadable: return "make it readable or set PLACES_FAVORITES_FILE to a file you can read and write"
            }
        }
    }

    /// Why the record of ended sessions cannot be used, and what would fix it.
    private static func sessionRecordText(_ problem: Phrase.SessionRecordProblem) -> (reason: String, fix: String) {
        switch problem {
        case .nowhere:
            return ("neither XDG_CACHE_HOME nor HOME is set", "set one of them, and start each session with --session new")
        case .unusable(let path, let reason):
            return (
                reason, "places needs a regular file it can read and write at \(path); meanwhile, start each session with --session new"
            )
        }
    }

    /// What to check when a service rejects the key.
    private static func keyAdvice(_ service: PlacesError.Service, legacyFoursquareKey: Bool) -> String {
        if service == .foursquare && legacyFoursquareKey {
            return
                "FOURSQUARE_API_KEY starts with 'fsq3' like a key of the retired v3 API (api.foursquare.com/v3, sent without 'Bearer'); the current Places API needs a Service API Key: create one in the Foursquare Developer Console"
        }
        return ServiceVariables.row(service).keyAdvice
    }

    /// `--max-tier pro` (or `$PLACES_MAX_TIER`) refusing a request: what raised the tier and
    /// how to stay under the ceiling (the field to drop and the flags that need it), or how to raise it.
    private static func tierCeilingText(_ refusal: TierCeiling.Refusal) -> String {
        let billed = refusal.billed
        let service = billed.provider == .google ? "Google Places" : "Foursquare"
        let byFlag = refusal.ceiling.origin == .argument
        let setting = byFlag ? "--max-tier \(refusal.ceiling.name)" : "$PLACES_MAX_TIER=\(refusal.ceiling.name)"
        guard let allowing = refusal.cheapestAllowing else {
            let fix = byFlag ? "--max-tier" : "$PLACES_MAX_TIER"
            return "\(setting) is not a \(service) tier; give \(fix) one of: \(refusal.providerTiers.joined(separator: ", "))"
        }
        if refusal.ceilingBelowFloor, let lowest = refusal.lowestPossibleCeiling {
            let raise = byFlag ? "--max-tier \(lowest)" : "PLACES_MAX_TIER=\(lowest)"
            return
                "\(setting) refuses this request: \(service) \(billed.sku) costs at least \(billed.floor.displayName) whatever the fields (every place needs its id, name and position); nothing was sent. Allow it with \(raise) or higher"
        }
        var fields: [String] = []
        var flags: [String] = []
        for field in billed.driverFields {
            if !fields.contains(field.rawValue) { fields.append(field.rawValue) }
            for flag in flagsNeeding(field) where !flags.contains(flag) { flags.append(flag) }
        }
        var drop = "leave \(fields.joined(separator: ", ")) out of --fields"
        if !flags.isEmpty { drop += " and do without \(flags.joined(separator: ", ")), which need\(flags.count == 1 ? "s" : "") it" }
        let raise = byFlag ? "--max-tier \(allowing)" : "PLACES_MAX_TIER=\(allowing)"
        return
            "\(setting) refuses this request, billed as \(service) \(billed.label) (set by: \(billed.drivers.joined(separator: ", "))); nothing was sent. To stay within it, \(drop); or allow it with \(raise)"
    }

    /// The flags that fetch a field without `--fields` asking for it (`SearchRequest.neededFields`).
    private static func flagsNeeding(_ field: VenueField) -> [String] {
        switch field {
        case .rating, .ratingCount: return ["--min-rating", "--sort rating|best"]
        case .priceLevel: return ["--price"]
        case .openNow: return ["--open-now"]
        case .detourSeconds, .detourMeters: return ["--sort detour"]
        default: return []
        }
    }
}
