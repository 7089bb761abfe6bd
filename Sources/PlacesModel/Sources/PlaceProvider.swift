/// A source of places: turns a `SearchRequest` into its own requests (HTTP or a file)
/// and its answers into `Venue`s, in its own order. Everything provider-neutral —
/// distance, filters, sort, limit, grouping, rendering — happens after, once.
package protocol PlaceProvider: Sendable {
    var name: ProviderName { get }

    /// Venues for a nearby or text search, in the provider's order. A provider may
    /// return more than `request.limit` or places outside the circle; the pipeline trims.
    func search(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> [Venue]

    /// One place by id, with at least `fields` filled where the provider knows them.
    func details(_ id: PlaceID, fields: Set<VenueField>, diagnostics: Diagnostics) async throws -> Venue
}
