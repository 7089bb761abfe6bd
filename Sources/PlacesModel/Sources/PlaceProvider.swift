/// A source of places: turns a `SearchRequest` into its own requests (HTTP or a file)
/// and its answers into `Venue`s, in its own order. Everything provider-neutral —
/// distance, filters, sort, limit, grouping, rendering — happens after, once.
package protocol PlaceProvider: Sendable {
    var name: ProviderName { get }

    /// Whether it answers from a local file, sending nothing (an extract): it has no ceiling
    /// on the places asked for, bills nothing, and has nothing to show a dry run.
    var answersOffline: Bool { get }

    /// Venues for a nearby or text search, in the provider's order. A provider may
    /// return more than `request.limit` or places outside the circle; the pipeline trims.
    func search(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> [Venue]

    /// The venues of `search` with what the source knows about them beyond the list (an
    /// extract's coverage); by default the venues alone.
    func answer(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> SearchAnswer

    /// One place by id, with at least `fields` filled where the provider knows them.
    func details(_ id: PlaceID, fields: Set<VenueField>, diagnostics: Diagnostics) async throws -> Venue

    /// The same provider with the files it reads held open, for many questions in a row (a
    /// stream of points): the same answers, without opening and checking the files for each,
    /// from any thread. Nil, by default, when there is nothing to hold.
    func heldOpen(diagnostics: Diagnostics) throws -> (any PlaceProvider)?
}

extension PlaceProvider {
    package var answersOffline: Bool { false }

    package func heldOpen(diagnostics: Diagnostics) throws -> (any PlaceProvider)? { nil }

    package func answer(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> SearchAnswer {
        SearchAnswer(venues: try await search(request, diagnostics: diagnostics))
    }
}
