import Foundation
import PlacesCore
import PlacesGazetteer

/// Turns `--from` / `--to` into coordinates: a coordinate as is, a name through the bundled
/// gazetteer (with a note on stderr when the choice was not obvious, as for `--near`), a
/// PLACE_ID from the favorites snapshot, else from its provider.
struct PointResolver: Sendable {
    let gazetteer: Gazetteer
    let favorites: FavoriteSnapshotLookup
    /// Looks a place up with the provider its id names (details), honouring `--data`.
    let lookUp: @Sendable (PlaceID) async throws -> Venue

    init(gazetteer: Gazetteer = .bundled, favorites: FavoriteSnapshotLookup = .unwired,
                lookUp: @escaping @Sendable (PlaceID) async throws -> Venue) {
        self.gazetteer = gazetteer
        self.favorites = favorites
        self.lookUp = lookUp
    }

    /// `flag` (`--from`, `--to`) prefixes notes so the user knows which end they are about.
    func resolve(_ spec: PointSpec, flag: String, diagnostics: Diagnostics) async throws -> RoutePoint {
        switch spec {
        case .coordinate(let coordinate):
            return RoutePoint(coordinate: coordinate)
        case .placeName(let name):
            let match = try gazetteer.resolve(name, point: flag, wording: diagnostics.wording)
            if let note = match.note(for: name) { diagnostics.note("\(flag): \(note)") }
            return RoutePoint(coordinate: match.place.coordinate, name: match.place.name)
        case .placeID(let id):
            let venue: Venue
            if let saved = try favorites.venue(id) {
                venue = saved
            } else {
                venue = try await lookUp(id)
            }
            return RoutePoint(coordinate: venue.coordinate, name: venue.name, id: id)
        }
    }
}
