import Foundation
import PlacesGeodesy
import PlacesSupport

/// How the library words what it tells a person, where the words depend on who asked.
///
/// An app gets library terms ("the radius", "the base URL"). The command-line tool
/// supplies its own wording of every `Phrase` (its flags, its variables, its advice), in
/// one file on its side, so that PlacesCore never names a flag. Carried by `Diagnostics`.
package struct Wording: Sendable {
    private let text: @Sendable (Phrase) -> String

    package init(_ text: @escaping @Sendable (Phrase) -> String) {
        self.text = text
    }

    package func callAsFunction(_ phrase: Phrase) -> String { text(phrase) }

    /// Library terms.
    package static let library = Wording { $0.libraryText }
}

/// Every message (or part of one) whose words depend on who asked, with what it interpolates.
/// Messages that read the same for an app and for the CLI are written where they are raised.
package enum Phrase: Sendable, Equatable {
    // Requests.
    case nearbyNeedsCenter
    case searchNeedsQuery
    case sortNeedsCenter(VenueSortOrder)
    case radiusNeedsCenter
    /// `along` or `detour` order without a route.
    case sortNeedsRoute(VenueSortOrder)
    case radiusNotPositive
    case radiusOverLimit(radius: Double, provider: ProviderName, limit: Double)
    /// A box whose covering circle (the only area the provider's nearby search takes) is over its limit.
    case boxOverLimit(radius: Double, provider: ProviderName, limit: Double)
    case limitBelowOne
    /// A limit over what a web provider is asked for: `ceiling` places are shown at most.
    case limitOverCeiling(limit: Int, provider: ProviderName, ceiling: Int)
    case minRatingOutOfRange(Double)
    case googleHasNoType(PlaceCategory, supported: String)
    case overpassNeedsCenter
    // Autocomplete.
    case autocompleteNeedsInput
    case sessionTokenInvalid(problem: String)
    case sessionEnded
    case autocompleteUnsupported(ProviderName, supported: [ProviderName])
    case autocompleteTooManyTypes(count: Int, limit: Int)
    /// A session carried on by its token, whose end a details call recorded (in another process).
    case sessionTokenEnded(token: String)
    /// Whether the session carried on by `token` has ended cannot be told.
    case sessionEndUnknown(token: String, SessionRecordProblem)
    /// The end of the session of `token` could not be recorded, so it cannot be refused later.
    case sessionEndNotRecorded(token: String, SessionRecordProblem)
    /// An autocomplete session with a provider that answers offline, which bills nothing.
    case sessionUnusedOffline

    // Answers and services.
    case keyRejected(PlacesError.Service, status: String)
    /// `advice`: the service's own (its descriptor's `paymentAdvice`).
    case paymentRefused(PlacesError.Service, status: String, said: String, advice: String)
    case timedOut(PlacesError.Service, tries: String, host: String)
    /// An answer over the size cap of `limit` bytes; `declared` is its Content-Length when it
    /// was over the cap (nothing read), nil or within the cap when reading passed it.
    /// `advice`: the service's own (its descriptor's `oversizeAdvice`), nil for the usual.
    case tooLarge(PlacesError.Service, limit: Int, declared: Int64?, advice: String?)
    case overpassGaveUp(said: String)
    case overpassErrorPage(said: String)
    case overpassOverloaded
    case baseURLNotHTTP(PlacesError.Service, value: String)
    case baseURLUnusable(PlacesError.Service, value: String, path: String)
    case foursquareForeignPage(shown: String, baseURL: String)
    case unknownPlace(PlaceID, said: String)
    case placeNotShowable(PlaceID)
    case googleNearbyCap(Int)
    case aboveTierCeiling(TierCeiling.Refusal)
    case minRatingEmptiesOSM
    case groupingLeavesOut(Int)
    /// Places the provider says are closed for good, left out of a search.
    case closedLeftOut(Int)
    /// Reviews asked of a provider that has none.
    case noReviews(ProviderName)
    /// A provider of a merged search that failed while another answered.
    case providerLeftOut(ProviderName, PlacesError)

    // Routes.
    /// What to try when a router found no route: another travel mode.
    case anotherTravelMode
    /// The offline estimate, as the way to a rough figure.
    case estimateRouter
    /// Where to look when a service's base URL leads somewhere else.
    case checkBaseURL(PlacesError.Service)
    case osrmHasNoTransit
    /// `profileServer`: a public server built with the mode's profile.
    case osrmDemoServerCarsOnly(host: String, mode: TravelMode, profileServer: String)

    // Extracts (`--data` in the CLI).
    case extractHasNoPlace(PlaceID, source: String)
    case extractMissing(path: String)
    case extractIsDirectory(path: String)
    case extractNotRegular(path: String, kind: String)
    case extractUnreadable(path: String, reason: String)
    case extractStreamFailed(source: String, reason: String)
    /// A stream longer than `limit` bytes, the most read into memory.
    case extractStreamTooLarge(source: String, limit: Int)
    case extractWaitingForWriter(path: String)
    case indexNotWritable(path: String, directory: String, reason: String)
    case indexNotSaved(path: String, directory: String, reason: String)
    /// A centre at least `metersAway` from every place of the extract `source` (whose places
    /// lie in `extent`), farther than `radius`; `swapped`: the centre with its latitude and
    /// longitude swapped, when that is within the radius of the extract.
    case centerFarFromExtract(
        center: Coordinate, metersAway: Double, radius: Double, source: String, extent: BoundingBox, swapped: Coordinate?)
    /// The limit left out places: `shown` of the `total` that matched.
    case moreMatching(shown: Int, total: Int)

    // Gazetteer (`--near` in the CLI).
    case placeNameNeeded
    /// `point` names the route end the name was given for (`--to` in the CLI); nil for a search centre.
    case noPlaceNamed(name: String, scope: String, closest: String, point: String?)

    // Favorites.
    case favoritesUnreadable(path: String, problem: String)
    case favoritesNewerVersion(found: String, current: Int)
    case favoritesFix(FavoritesFix)

    /// Why the record of ended autocomplete sessions cannot be used.
    package enum SessionRecordProblem: Sendable, Equatable {
        /// There is nowhere to keep it (the CLI: no cache directory in the environment).
        case nowhere
        /// The file at `path` cannot be read or written: `reason`.
        case unusable(path: String, reason: String)

        /// Why, in library terms.
        var libraryReason: String {
            switch self {
            case .nowhere: return "there is nowhere to record ended sessions"
            case .unusable(_, let reason): return reason
            }
        }
    }

    /// What to do about a favorites location that cannot be used.
    package enum FavoritesFix: Sendable, Equatable {
        /// A path whose directory cannot be made or written.
        case makeWritable
        /// A write that failed after the temporary file was made.
        case makeDirectoryWritable
        /// The lock file beside it is not a regular file.
        case removeLockFile
        /// A loop of symbolic links.
        case pointAtFile
        /// A directory where the file should be.
        case fileInDirectory(String)
        /// A FIFO, socket or device where the file should be.
        case regularFile
        /// A file that cannot be read.
        case makeReadable
    }

    /// The words an app gets.
    var libraryText: String {
        switch self {
        case .nearbyNeedsCenter:
            return "a nearby search needs a center"
        case .searchNeedsQuery:
            return "a text search needs a non-empty query"
        case .sortNeedsCenter(let sort):
            return "sorting by \(sort.rawValue) needs a center"
        case .radiusNeedsCenter:
            return "a radius needs a center"
        case .sortNeedsRoute(let sort):
            return "sorting by \(sort.rawValue) needs a route"
        case .radiusNotPositive:
            return "the radius must be a positive number of metres"
        case .radiusOverLimit(let radius, let provider, let limit):
            return "a radius of \(JSONValue.format(radius)) m is over \(provider.rawValue)'s limit of \(JSONValue.format(limit)) m"
        case .boxOverLimit(let radius, let provider, let limit):
            return
                "the box is too large for \(provider.rawValue)'s nearby search, which takes a circle: the one covering it has a radius of \(JSONValue.format(radius.rounded(.up))) m, over the limit of \(JSONValue.format(limit)) m; use a smaller box, or a text search (which takes the box itself)"
        case .limitBelowOne:
            return "the limit must be at least 1"
        case .limitOverCeiling(let limit, let provider, let ceiling):
            return
                "a limit of \(limit) is over \(provider.rawValue)'s ceiling of \(ceiling): showing at most \(ceiling) (an extract has no ceiling)"
        case .minRatingOutOfRange(let rating):
            return "a minimum rating of \(rating) is out of range: ratings go from 0 to 5"
        case .googleHasNoType(let category, let supported):
            return "the category \(category.rawValue) has no Google Places equivalent; Google Places supports: \(supported)"
        case .overpassNeedsCenter:
            return "Overpass needs a center to search (or search an extract offline)"
        case .autocompleteNeedsInput:
            return "autocomplete needs input with a letter or digit"
        case .sessionTokenInvalid(let problem):
            return "a session token must be 1 to 36 characters of URL-safe base64 (A-Z, a-z, 0-9, - and _), such as a UUID: \(problem)"
        case .sessionEnded:
            return
                "this autocomplete session has ended with a details call; start a new session (a reused token bills every request on its own)"
        case .autocompleteUnsupported(let provider, let supported):
            return "\(provider.rawValue) cannot autocomplete here; these can: \(supported.map(\.rawValue).joined(separator: ", "))"
        case .autocompleteTooManyTypes(let count, let limit):
            return "autocomplete takes at most \(limit) Google types; these categories make \(count)"
        case .sessionTokenEnded(let token):
            return
                "the autocomplete session \(token) has ended with a details call; start a new session (a reused token bills every request on its own)"
        case .sessionEndUnknown(let token, let problem):
            return
                "cannot tell whether the autocomplete session \(token) has already ended (\(problem.libraryReason)): if it has, this request is billed on its own"
        case .sessionEndNotRecorded(let token, let problem):
            return
                "the end of the autocomplete session \(token) was not recorded (\(problem.libraryReason)): its token cannot be refused later, and a reused token bills every request on its own"
        case .sessionUnusedOffline:
            return "a local extract answers offline and bills nothing: the session's token is not used"
        case .keyRejected(let service, let status):
            return "\(service.name) rejected the API key (\(status))"
        case .paymentRefused(let service, let status, let said, let advice):
            return "\(service.name) refused the request for payment (\(status))\(said); \(advice)"
        case .timedOut(let service, let tries, let host):
            return "\(service.name) did not answer in time\(tries) at \(host); try again later"
        case .tooLarge(let service, let limit, let declared, let advice):
            let advice = advice ?? "\(service.name)'s own answers are far smaller: check that its base URL leads to it"
            return Phrase.oversize(service, limit: limit, declared: declared, reader: "PlacesCore", advice: advice)
        case .overpassGaveUp(let said):
            return
                "Overpass gave up on the query (\(said)); try a smaller radius or fewer categories, try again later, or search an extract offline"
        case .overpassErrorPage(let said):
            return "Overpass answered with a page instead of JSON\(said); check the endpoint, or try again later"
        case .overpassOverloaded:
            return "the server is overloaded; try again later or use another Overpass server"
        case .baseURLNotHTTP(let service, let value):
            return "the base URL '\(value)' of \(service.name) is not an http(s) URL"
        case .baseURLUnusable(let service, let value, let path):
            return "the base URL '\(value)' of \(service.name) does not make a valid URL with \(path)"
        case .foursquareForeignPage(let shown, let baseURL):
            return "Foursquare's next-page link points to \(shown), not to the configured \(baseURL); it was not followed"
        case .unknownPlace(let id, let said):
            let provider = id.provider.profile
            return "\(provider.displayName) has no \(provider.placeNoun(id)) (\(said))"
        case .placeNotShowable(let id):
            return "\(id) exists but has no name or position, so it is not a place"
        case .googleNearbyCap(let cap):
            return
                "Google's Nearby Search returns at most \(cap) places and cannot page; showing up to \(cap) (a text search gives up to 60)"
        case .aboveTierCeiling(let refusal):
            let billed = refusal.billed
            let service = billed.provider.profile.displayName
            guard let allowing = refusal.cheapestAllowing else {
                return
                    "the tier ceiling \(refusal.ceiling.name) is not one of \(service)'s tiers (\(refusal.providerTiers.joined(separator: ", "))); nothing was sent"
            }
            if refusal.ceilingBelowFloor, let lowest = refusal.lowestPossibleCeiling {
                return
                    "\(service) \(billed.sku) costs at least \(billed.floor.displayName) whatever the fields; the tier ceiling \(refusal.ceiling.name) refuses it (nothing was sent): raise it to \(lowest) or higher"
            }
            let fields = billed.driverFields.map(\.rawValue)
            return
                "the request would be billed as \(service) \(billed.label) (set by: \(billed.drivers.joined(separator: ", "))), above the tier ceiling \(refusal.ceiling.name); nothing was sent: ask without \(fields.joined(separator: ", ")), or raise the ceiling to \(allowing)"
        case .minRatingEmptiesOSM:
            return "OpenStreetMap has no ratings, so a minimum rating leaves nothing"
        case .groupingLeavesOut(let dropped):
            return "grouping by cuisine leaves out \(dropped) \(dropped == 1 ? "place that does" : "places that do") not serve food"
        case .closedLeftOut(let count):
            return "\(count) \(count == 1 ? "place" : "places") closed for good left out (includeClosed lists them)"
        case .noReviews(let provider):
            return "\(provider.profile.displayName) has no reviews: the reviews are an empty list"
        case .providerLeftOut(let provider, let error):
            return "\(provider.rawValue) is left out: \(error.message); the places are the other providers'"
        case .anotherTravelMode:
            return "another travel mode"
        case .estimateRouter:
            return "the estimate router"
        case .checkBaseURL(let service):
            return "check the base URL of \(service.name)"
        case .osrmHasNoTransit:
            return
                "OSRM has no transit profile: ask it for walking, cycling or driving, or ask Google Routes or the estimate router for transit"
        case .osrmDemoServerCarsOnly(let host, let mode, let profileServer):
            return
                "the public demo server \(host) routes cars only, whatever the travel mode; for \(mode.phrase) use a server built with that profile, e.g. \(profileServer)"
        case .extractHasNoPlace(let id, let source):
            return "no place \(id) in \(source); the id may come from another extract"
        case .extractMissing(let path):
            return "no such extract file: \(path)"
        case .extractIsDirectory(let path):
            return "\(path) is a directory, not an Overpass JSON file"
        case .extractNotRegular(let path, let kind):
            return "\(path) is \(kind), not an Overpass JSON file or a stream"
        case .extractUnreadable(let path, let reason):
            return "cannot read the extract file \(path): \(reason)"
        case .extractStreamFailed(let source, let reason):
            return "cannot read the extract \(source): \(reason)"
        case .extractStreamTooLarge(let source, let limit):
            return "the extract \(source) is longer than the \(limit >> 20) MiB read from a stream, which is held in memory; "
                + "give it as a file, which is mapped rather than read in"
        case .extractWaitingForWriter(let path):
            return "\(path) is a FIFO with no writer yet; waiting for one"
        case .indexNotWritable(let path, let directory, let reason):
            return "cannot write an index of \(path) in \(directory) (\(reason)); reading the whole file each time"
        case .indexNotSaved(let path, let directory, let reason):
            return "cannot save the index of \(path) in \(directory) (\(reason)); reading the whole file each time"
        case .centerFarFromExtract(let center, let away, let radius, let source, let extent, let swapped):
            let text = Phrase.farFromExtract(center: center, metersAway: away, source: source, extent: extent)
            let swap =
                swapped.map { "; latitude and longitude may be swapped: \(Phrase.degrees($0)) is within the radius of its places" } ?? ""
            return text + ", farther than the radius of \(JSONValue.format(radius)) m" + swap
        case .moreMatching(let shown, let total):
            return "\(shown) of \(total) matching places shown (a higher limit shows more)"
        case .placeNameNeeded:
            return "a place name is needed, e.g. Helsinki or 'Paris, FR'"
        case .noPlaceNamed(let name, let scope, let closest, _):
            return "no place named '\(name)'\(scope) in the bundled gazetteer (cities over 15,000 people)\(closest)"
        case .favoritesUnreadable(let path, let problem):
            return
                "the favorites file \(path) cannot be read as favorites: \(problem); it was left unchanged: fix it by hand, or move it aside to start a new list"
        case .favoritesNewerVersion(let found, let current):
            return
                "it has version \(found), which this version of PlacesCore does not know (it reads version \(current)); it may come from a newer version"
        case .favoritesFix(let fix):
            switch fix {
            case .makeWritable: return "make it writable or use another favorites location"
            case .makeDirectoryWritable: return "make its directory writable or use another favorites location"
            case .removeLockFile: return "remove it (a new one is made) or use another favorites location"
            case .pointAtFile: return "use a favorites location that is a file"
            case .fileInDirectory(let directory): return "use a file such as \(directory)/favorites.json"
            case .regularFile: return "use the path of a regular file (it is created on the first save)"
            case .makeReadable: return "make it readable or use another favorites location"
            }
        }
    }
}

extension Phrase {
    /// "60.1699,24.9384 is at least 1,234 km from every place of SOURCE (they lie within
    /// S,W to N,E)": what both wordings of `centerFarFromExtract` open with.
    package static func farFromExtract(center: Coordinate, metersAway: Double, source: String, extent: BoundingBox) -> String {
        "\(degrees(center)) is at least \(DistanceText.format(metersAway)) from every place of \(source)"
            + " (they lie within \(degrees(extent.south)),\(degrees(extent.west)) to \(degrees(extent.north)),\(degrees(extent.east)))"
    }

    /// A position as notes show it: `60.1699,24.9384`.
    package static func degrees(_ point: Coordinate) -> String {
        "\(degrees(point.latitude)),\(degrees(point.longitude))"
    }

    /// Degrees to four decimals (about 10 m).
    package static func degrees(_ value: Double) -> String {
        String(format: "%.4f", value)
    }

    /// "X declared a body of N bytes (64 GiB), over the 64 MiB READER reads, so none of it was
    /// read; ADVICE", or "X sent more than ... (it declared no length), so reading stopped there; ADVICE".
    package static func oversize(_ service: PlacesError.Service, limit: Int, declared: Int64?, reader: String, advice: String) -> String {
        let cap = "the " + (limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes") + " \(reader) reads"
        if let declared, declared > Int64(limit) {
            return "\(service.name) declared a body of \(describeSize(declared)), over \(cap), so none of it was read; \(advice)"
        }
        let said = declared.map { "it had declared \(describeSize($0))" } ?? "it declared no length"
        return "\(service.name) sent more than \(cap) (\(said)), so reading stopped there; \(advice)"
    }

    /// "68719476736 bytes (64 GiB)"; Int64.max stands for a length longer than 64 bits.
    static func describeSize(_ bytes: Int64) -> String {
        if bytes == .max { return "more bytes than 64 bits count" }
        if bytes == 1 { return "1 byte" }
        guard let unit = (1...6).last(where: { bytes >> (10 * $0) > 0 }), bytes >= 1 << 20 else { return "\(bytes) bytes" }
        return "\(bytes) bytes (\(bytes >> (10 * unit)) \(["", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"][unit]))"
    }
}
