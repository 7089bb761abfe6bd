import Foundation
import PlacesCore
import PlacesHTTP

/// Runs `places favorite add` and `places favorite remove`. Both print nothing on
/// stdout and say what they did on stderr.
enum FavoriteRunner {
    /// Resolves the place through its provider (the one its id names) and stores a
    /// snapshot of it. Adding a favorite again refreshes the snapshot, keeps `addedAt`,
    /// and replaces the note and the alias only when given; with `--note` or `--alias` (and no
    /// `--fields`) it changes only those and fetches nothing, as no billed request is needed for
    /// that. An alias another favorite had moves to this one (a note says so). With `--dry-run`
    /// it prints the request, as
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
        if let existing, options.note != nil || options.alias != nil, options.extraFields == nil {
            return try changeLabels(of: existing, options: options, store: store, context: context)
        }
        let fields = snapshotFields(for: id.provider, extra: options.extraFields)

        let client = try ProviderFactory.client(id.provider, options: options.providerOptions, network: options.network, context: context)
        let venue: Venue
        switch try await DryRun.capture({ try await client.lookUp(id, fields: fields) }) {
        case .answered(let found):
            venue = found
        case .wouldSend(let request):
            return DryRunReport.text(for: request, more: "dry run: nothing was sent; the favorites were not changed")
        }
        if options.network.dryRun {
            return DryRunReport.offline(provider: id.provider) + "# dry run: the favorites were not changed\n"
        }

        let (previous, movedFrom) = try store.update { document -> (Favorite?, [Favorite]) in
            let movedFrom = takeAlias(options.alias, for: id, in: &document)
            if let index = document.favorites.firstIndex(where: { $0.id == id }) {
                let old = document.favorites[index]
                document.favorites[index].refresh(from: venue, note: options.note, alias: options.alias, fetched: fields)
                return (old, movedFrom)
            }
            document.favorites.append(Favorite(venue: venue, addedAt: now, note: options.note, alias: options.alias))
            return (nil, movedFrom)
        }
        noteMoves(movedFrom, alias: options.alias, to: id, context: context)
        let label = "\(id) (\(venue.name))"
        if let previous {
            context.diagnostics.note(
                "\(label) was already a favorite: refreshed its snapshot, kept its addedAt \(previous.addedAt), \(noteText(options.note, previous.note))\(aliasText(options.alias, previous.alias))"
            )
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

    /// A favorite already there with a new note or alias: they change under the lock, the
    /// snapshot stays as it is, nothing is fetched (nor billed).
    private static func changeLabels(
        of existing: Favorite, options: FavoriteAddOptions, store: FavoritesStore, context: RunContext
    ) throws -> String {
        let label = "\(existing.id) (\(existing.name))"
        if options.network.dryRun {
            return
                "# dry run: \(label) is a favorite: only its note or alias would change; nothing would be sent\n# dry run: the favorites were not changed\n"
        }
        let (previous, movedFrom) = try store.update { document -> (Favorite?, [Favorite]) in
            guard let index = document.favorites.firstIndex(where: { $0.id == existing.id }) else { return (nil, []) }
            let movedFrom = takeAlias(options.alias, for: existing.id, in: &document)
            let old = document.favorites[index]
            if let note = options.note { document.favorites[index].note = note.isEmpty ? nil : note }
            if let alias = options.alias { document.favorites[index].alias = alias.isEmpty ? nil : alias }
            return (old, movedFrom)
        }
        // Removed meanwhile by another command: nothing to change, and nothing re-added behind its back.
        guard let previous else {
            throw PlacesError.notFound(message: "\(existing.id) was removed from your favorites meanwhile; add it again to keep it")
        }
        noteMoves(movedFrom, alias: options.alias, to: existing.id, context: context)
        context.diagnostics.note(
            "\(label) was already a favorite: \(noteText(options.note, previous.note))\(aliasText(options.alias, previous.alias)); its snapshot was not refreshed (add it again without --note and --alias to refresh it)"
        )
        return ""
    }

    /// Takes `alias` off every other favorite that has it (an alias names one place); returns them.
    private static func takeAlias(_ alias: String?, for id: PlaceID, in document: inout FavoritesDocument) -> [Favorite] {
        guard let alias, !alias.isEmpty else { return [] }
        var movedFrom: [Favorite] = []
        for index in document.favorites.indices
        where document.favorites[index].id != id
            && document.favorites[index].alias.map(FavoriteAlias.key) == FavoriteAlias.key(alias)
        {
            movedFrom.append(document.favorites[index])
            document.favorites[index].alias = nil
        }
        return movedFrom
    }

    private static func noteMoves(_ movedFrom: [Favorite], alias: String?, to id: PlaceID, context: RunContext) {
        guard let alias else { return }
        for other in movedFrom {
            context.diagnostics.note("the alias @\(alias) moved from \(other.id) (\(other.name)) to \(id)")
        }
    }

    /// What happened to the note of a favorite added again, for the note on stderr.
    private static func noteText(_ given: String?, _ previous: String?) -> String {
        switch (given, previous) {
        case (nil, _): return "kept its note"
        case (""?, nil): return "it had no note"
        case (""?, _): return "cleared its note"
        case (_, nil): return "added the note"
        default: return "replaced its note"
        }
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
    static let snapshotFields: Set<VenueField> = [
        .id, .name, .latitude, .longitude, .address, .categories, .cuisines, .website, .phone, .mapsURL,
    ]

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
