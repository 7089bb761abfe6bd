import PlacesModel
import PlacesProviderKit

/// As someone types: predictions from the first of the client's providers that can make
/// them, and the details call that ends an autocomplete session.
extension PlacesClient {
    /// The providers that can autocomplete: Google, Foursquare, and OpenStreetMap from an
    /// extract (offline).
    public static var autocompleteProviders: [ProviderName] {
        ProviderDescriptor.all.filter { $0.autocompletion != .none }.map(\.name)
    }

    /// Predictions for what is being typed, best first (nearest first offline, with a
    /// centre). With a `session`, the request belongs to it (Google and Foursquare then bill
    /// the session, not each keystroke); end it with `details(_:session:)`.
    ///
    /// Throws `PlacesError.invalidRequest` for input without a letter or digit, a session
    /// that has ended (here, or, with `Configuration.endedSessionsFile`, in an earlier run),
    /// or a provider that cannot autocomplete (OpenStreetMap's Overpass API: use an extract).
    public func autocomplete(_ request: AutocompleteRequest, session: AutocompleteSession? = nil) async throws -> [AutocompletePrediction] {
        try request.validate(wording: diagnostics.wording)
        let provider = try autocompleteProvider()
        var token: String?
        if let session {
            // Once, before the first request this object makes of a session it did not start.
            if session.isCarriedOn, session.requestCount == 0 {
                try endedSessions?.checkOrWarn(session.token, diagnostics: diagnostics)
            }
            _ = try session.beginRequest(wording: diagnostics.wording)
            token = session.token
            if provider.answersOffline { diagnostics.note(.sessionUnusedOffline) }
        }
        return try await provider.autocomplete(request, sessionToken: token, diagnostics: diagnostics)
    }

    /// The place a prediction names, as `details(_:fields:)` gives it, in the call that ends
    /// `session`: Google then bills the session's autocomplete requests as that session
    /// (free when `fields` reach Pro: see the README), not one by one. The session cannot be
    /// used again afterwards (nor, with `Configuration.endedSessionsFile`, its token in a
    /// later run).
    public func details(
        _ id: PlaceID, fields: Set<VenueField> = Set(VenueField.defaultSet),
        session: AutocompleteSession
    ) async throws -> Venue {
        try session.checkOpen(wording: diagnostics.wording)
        guard providerNames.contains(id.provider) else {
            let asked = providerNames.map(\.rawValue).joined(separator: ", ")
            throw PlacesError.invalidRequest(.placeID, message: "\(id) is a \(id.provider.rawValue) id; this client asks \(asked)")
        }
        let unchecked = session.isCarriedOn ? try endedSessions?.checkBeforeEnd(session.token, diagnostics: diagnostics) : nil
        let venue = try await details(id, fields: fields, endingSession: session)
        endedSessions?.recordEnd(session.token, unchecked: unchecked, diagnostics: diagnostics)
        return venue
    }

    /// The details call of `session`'s end, by the provider the id names when it bills by
    /// session (else a plain details call, which ends nothing there).
    private func details(_ id: PlaceID, fields: Set<VenueField>, endingSession session: AutocompleteSession) async throws -> Venue {
        let named = providers.first { $0.name == id.provider } ?? providers[0]
        guard let provider = named as? any AutocompleteProvider else { return try await details(id, fields: fields) }
        var venue = try await provider.details(id, fields: fields, sessionToken: session.token, diagnostics: diagnostics)
        session.end()
        if fields.contains(.isFavorite), let favorites, let ids = try? favorites.load().favorites.map(\.id) {
            venue.isFavorite = venue.allIDs.contains(where: Set(ids).contains)
        }
        return venue
    }

    /// The first provider of this client that can autocomplete; a client with none is refused
    /// (the CLI asks before it resolves a location or sends anything).
    package func autocompleteProvider() throws -> any AutocompleteProvider {
        for provider in providers {
            if let able = provider as? any AutocompleteProvider { return able }
        }
        throw PlacesError.invalidRequest(
            .query,
            message: diagnostics.wording(
                .autocompleteUnsupported(providers[0].name, supported: Self.autocompleteProviders)))
    }
}
