import Foundation
import PlacesCore

/// Runs `places favorite add` and `places favorite remove`. Both print nothing on
/// stdout and say what they did on stderr.
enum FavoriteRunner {
    /// Resolves the place through its provider (the one its id names) and stores a
    /// snapshot of it. Adding a favorite again refreshes the snapshot and keeps `addedAt`;
    /// with `--note` (and no `--fields`) it changes only the note and fetches nothing, as no
    /// billed request is needed for that. With `--dry-run` it prints the request, as
    /// `details --dry-run` does, and changes nothing.
    static func add(_ options: FavoriteAddOptions, context: RunContext, now: Date = Date()) async throws -> String {
        let id = options.id
        if options.providerOptions.dataFile != nil && id.provider != .osm {
            throw UsageError("--data reads an OpenStreetMap extract; \(id) is a \(id.provider.rawValue) id")
        }
        let store = try FavoritesStore.located(in: context)
        // A file that cannot be read or written fails now, before a (possibly billed) request
        // is made. A dry run only reads: the write check leaves a probe file for a moment.
        let existing = try store.load().favorite(id)
        if !options.network.dryRun { try store.checkWritable() }
        if let existing, let note = options.note, options.extraFields == nil {
            return try changeNote(of: existing, to: note, store: store, dryRun: options.network.dryRun, context: context)
        }
        let fields = snapshotFields(for: id.provider, extra: options.extraFields)

        var providerOptions = options.providerOptions
        providerOptions.provider = id.provider
        let client = try ProviderFactory.client(id.provider, options: providerOptions, network: options.network, context: context)
        let venue: Venue
        do {
            venue = try await client.lookUp(id, fields: fields)
        } catch let capture as DryRunCapture {
            return DryRunReport.text(for: capture.request, more: "dry run: nothing was sent; the favorites were not changed")
        }
        if options.network.dryRun {
            return DryRunReport.offline(provider: id.provider) + "# dry run: the favorites were not changed\n"
        }

        let previous = try store.update { document -> Favorite? in
            if let index = document.favorites.firstIndex(where: { $0.id == id }) {
                let old = document.favorites[index]
                document.favorites[index].refresh(from: venue, note: options.note, fetched: fields)
                return old
            }
            document.favorites.append(Favorite(venue: venue, addedAt: now, note: options.note))
            return nil
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
            context.diagnostics.note("\(label) was already a favorite: refreshed its snapshot, kept its addedAt \(previous.addedAt), \(noteText)")
        } else {
            context.diagnostics.note("added \(label) to your favorites")
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

    /// A favorite already there with a new note: the note changes under the lock, the
    /// snapshot stays as it is, nothing is fetched (nor billed).
    private static func changeNote(of existing: Favorite, to note: String, store: FavoritesStore, dryRun: Bool, context: RunContext) throws -> String {
        let label = "\(existing.id) (\(existing.name))"
        if dryRun {
            return "# dry run: \(label) is a favorite: only its note would change; nothing would be sent\n# dry run: the favorites were not changed\n"
        }
        let previous = try store.update { document -> Favorite? in
            guard let index = document.favorites.firstIndex(where: { $0.id == existing.id }) else { return nil }
            let old = document.favorites[index]
            document.favorites[index].note = note.isEmpty ? nil : note
            return old
        }
        // Removed meanwhile by another command: nothing to change, and nothing re-added behind its back.
        guard let previous else {
            throw PlacesError.notFound(message: "\(existing.id) was removed from your favorites meanwhile; add it again to keep it")
        }
        let what: String
        switch (note, previous.note) {
        case ("", nil): what = "it had no note"
        case ("", _): what = "cleared its note"
        case (_, nil): what = "added the note"
        default: what = "replaced its note"
        }
        context.diagnostics.note("\(label) was already a favorite: \(what); its snapshot was not refreshed (add it again without --note to refresh it)")
        return ""
    }

    /// What a snapshot keeps, so the provider fetches exactly that.
    static let snapshotFields: Set<VenueField> = [.id, .name, .latitude, .longitude, .address, .categories, .cuisines, .website, .phone, .mapsURL]

    /// The snapshot of a place at `provider`: everything `snapshotFields` names, except that
    /// Google bills phone and website as Enterprise, so they are fetched from Google only when
    /// `--fields` asks (the rest is Place Details Pro). Foursquare's are Pro fields; OSM bills nothing.
    static func snapshotFields(for provider: ProviderName, extra: Set<VenueField>?) -> Set<VenueField> {
        var fields = snapshotFields
        if provider == .google { fields.subtract([.phone, .website]) }
        // Only what a snapshot keeps: asking for a rating would raise the bill for nothing stored.
        return fields.union((extra ?? []).intersection(snapshotFields))
    }
}
