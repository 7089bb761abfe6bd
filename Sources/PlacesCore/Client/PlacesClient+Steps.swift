import PlacesModel
import PlacesProviderKit

/// The steps of a search, which the public calls compose and the CLI uses one by one (it
/// prints a dry run between fetching and refining, and reads favorites its own way).
extension PlacesClient {
    /// Refuses what the request or the provider cannot do, before any request is made.
    func check(_ request: SearchRequest) throws {
        try request.validate(wording: diagnostics.wording)
        for provider in providers {
            try ProviderLimits.check(request, provider: provider.name, wording: diagnostics.wording)
        }
    }

    /// The provider's venues for `request`, in its order; with `onlyIDs`, only those may be
    /// printed. With several providers: all of them at once, merged (`fetchMerged`).
    package func fetch(_ request: SearchRequest, onlyIDs: Set<PlaceID>?) async throws -> [Venue] {
        if isMerging { return try await fetchMerged(request, onlyIDs: onlyIDs) }
        var request = request
        request.onlyIDs = onlyIDs
        return try await providers[0].search(request, diagnostics: diagnostics)
    }

    /// Marks favorites (keeping only them with `favoritesOnly`), then runs the pipeline:
    /// each place once, distance, radius, value filters, name filter, sort, limit. Its
    /// notes go to the diagnostics.
    package func refine(_ found: [Venue], for request: SearchRequest, favorites: Set<PlaceID>?, favoritesOnly: Bool) -> [Venue] {
        var venues = found
        // Before the pipeline, so that the limit counts favorites only.
        if let favorites {
            venues = venues.map { venue in
                var marked = venue
                // A merged place is a favorite under any of its providers' ids.
                marked.isFavorite = venue.allIDs.contains(where: favorites.contains)
                return marked
            }
            if favoritesOnly { venues = venues.filter(\.isFavorite) }
        }
        let outcome = VenuePipeline.run(venues, for: request, provider: isMerging ? nil : providers[0].name, wording: diagnostics.wording)
        for note in outcome.notes { diagnostics.note(note) }
        return outcome.venues
    }

    /// One place from the provider its id names (the first provider, if the client has none
    /// of that name), as it answered.
    package func lookUp(_ id: PlaceID, fields: Set<VenueField>) async throws -> Venue {
        let provider = providers.first { $0.name == id.provider } ?? providers[0]
        return try await provider.details(id, fields: fields, diagnostics: diagnostics)
    }
}
