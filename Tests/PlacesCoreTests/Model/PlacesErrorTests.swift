import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGoogle
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesOSM
@testable import places_cli

/// The typed error as an app sees it, and the two wordings of what depends on who asked.
@Suite("PlacesError and wording")
struct PlacesErrorTests {
    static let id = PlaceID(provider: .google, rawID: "ChIJabc")

    /// One of every phrase (keep in step with `Phrase`).
    static let phrases: [Phrase] = [
        .nearbyNeedsCenter, .searchNeedsQuery, .sortNeedsCenter(.distance), .radiusNeedsCenter, .radiusNotPositive,
        .radiusOverLimit(radius: 60_000, provider: .google, limit: 50_000), .limitBelowOne, .minRatingOutOfRange(6),
        .googleHasNoType(.toilets, supported: "restaurant"), .overpassNeedsCenter,
        .keyRejected(.googlePlaces, status: "403"), .keyRejected(.foursquare, status: "401"), .keyRejected(.googleRoutes, status: "403"),
        .keyRejected(.overpass, status: "401"), .keyRejected(.osrm, status: "401"),
        .paymentRefused(.foursquare, status: "402", said: "", advice: ServiceDescriptor.foursquare.paymentAdvice),
        .paymentRefused(.googlePlaces, status: "402", said: "", advice: ServiceDescriptor.googlePlaces.paymentAdvice),
        .timedOut(.googlePlaces, tries: "", host: "h"),
        .tooLarge(.overpass, limit: 64 << 20, declared: nil, advice: ServiceDescriptor.overpass.oversizeAdvice),
        .overpassGaveUp(said: "timeout"),
        .overpassErrorPage(said: ""), .overpassOverloaded, .baseURLNotHTTP(.googlePlaces, value: "ftp://x"),
        .baseURLUnusable(.foursquare, value: "http://x", path: "/p"), .foursquareForeignPage(shown: "https://e", baseURL: "https://b"),
        .unknownPlace(id, said: "404"), .unknownPlace(PlaceID(provider: .foursquare, rawID: "abc"), said: "404"),
        .unknownPlace(PlaceID(provider: .osm, rawID: "node/1"), said: "Overpass returned nothing"), .placeNotShowable(id),
        .googleNearbyCap(20), .minRatingEmptiesOSM, .groupingLeavesOut(2),
        .extractHasNoPlace(id, source: "x.json"), .extractMissing(path: "x.json"), .extractIsDirectory(path: "/tmp"),
        .extractNotRegular(path: "/dev/x", kind: "a socket"), .extractUnreadable(path: "x", reason: "EACCES"),
        .extractStreamFailed(source: "standard input", reason: "EIO"), .extractStreamTooLarge(source: "standard input", limit: 512 << 20),
        .extractWaitingForWriter(path: "f"),
        .indexNotWritable(path: "x", directory: "d", reason: "r"), .indexNotSaved(path: "x", directory: "d", reason: "r"),
        .placeNameNeeded, .noPlaceNamed(name: "X", scope: "", closest: "", point: nil),
        .noPlaceNamed(name: "X", scope: "", closest: "", point: "--to"),
        .favoritesUnreadable(path: "f", problem: "p"), .favoritesNewerVersion(found: "2", current: 1),
        .favoritesFix(.makeWritable), .favoritesFix(.makeDirectoryWritable), .favoritesFix(.removeLockFile), .favoritesFix(.pointAtFile),
        .favoritesFix(.fileInDirectory("/d")), .favoritesFix(.regularFile), .favoritesFix(.makeReadable),
        .sortNeedsRoute(.distance), .limitOverCeiling(limit: 5000, provider: .google, ceiling: 1000), .autocompleteNeedsInput,
        .sessionTokenInvalid(problem: "p"), .sessionEnded, .autocompleteUnsupported(.osm, supported: [.google, .foursquare]),
        .autocompleteTooManyTypes(count: 7, limit: 5), .sessionTokenEnded(token: "t"), .sessionEndUnknown(token: "t", .nowhere),
        .sessionEndUnknown(token: "t", .unusable(path: "p", reason: "r")), .sessionEndNotRecorded(token: "t", .nowhere),
        .sessionUnusedOffline, .anotherTravelMode, .estimateRouter, .checkBaseURL(.osrm), .osrmHasNoTransit,
        .osrmDemoServerCarsOnly(host: "h", mode: .walk, profileServer: "https://p"),
        .centerFarFromExtract(
            center: farCenter, metersAway: 5000, radius: 1000, source: "x.json", extent: helsinkiBox, swapped: nil),
        .centerFarFromExtract(
            center: farCenter, metersAway: 5000, radius: 1000, source: "x.json", extent: helsinkiBox, swapped: farCenter),
        .moreMatching(shown: 20, total: 50),
    ]
    static let farCenter = try! Coordinate(latitude: 24.9384, longitude: 60.1699)
    static let helsinkiBox = BoundingBox(south: 60.1, west: 24.8, north: 60.3, east: 25.1)

    /// What an app shows never names a flag, an environment variable or the command.
    @Test(arguments: phrases)
    func libraryWordsNameNoFlagOrVariable(_ phrase: Phrase) {
        let text = Wording.library(phrase)
        #expect(!text.contains("--") && !text.contains("PLACES_") && !text.contains("_API_KEY") && !text.contains("'places"), "\(text)")
        #expect(!text.isEmpty)
    }

    /// The CLI words every phrase itself; only advice with nothing of the CLI's to name reads the same.
    @Test func theCommandLineHasItsOwnWords() {
        let same = Self.phrases.filter { Wording.cli($0) == Wording.library($0) }
        #expect(
            same == [.paymentRefused(.googlePlaces, status: "402", said: "", advice: ServiceDescriptor.googlePlaces.paymentAdvice)],
            "\(same)")
        #expect(Wording.cli(.sortNeedsCenter(.best)) == "--sort best needs a location: give --at LAT,LON or --near NAME")
        #expect(Wording.library(.sortNeedsCenter(.best)) == "sorting by best needs a center")
    }

    /// A rejected Foursquare key that looks like a v3 key gets the advice for that.
    @Test func foursquareKeyAdviceFollowsTheKey() {
        let legacy = Wording.commandLine(environment: ["FOURSQUARE_API_KEY": "Bearer fsq3abc"])(.keyRejected(.foursquare, status: "401"))
        let current = Wording.commandLine(environment: ["FOURSQUARE_API_KEY": "ABCDEF"])(.keyRejected(.foursquare, status: "401"))
        #expect(legacy.contains("starts with 'fsq3'") && current.contains("check FOURSQUARE_API_KEY"), "\(legacy) / \(current)")
    }

    @Test func anAppGetsTheMessageAsItsLocalizedDescription() {
        let error: Error = PlacesError.missingAPIKey(.googlePlaces)
        #expect(error.localizedDescription == "Google Places needs an API key")
        let limited: Error = PlacesError.rateLimited(.foursquare, retryAfter: 30, message: "Foursquare rate-limited the request (429)")
        #expect(limited.localizedDescription == "Foursquare rate-limited the request (429)")
        #expect("\(limited)" == "Foursquare rate-limited the request (429)")
    }

    /// Each case has one exit code, decided in `ErrorReport`; the CLI's own missing-key advice names the way out.
    @Test func theCLIMapsEveryCaseToTheContractsCode() {
        let cases: [(PlacesError, Int32)] = [
            (.invalidRequest(.radius, message: ""), 64), (.requestRejected(.osrm, message: ""), 64),
            (.badResponse(.googlePlaces, message: ""), 65), (.badFile(path: "f", message: ""), 65),
            (.placeNotFound(Self.id, message: ""), 66), (.notFound(message: ""), 66),
            (.network(.overpass, message: ""), 69), (.unavailable(.overpass, message: ""), 69), (.io(path: "f", message: ""), 74),
            (.rateLimited(.googlePlaces, retryAfter: nil, message: ""), 75), (.missingAPIKey(.foursquare), 77),
            (.apiKeyRejected(.foursquare, message: ""), 77), (.paymentRequired(.foursquare, message: ""), 77),
            (.configuration(message: ""), 78),
        ]
        for (error, code) in cases { #expect(ErrorReport.report(error)?.code == code, "\(error)") }
        #expect(ErrorReport.report(UsageError("x"))?.code == 64)
        #expect(
            ErrorReport.message(.missingAPIKey(.googlePlaces))
                == "Google Places needs an API key: set GOOGLE_MAPS_API_KEY (or use --provider osm, which needs none)")
        #expect(ErrorReport.message(.missingAPIKey(.googleRoutes)).hasSuffix("or use --router osrm or --router estimate, which need none"))
    }
}
