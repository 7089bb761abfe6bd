import Foundation
import PlacesCore
import PlacesGazetteer

/// Turns `--near`, `--from` and `--to` into coordinates: a coordinate as is, a name through
/// the bundled gazetteer (with a note on stderr when the choice was not obvious), a PLACE_ID
/// from the favorites snapshot, else from its provider, and `@ALIAS` from the favorites.
struct PointResolver: Sendable {
    /// Nil: the bundled gazetteer, through the process's `NameMemo`.
    let gazetteer: Gazetteer?
    let favorites: FavoriteSnapshotLookup
    /// Looks a place up with the provider its id names (details), honouring `--data`.
    let lookUp: @Sendable (PlaceID) async throws -> Venue

    init(gazetteer: Gazetteer? = nil, favorites: FavoriteSnapshotLookup = .unwired,
                lookUp: @escaping @Sendable (PlaceID) async throws -> Venue) {
        self.gazetteer = gazetteer
        self.favorites = favorites
        self.lookUp = lookUp
    }

    /// `flag` (`--from`, `--to`) names the route end in notes and errors, so the user knows
    /// which end they are about; nil for a search centre (`--near`), whose notes need no prefix.
    func resolve(_ spec: PointSpec, flag: String?, diagnostics: Diagnostics) async throws -> RoutePoint {
        switch spec {
        case .coordinate(let coordinate):
            return RoutePoint(coordinate: coordinate)
        case .placeName(let name):
            let match = try gazetteer.map { try $0.resolve(name, point: flag, wording: diagnostics.wording) }
                ?? NameMemo.shared.match(name, point: flag, wording: diagnostics.wording)
            if let note = match.note(for: name) { diagnostics.note(flag.map { "\($0): \(note)" } ?? note) }
            return RoutePoint(coordinate: match.place.coordinate, name: match.place.name)
        case .placeID(let id):
            let venue: Venue
            if let saved = try favorites.venue(id) {
                venue = saved
            } else {
                venue = try await lookUp(id)
            }
            return RoutePoint(coordinate: venue.coordinate, name: venue.name, id: id)
        case .alias(let alias):
            let venue = try favorites.aliased(alias)
            return RoutePoint(coordinate: venue.coordinate, name: venue.name, id: venue.id)
        }
    }

    /// The resolver of this command line: favorites from the configured file, PLACE_IDs
    /// through the provider the id names (an `osm:` id reads `--data` / `$PLACES_OSM_DATA`
    /// when given). With `dataOnlyForOSM`, another provider's id ignores `--data` (a search
    /// centre: the extract is what is searched); without it, `--data` with such an id is 64.
    static func commandLine(providerOptions: ProviderOptions, network: NetworkOptions, context: RunContext,
                            dataOnlyForOSM: Bool = false) -> PointResolver {
        PointResolver(favorites: .favorites(in: context)) { id in
            var options = providerOptions
            if options.dataFile != nil && id.provider != .osm {
                guard dataOnlyForOSM else {
                    throw UsageError("--data reads an OpenStreetMap extract; \(id) is a \(id.provider.rawValue) id")
                }
                options.dataFile = nil
            }
            let client = try ProviderFactory.client(id.provider, options: options, network: network, context: context)
            return try await client.lookUp(id, fields: [.id, .name, .latitude, .longitude])
        }
    }
}
