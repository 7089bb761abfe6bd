import Foundation
import PlacesCore

/// Runs `places favorite list`: the snapshots from the file, offline, as venues with
/// `isFavorite` true plus `addedAt` and `note`; nearest first when given a location,
/// else oldest first.
enum FavoriteListRunner {
    static func run(_ options: FavoriteListOptions, context: RunContext) throws -> String {
        let center = try options.location.map { try LocationResolver.resolve($0, diagnostics: context.diagnostics) }
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
        let renderOptions = RenderOptions(format: options.format, fields: options.fields.venue, terminal: context.terminal,
                                          hasCenter: center != nil, extraColumns: options.fields.extras.map { column($0, byID) })
        return VenueRenderer.render(venues, options: renderOptions)
    }

    private static func column(_ extra: FavoriteFieldSelection.Extra, _ favorites: [PlaceID: Favorite]) -> ExtraColumn {
        switch extra {
        case .addedAt:
            return ExtraColumn(key: "addedAt", header: "ADDED", flexible: false) { .text(favorites[$0.id]?.addedAt) }
        case .note:
            return ExtraColumn(key: "note", header: "NOTE", flexible: true) { venue in
                .text(favorites[venue.id]?.note.map(TerminalText.sanitizedLine))
            }
        }
    }
}
