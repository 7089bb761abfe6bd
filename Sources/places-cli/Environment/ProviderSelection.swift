import PlacesCore

/// Decides which provider answers, from `--provider`, `$PLACES_PROVIDER` and the keys present.
///
/// Order: the flag; `$PLACES_PROVIDER`; `--data` implies osm; `google` when
/// `GOOGLE_MAPS_API_KEY` is set; `foursquare` when `FOURSQUARE_API_KEY` is set; else `osm`.
/// Under `--replay` the keys do not count (a replay needs none): the provider is the one
/// the directory holds exchanges of (see `replayed`).
enum ProviderSelection {
    static func choose(_ options: ProviderOptions, network: NetworkOptions? = nil, context: RunContext) throws -> ProviderName {
        let chosen: ProviderName
        if let flag = options.provider {
            chosen = flag
        } else if let env = context.value("PLACES_PROVIDER") {
            guard let name = ProviderName(argument: env) else {
                throw PlacesError.configuration(message: "PLACES_PROVIDER='\(env)' is not a provider: set it to one of \(ProviderName.allNames), or unset it")
            }
            chosen = name
        } else if options.dataFile != nil {
            chosen = .osm
        } else if let network, network.replays, let replayed = try replayed(from: network) {
            chosen = replayed
        } else if context.value("GOOGLE_MAPS_API_KEY") != nil {
            chosen = .google
        } else if context.value("FOURSQUARE_API_KEY") != nil {
            chosen = .foursquare
        } else {
            chosen = .osm
        }
        if options.dataFile != nil && chosen != .osm {
            throw UsageError("--data reads an OpenStreetMap extract and works only with --provider osm (the provider here is \(chosen.rawValue))")
        }
        return chosen
    }

    /// The provider a replay directory holds exchanges of, when it holds one provider's. Nil
    /// in the missing-only mode when it holds none yet (the keys decide, as when recording);
    /// otherwise none or several is an error saying to pass `--provider`.
    static func replayed(from network: NetworkOptions) throws -> ProviderName? {
        guard let directory = network.replayDirectory else { return nil }
        let cassettes = CassetteDirectory(directory)
        try cassettes.requireExisting()
        // Each provider records under the folder of its own name (`google`, `foursquare`, `osm`).
        let held = ProviderName.allCases.filter { !cassettes.entries(service: $0.rawValue).isEmpty }
        if held.count == 1 { return held[0] }
        if held.isEmpty && network.recordsMissing { return nil }
        let what = held.isEmpty ? "no recorded exchange of any provider" : "exchanges of \(held.map(\.rawValue).joined(separator: ", "))"
        throw UsageError("--replay \(directory) holds \(what), so it cannot tell which provider to replay: pass --provider NAME (\(ProviderName.allNames))")
    }

    /// The offline extract for osm: `--data`, else `$PLACES_OSM_DATA`, else nil (ask Overpass).
    static func dataFile(_ options: ProviderOptions, context: RunContext) -> String? {
        options.dataFile ?? context.value("PLACES_OSM_DATA")
    }
}
