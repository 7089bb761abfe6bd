import Foundation
import PlacesHTTP
import PlacesModel
import PlacesProviderKit

/// The front door: nearby places, text search and place details from one source, with
/// distances, filters, sort and limit already applied.
///
/// ```swift
/// let client = PlacesClient(source: .google(apiKey: key))
/// let cafes = try await client.nearby(.init(center: try Coordinate(latitude: 60.1699, longitude: 24.9384),
///                                           radiusMeters: 500, categories: [.cafe]))
/// ```
///
/// Failures are `PlacesError`s. A client is a value: make one per source and share it.
/// A client over several sources (`init(sources:)`) asks them all at once and merges the
/// venues that are the same place.
public struct PlacesClient: Sendable {
    /// The providers asked, in the order their answers win in a merge; at least one, each
    /// provider at most once.
    let providers: [any PlaceProvider]
    let diagnostics: Diagnostics
    let favorites: FavoritesStore?
    /// Where addresses come from (`reverse`, `lookUpAddress`); nil for a source with no geocoder.
    let geocoder: (any AddressGeocoder)?
    /// The autocomplete sessions details calls ended, for sessions carried on by their token;
    /// nil when only the session objects know.
    let endedSessions: EndedSessionRecord?
    /// How photos are downloaded (`photo`); nil for a client that downloads none.
    let photoDownload: PhotoDownload?

    /// A client for `source`, reaching the web through one shared `URLSession`.
    public init(source: Source, configuration: Configuration = Configuration()) {
        let notes = configuration.notes
        let diagnostics = Diagnostics { _, message in notes?(message) }
        let http = HTTPClient(
            transport: OperatorPacedTransport.network(), timeout: configuration.timeout,
            policy: RetryPolicy(retries: configuration.retries), diagnostics: diagnostics)
        self.init(
            provider: source.makeProvider(http: http, configuration: configuration), diagnostics: diagnostics,
            favorites: configuration.favorites, geocoder: source.makeGeocoder(http: http, configuration: configuration),
            endedSessions: configuration.endedSessionRecord,
            photoDownload: PhotoDownload(http: http, commonsBaseURL: configuration.wikimediaCommonsURL?.absoluteString))
    }

    /// A client that asks every source at once and merges the venues that are the same
    /// place (docs/merging.md): one venue per place, with `id` and `provider` of the first
    /// source in this order that has it, each other field from the first that knows it, and
    /// the other sources' ids in `sameAs`. Distance, filters, sort and limit apply to the
    /// merged venues. A source that fails is a warning to `configuration.notes` while another
    /// answers; when all fail, the first one's error is thrown.
    ///
    /// Throws `PlacesError.configuration` for an empty list or two sources of one provider.
    public init(sources: [Source], configuration: Configuration = Configuration()) throws {
        guard !sources.isEmpty else { throw PlacesError.configuration(message: "a client needs at least one source") }
        let notes = configuration.notes
        let diagnostics = Diagnostics { _, message in notes?(message) }
        let http = HTTPClient(
            transport: OperatorPacedTransport.network(), timeout: configuration.timeout,
            policy: RetryPolicy(retries: configuration.retries), diagnostics: diagnostics)
        let providers = sources.map { $0.makeProvider(http: http, configuration: configuration) }
        if let twice = Self.repeatedProvider(providers.map(\.name)) {
            throw PlacesError.configuration(message: "two sources of \(twice.rawValue): give each provider once")
        }
        let geocoder = sources.lazy.compactMap { $0.makeGeocoder(http: http, configuration: configuration) }.first
        self.init(
            providers: providers, diagnostics: diagnostics, favorites: configuration.favorites, geocoder: geocoder,
            endedSessions: configuration.endedSessionRecord,
            photoDownload: PhotoDownload(http: http, commonsBaseURL: configuration.wikimediaCommonsURL?.absoluteString))
    }

    /// A client around a provider the caller built (the CLI, with its own transport and words).
    package init(
        provider: any PlaceProvider, diagnostics: Diagnostics, favorites: FavoritesStore? = nil,
        geocoder: (any AddressGeocoder)? = nil, endedSessions: EndedSessionRecord? = nil, photoDownload: PhotoDownload? = nil
    ) {
        self.init(
            providers: [provider], diagnostics: diagnostics, favorites: favorites, geocoder: geocoder, endedSessions: endedSessions,
            photoDownload: photoDownload)
    }

    /// A client around providers the caller built, in the order their answers win; at least
    /// one, each provider once.
    package init(
        providers: [any PlaceProvider], diagnostics: Diagnostics, favorites: FavoritesStore? = nil,
        geocoder: (any AddressGeocoder)? = nil, endedSessions: EndedSessionRecord? = nil, photoDownload: PhotoDownload? = nil
    ) {
        // Not reachable by input: ProviderSelection refuses an empty or repeated --provider list (64) before a client is made.
        precondition(
            !providers.isEmpty && Self.repeatedProvider(providers.map(\.name)) == nil,
            "a client asks at least one provider, each once")
        self.providers = providers
        self.diagnostics = diagnostics
        self.favorites = favorites
        self.geocoder = geocoder
        self.endedSessions = endedSessions
        self.photoDownload = photoDownload
    }

    /// The provider this client asks (the first, for a client over several sources).
    public var providerName: ProviderName { providers[0].name }

    /// The providers this client asks, in the order their answers win in a merge.
    public var providerNames: [ProviderName] { providers.map(\.name) }

    /// Whether this client merges the answers of several providers.
    package var isMerging: Bool { providers.count > 1 }

    /// This client with its provider's files held open (an extract's current index), for
    /// many searches and reverse lookups in a row from any thread (not autocomplete or
    /// photos): the same answers without opening and checking the files for each. Nil when
    /// there is nothing to hold (a web source, several sources, an extract not indexed yet:
    /// its first question writes the index).
    package func holdingFilesOpen() throws -> PlacesClient? {
        guard !isMerging, let held = try providers[0].heldOpen(diagnostics: diagnostics) else { return nil }
        return PlacesClient(
            providers: [held], diagnostics: diagnostics, favorites: favorites, geocoder: geocoder, endedSessions: endedSessions,
            photoDownload: photoDownload)
    }

    /// Places around a centre, nearest first unless `request.sort` says otherwise.
    public func nearby(_ request: NearbyRequest) async throws -> [Venue] {
        try await venues(for: request.searchRequest, favoritesOnly: request.favoritesOnly)
    }

    /// Places matching free text, optionally around a centre (a hard limit with a radius,
    /// a bias without one), in the provider's order of relevance unless `request.sort` says otherwise.
    public func search(_ request: TextSearchRequest) async throws -> [Venue] {
        try await venues(for: request.searchRequest, favoritesOnly: request.favoritesOnly)
    }

    /// Places within `request.radiusMeters` of a route, in the order the route meets them
    /// unless `request.sort` says otherwise, each with `alongMeters` and `routeOffsetMeters`
    /// (measured on the WGS84 ellipsoid) and, from Google, the detour of stopping there.
    public func alongRoute(_ request: RouteSearchRequest) async throws -> [Venue] {
        guard let search = request.searchRequest else {
            throw PlacesError.invalidRequest(
                request.route.isEmpty ? .center : .radius,
                message: request.route.isEmpty ? "a route needs at least one point" : diagnostics.wording(.radiusNotPositive))
        }
        return try await venues(for: search, favoritesOnly: false)
    }

    /// One place, with at least `fields` filled where its provider knows them. The id must
    /// belong to one of this client's providers, which alone is asked.
    public func details(_ id: PlaceID, fields: Set<VenueField> = Set(VenueField.defaultSet)) async throws -> Venue {
        guard providerNames.contains(id.provider) else {
            let asked = providerNames.map(\.rawValue).joined(separator: ", ")
            throw PlacesError.invalidRequest(.placeID, message: "\(id) is a \(id.provider.rawValue) id; this client asks \(asked)")
        }
        var venue = try await lookUp(id, fields: fields)
        if fields.contains(.isFavorite), let ids = try favoriteIDs(required: false) {
            venue.isFavorite = venue.allIDs.contains(where: ids.contains)
        }
        return venue
    }

    /// A request's places, as `nearby` and `search` answer it: prepared, favorites read, fetched, refined.
    func venues(for request: SearchRequest, favoritesOnly: Bool) async throws -> [Venue] {
        let request = try prepare(request)
        let favorites = favoritesOnly || request.fields.fields.contains(.isFavorite) ? try favoriteIDs(required: favoritesOnly) : nil
        return try await venues(for: request, favorites: favorites, favoritesOnly: favoritesOnly)
    }

    /// The ids in the favorites store; nil without a store. A store that cannot be read is
    /// an error when the answer depends on it, else a note (and nothing is marked).
    private func favoriteIDs(required: Bool) throws -> Set<PlaceID>? {
        guard let favorites else {
            if required { throw PlacesError.configuration(message: "favorites only: this client has no favorites store") }
            return nil
        }
        do {
            return Set(try favorites.load().favorites.map(\.id))
        } catch let error as PlacesError where !required {
            diagnostics.warning("\(error.message) (no place is marked as a favorite)")
            return nil
        }
    }

    /// The first provider named twice, if any.
    static func repeatedProvider(_ names: [ProviderName]) -> ProviderName? {
        var seen = Set<ProviderName>()
        return names.first { !seen.insert($0).inserted }
    }
}
