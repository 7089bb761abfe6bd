import Foundation
import PlacesCore

/// Runs `places favorite add` and `places favorite remove`. Both print nothing on
/// stdout and say what they did on stderr.
enum FavoriteRunner {
    /// Resolves the place through its provider (the one its id names) and stores a
    /// snapshot of it. Adding a favorite again refreshes the snapshot, keeps `addedAt`,
    /// and replaces the note and the alias only when given. An alias another favorite had
    /// moves to this one (a note says so). With `--dry-run` it prints the request, as
    /// `details --dry-run` does, and changes nothing.
    static func add(_ options: FavoriteAddOptions, context: RunContext, now: Date = Date()) async throws -> String {
        let id = options.id
        if options.providerOptions.dataFile != nil && id.provider != .osm {
            throw UsageError("--data reads an OpenStreetMap extract; \(id) is a \(id.provider.rawValue) id")
        }
        let store = try FavoritesStore.located(in: context)
        // A file that cannot be read or written fails now, before a (possibly billed) request
        // is made. A dry run only reads: the write check leaves a probe file for a moment.
        _ = try store.load()
        if !options.network.dryRun { try store.checkWritable() }

        let client = try ProviderFactory.client(id.provider, options: options.providerOptions, network: options.network, context: context)
        let venue: Venue
        do {
            venue = try await client.lookUp(id, fields: snapshotFields)
        } catch let capture as DryRunCapture {
            return DryRunReport.text(for: capture.request, more: "dry run: nothing was sent; the favorites were not changed")
        }
        if options.network.dryRun {
            return DryRunReport.offline(provider: id.provider) + "# dry run: the favorites were not changed\n"
        }

        let (previous, movedFrom) = try store.update { document -> (Favorite?, [Favorite]) in
            var movedFrom: [Favorite] = []
            if let alias = options.alias, !alias.isEmpty {
                for index in document.favorites.indices where document.favorites[index].id != id
                    && document.favorites[index].alias.map(FavoriteAlias.key) == FavoriteAlias.key(alias) {
                    movedFrom.append(document.favorites[index])
                    document.favorites[index].alias = nil
                }
            }
            if let index = document.favorites.firstIndex(where: { $0.id == id }) {
                let old = document.favorites[index]
                document.favorites[index].refresh(from: venue, note: options.note, alias: options.alias)
                return (old, movedFrom)
            }
            document.favorites.append(Favorite(venue: venue, addedAt: now, note: options.note, alias: options.alias))
            return (nil, movedFrom)
        }
        for other in movedFrom {
            context.diagnostics.note("the alias @\(options.alias!) moved from \(other.id) (\(other.name)) to \(id)")
        }
        let label = "\(id) (\(venue.name))"
        if let previous {
            let noteText: String
            switch (options.note, previous.note) {
            case (nil, _): noteText = "kept its note"
            case (""?, nil): noteText = "it had no note"
            case (""?, _): noteText = "cleared its note"
            case (_, nil): noteText = "added the note"
            default: noteText = "replaced its note"
            }
            context.diagnostics.note("\(label) was already a favorite: refreshed its snapshot, kept its addedAt \(previous.addedAt), \(noteText)\(aliasText(options.alias, previous.alias))")
        } else {
            let alias = options.alias.flatMap { $0.isEmpty ? nil : " as @\($0)" } ?? ""
            context.diagnostics.note("added \(label) to your favorites\(alias)")
        }
        return ""
    }

    /// Removes a favorite; one that is not in the list is not found (66). A missing file
    /// is not created.
    static func remove(_ id: PlaceID, context: RunContext) throws -> String {
        let store = try FavoritesStore.located(in: context)
        let notFound = PlacesError.notFound(message: "\(id) is not in your favorites (\(store.path)); see places favorite list")
        guard try store.load().favorite(id) != nil else { throw notFound }
        let removed = try store.update { document -> Favorite in
            guard let index = document.favorites.firstIndex(where: { $0.id == id }) else { throw notFound }
            return document.favorites.remove(at: index)
        }
        context.diagnostics.note("removed \(id) (\(removed.name)) from your favorites")
        return ""
    }

    /// What happened to the alias of a favorite added again, for the note.
    private static func aliasText(_ given: String?, _ previous: String?) -> String {
        switch (given, previous) {
        case (nil, nil): return ""
        case (nil, let old?): return ", kept its alias @\(old)"
        case (""?, nil): return ""
        case (""?, let old?): return ", removed its alias @\(old)"
        case (let new?, let old?) where FavoriteAlias.key(new) == FavoriteAlias.key(old): return ", kept its alias @\(new)"
        case (let new?, _): return ", set its alias @\(new)"
        }
    }

    /// What a snapshot keeps, so the provider fetches exactly that.
    static let snapshotFields: Set<VenueField> = [.id, .name, .latitude, .longitude, .address, .categories, .cuisines, .website, .phone, .mapsURL]
}
