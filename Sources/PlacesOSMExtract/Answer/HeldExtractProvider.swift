import Foundation
import PlacesModel

/// The `osm` provider of an extract file whose current index was opened once and is kept
/// (`OverpassFileProvider.heldOpen`): what a stream of questions on one extract asks
/// (`reverse -`), so that the extract, its index and its venue records are not opened,
/// mapped and checked again for each. It answers from the files as they were when held,
/// from any thread; a question the index cannot answer (every place, or texts the index
/// lacks), or an index found damaged, goes the usual way (which says so and rebuilds it).
struct HeldExtractProvider: PlaceProvider {
    let base: OverpassFileProvider
    let opened: OpenedExtractIndex

    var name: ProviderName { base.name }
    var answersOffline: Bool { true }

    func search(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> [Venue] {
        try base.extractAnswer(request, diagnostics: diagnostics, held: opened).venues
    }

    func answer(_ request: SearchRequest, diagnostics: Diagnostics) async throws -> SearchAnswer {
        try base.searchAnswer(request, diagnostics: diagnostics, held: opened)
    }

    func details(_ id: PlaceID, fields: Set<VenueField>, diagnostics: Diagnostics) async throws -> Venue {
        try await base.details(id, fields: fields, diagnostics: diagnostics)
    }
}
