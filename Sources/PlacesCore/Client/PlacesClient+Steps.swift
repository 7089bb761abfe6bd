import PlacesGeodesy
import PlacesModel
import PlacesProviderKit

/// The steps of a search, which the public calls compose and the CLI uses one by one (it
/// prints a dry run after fetching, instead of refining, and reads favorites its own way).
extension PlacesClient {
    /// Refuses what the request or a provider cannot do, before any request is made, and
    /// lowers a limit over a web provider's ceiling (with a note): the request to fetch.
    package func prepare(_ request: SearchRequest) throws -> SearchRequest {
        try request.validate(wording: diagnostics.wording)
        try Self.checkLimits(request, providers: providerNames, wording: diagnostics.wording)
        return ProviderLimits.capped(request, providers: providers, diagnostics: diagnostics)
    }

    /// Refuses a radius one of `providers` does not take. `prepare` does this; a caller that
    /// makes its providers only after (the CLI, whose making of them may fail or note) asks
    /// first, so that the request's fault is the one reported.
    package static func checkLimits(_ request: SearchRequest, providers: [ProviderName], wording: Wording) throws {
        for provider in providers {
            try ProviderLimits.check(request, provider: provider, wording: wording)
        }
    }

    /// A prepared request's places: fetched (only `favorites` with `favoritesOnly`, none
    /// when there are none), refined, and what the source knows beyond them said.
    package func venues(for request: SearchRequest, favorites: Set<PlaceID>?, favoritesOnly: Bool) async throws -> [Venue] {
        if favoritesOnly && (favorites ?? []).isEmpty { return [] }
        let answer = try await fetch(request, onlyIDs: favoritesOnly ? favorites : nil)
        return refine(answer, for: request, favorites: favorites, favoritesOnly: favoritesOnly)
    }

    /// The provider's answer to `request`, in its order; with `onlyIDs`, only those may be
    /// printed. With several providers: all of them at once, merged (`fetchMerged`).
    package func fetch(_ request: SearchRequest, onlyIDs: Set<PlaceID>?) async throws -> SearchAnswer {
        if isMerging { return SearchAnswer(venues: try await fetchMerged(request, onlyIDs: onlyIDs)) }
        var request = request
        request.onlyIDs = onlyIDs
        return try await providers[0].answer(request, diagnostics: diagnostics)
    }

    /// Marks favorites (keeping only them with `favoritesOnly`), then runs the pipeline:
    /// each place once, distance, radius, value filters, name filter, sort, limit. Its
    /// notes go to the diagnostics, then what an extract tells beyond its places.
    func refine(_ answer: SearchAnswer, for request: SearchRequest, favorites: Set<PlaceID>?, favoritesOnly: Bool) -> [Venue] {
        var venues = answer.venues
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
        if let coverage = answer.extract { note(coverage, of: request, shown: outcome.venues.count) }
        return outcome.venues
    }

    /// What an extract's answer tells beyond its places: a centre that no place of the
    /// extract can be near (a city it does not cover, latitude and longitude swapped), and
    /// how many places the limit left out, when the request wants that counted.
    func note(_ coverage: ExtractCoverage, of request: SearchRequest, shown: Int) {
        if request.notesCenterFarFromExtract, let center = request.center, let radius = request.radiusMeters,
            let extent = coverage.extent
        {
            let away = extent.metersOutside(from: center)
            if away > radius {
                let swapped = (try? Coordinate(latitude: center.longitude, longitude: center.latitude))
                    .flatMap { extent.metersOutside(from: $0) <= radius ? $0 : nil }
                diagnostics.note(
                    .centerFarFromExtract(
                        center: center, metersAway: away, radius: radius, source: coverage.source, extent: extent, swapped: swapped))
            }
        }
        if request.wantsTotalCount, !request.groupByCuisine, shown == request.limit, let total = coverage.totalMatching, total > shown {
            diagnostics.note(.moreMatching(shown: shown, total: total))
        }
    }

    /// One place from the provider its id names (the first provider, if the client has none
    /// of that name), as it answered.
    package func lookUp(_ id: PlaceID, fields: Set<VenueField>) async throws -> Venue {
        let provider = providers.first { $0.name == id.provider } ?? providers[0]
        var venue = try await provider.details(id, fields: fields, diagnostics: diagnostics)
        // Reviews asked of a provider that has none: an empty list, and a note saying why.
        if fields.contains(.reviews), !provider.name.profile.hasReviews {
            venue.reviews = []
            diagnostics.note(.noReviews(provider.name))
        }
        return venue
    }
}
