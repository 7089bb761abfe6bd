import Foundation
import PlacesCore
import PlacesGazetteer
import PlacesModel
import PlacesSupport

/// Turns `--near`, `--from` and `--to` into coordinates: a coordinate as is, a name through
/// the bundled gazetteer (with a note on stderr when the choice was not obvious), a PLACE_ID
/// from the favorites snapshot, else from its provider, and `@ALIAS` from the favorites.
struct PointResolver: Sendable {
    /// Nil: the bundled gazetteer, through the process's `NameMemo`.
    let gazetteer: Gazetteer?
    let favorites: FavoriteSnapshotLookup
    /// Looks a place up with the provider its id names (details), honouring `--data`.
    let lookUp: @Sendable (PlaceID) async throws -> Venue
    /// Finds a street address (`Simonkatu 7, Helsinki`) that is no gazetteer name: from the
    /// extract when one is given, else the provider's geocoder; nil where none is wired.
    let lookUpAddress: (@Sendable (String) async throws -> AddressLookup)?

    init(
        gazetteer: Gazetteer? = nil, favorites: FavoriteSnapshotLookup = .unwired,
        lookUpAddress: (@Sendable (String) async throws -> AddressLookup)? = nil,
        lookUp: @escaping @Sendable (PlaceID) async throws -> Venue
    ) {
        self.gazetteer = gazetteer
        self.favorites = favorites
        self.lookUpAddress = lookUpAddress
        self.lookUp = lookUp
    }

    /// `flag` (`--from`, `--to`) names the route end in notes and errors, so the user knows
    /// which end they are about; nil for a search centre (`--near`), whose notes need no prefix.
    func resolve(_ spec: PointSpec, flag: String?, diagnostics: Diagnostics) async throws -> RoutePoint {
        switch spec {
        case .coordinate(let coordinate):
            return RoutePoint(coordinate: coordinate)
        case .placeName(let name):
            let match: Gazetteer.Match
            do {
                match =
                    try gazetteer.map { try $0.resolve(name, point: flag, wording: diagnostics.wording) }
                    ?? NameMemo.shared.match(name, point: flag, wording: diagnostics.wording)
            } catch let error as PlacesError {
                // A city name goes to the gazetteer first; a street address it does not know
                // goes to the extract or the provider's geocoder.
                guard case .notFound = error, let lookUpAddress, AddressQuery.looksLikeAddress(name) else { throw error }
                let found = try await lookUpAddress(name)
                if let note = found.note { diagnostics.note(flag.map { "\($0): \(note)" } ?? note) }
                return RoutePoint(coordinate: found.match.coordinate, name: found.match.address.formatted ?? name)
            }
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
    static func commandLine(
        providerOptions: ProviderOptions, network: NetworkOptions, context: RunContext,
        dataOnlyForOSM: Bool = false
    ) -> PointResolver {
        PointResolver(
            favorites: .favorites(in: context, replaying: network.replayDirectory != nil),
            lookUpAddress: { text in
                try await addressLookUp(text, providerOptions: providerOptions, network: network, context: context)
            },
            lookUp: { id in
                var options = providerOptions
                if options.dataFile != nil && id.provider != .osm {
                    guard dataOnlyForOSM else {
                        throw UsageError("--data reads an OpenStreetMap extract; \(id) is a \(id.provider.rawValue) id")
                    }
                    options.dataFile = nil
                }
                let client = try ProviderFactory.client(id.provider, options: options, network: network, context: context)
                return try await client.lookUp(id, fields: [.id, .name, .latitude, .longitude])
            })
    }

    /// A street address through the provider that answers this command line: `--data` /
    /// `$PLACES_OSM_DATA` offline, else osm's Nominatim or Google's Geocoding API.
    static func addressLookUp(
        _ text: String, providerOptions: ProviderOptions, network: NetworkOptions,
        context: RunContext
    ) async throws -> AddressLookup {
        let chosen = try ProviderSelection.choose(providerOptions, network: network, context: context)
        // With several providers, the first that has a geocoder.
        guard let name = chosen.first(where: { $0.descriptor.makeGeocoder != nil }),
            let geocoder = try ProviderFactory.geocoder(name, options: providerOptions, network: network, context: context)
        else {
            throw UsageError(
                "'\(TerminalText.sanitizedLine(text))' looks like a street address, which \(chosen.map { $0.descriptor.displayName }.joined(separator: ", ")) cannot look up: use --provider osm (with --data FILE offline, else Nominatim) or --provider google, or give --at LAT,LON"
            )
        }
        let provider = try ProviderFactory.provider(name, options: providerOptions, network: network, context: context)
        return try await PlacesClient(provider: provider, diagnostics: context.diagnostics, geocoder: geocoder).lookUpAddress(text)
    }
}
