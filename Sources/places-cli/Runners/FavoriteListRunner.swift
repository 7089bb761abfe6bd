import Foundation
import PlacesCore
import PlacesMap
import PlacesSupport

/// Runs `places favorite list`: the snapshots from the file, offline, as venues with
/// `isFavorite` true plus `addedAt`, `note` and `alias`; nearest first when given a
/// location, else oldest first.
enum FavoriteListRunner {
    static func run(_ options: FavoriteListOptions, context: RunContext) async throws -> String {
        var center: Coordinate?
        if let location = options.location {
            // Offline: a PLACE_ID must be a favorite (it is looked up in the snapshot first).
            let points = PointResolver(favorites: .favorites(in: context)) { id in
                throw PlacesError.notFound(
                    message:
                        "\(id) is not one of your favorites, and favorite list works offline; give --near a place name, @ALIAS or a favorite's id, or --at LAT,LON"
                )
            }
            center = try await LocationResolver.resolve(location, points: points, diagnostics: context.diagnostics)
        }
        let favorites = try FavoritesStore.located(in: context).load().favorites
        let byID = Dictionary(uniqueKeysWithValues: favorites.map { ($0.id, $0) })

        let byAge = favorites.sorted { a, b in
            a.addedDate != b.addedDate ? a.addedDate < b.addedDate : a.id < b.id
        }
        var venues = byAge.map(\.venue)
        if let center {
            venues = VenuePipeline.sorted(VenuePipeline.withDistances(venues, from: center), by: .distance, radius: nil)
        }
        if venues.isEmpty && options.format == .table {
            context.diagnostics.note("no favorites yet: add one with places favorite add PLACE_ID")
        }
        var renderOptions = RenderOptions(
            format: options.format, fields: options.fields.venue, terminal: context.terminal,
            hasCenter: center != nil, extraColumns: options.fields.extras.map { column($0, byID) })
        if options.format == .svg {
            venues = drawable(venues, context: context)
            renderOptions.map = try MapRenderer.make(options.map, providerOptions: nil, context: context)
            renderOptions.center = center
            renderOptions.mapTitle = "places: \(venues.count) \(venues.count == 1 ? "favorite" : "favorites")"
        }
        return try VenueRenderer.render(venues, options: renderOptions)
    }

    /// The favorites a map of our own may show: those of a provider whose terms forbid it
    /// (Google's) are left out, with a note counting them.
    private static func drawable(_ venues: [Venue], context: RunContext) -> [Venue] {
        let kept = venues.filter { MapContent.mayShow($0.provider) }
        let left = venues.count - kept.count
        if left > 0 {
            context.diagnostics.note(
                "\(left) \(left == 1 ? "favorite" : "favorites") from Google left off the map: Google's terms allow its places on Google's maps only (--format geojson lists them)"
            )
        }
        return kept
    }

    private static func column(_ extra: FavoriteFieldSelection.Extra, _ favorites: [PlaceID: Favorite]) -> ExtraColumn {
        switch extra {
        case .addedAt:
            return ExtraColumn(key: "addedAt", header: "ADDED", flexible: false) { .text(favorites[$0.id]?.addedAt) }
        case .note:
            return ExtraColumn(key: "note", header: "NOTE", flexible: true) { venue in
                .text(favorites[venue.id]?.note.map(TerminalText.sanitizedLine))
            }
        case .alias:
            return ExtraColumn(key: "alias", header: "ALIAS", flexible: false) { venue in
                .text(favorites[venue.id]?.alias.map(TerminalText.sanitizedLine))
            }
        }
    }
}
