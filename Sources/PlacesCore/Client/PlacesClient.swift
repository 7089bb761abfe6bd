import Foundation

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
public struct PlacesClient: Sendable {
    let provider: any PlaceProvider
    let diagnostics: Diagnostics
    let favorites: FavoritesStore?

    /// A client for `source`, reaching the web through one shared `URLSession`.
    public init(source: Source, configuration: Configuration = Configuration()) {
        let notes = configuration.notes
        let diagnostics = Diagnostics { _, message in notes?(message) }
        let http = HTTPClient(
            transport: URLSessionTransport(), timeout: configuration.timeout,
            policy: RetryPolicy(retries: configuration.retries), diagnostics: diagnostics)
        let spec = ProviderSpec(source, baseURL: configuration.baseURL)
        self.init(
            provider: spec.makeProvider(http: http, now: configuration.now), diagnostics: diagnostics,
            favorites: configuration.favorites)
    }

    /// A client around a provider the caller built (the CLI, with its own transport and words).
    package init(provider: any PlaceProvider, diagnostics: Diagnostics, favorites: FavoritesStore? = nil) {
        self.provider = provider
        self.diagnostics = diagnostics
        self.favorites = favorites
    }

    /// The provider this client asks.
    public var providerName: ProviderName { provider.name }

    /// Places around a centre, nearest first unless `request.sort` says otherwise.
    public func nearby(_ request: NearbyRequest) async throws -> [Venue] {
        try await venues(for: request.searchRequest, favoritesOnly: request.favoritesOnly)
    }

    /// Places matching free text, optionally around a centre (a hard limit with a radius,
    /// a bias without one), in the provider's order of relevance unless `request.sort` says otherwise.
    public func search(_ request: TextSearchRequest) async throws -> [Venue] {
        try await venues(for: request.searchRequest, favoritesOnly: request.favoritesOnly)
    }

    /// One place, with at least `fields` filled where its provider knows them. The id must
    /// belong to this client's provider.
    public func details(_ id: PlaceID, fields: Set<VenueField> = Set(VenueField.defaultSet)) async throws -> Venue {
        guard id.provider == provider.name else {
            throw PlacesError.invalidRequest(
                .placeID, message: "\(id) is a \(id.provider.rawValue) id; this client asks \(provider.name.rawValue)")
        }
        var venue = try await lookUp(id, fields: fields)
        if fields.contains(.isFavorite), let ids = try favoriteIDs(required: false) {
            venue.isFavorite = ids.contains(venue.id)
        }
        return venue
    }

    private func venues(for request: SearchRequest, favoritesOnly: Bool) async throws -> [Venue] {
        try check(request)
        let favorites = favoritesOnly || request.fields.fields.contains(.isFavorite) ? try favoriteIDs(required: favoritesOnly) : nil
        if favoritesOnly && (favorites ?? []).isEmpty { return [] }
        let found = try await fetch(request, onlyIDs: favoritesOnly ? favorites : nil)
        return refine(found, for: request, favorites: favorites, favoritesOnly: favoritesOnly)
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
}
