import PlacesCore

/// `places providers`: which providers are configured and how, without ever showing a key.
struct ProvidersReport: Sendable {
    struct Entry: Sendable {
        let provider: ProviderName
        let configured: Bool
        let isDefault: Bool
        let endpoint: String
        let detail: String
    }

    let entries: [Entry]

    static func make(context: RunContext) -> ProvidersReport {
        let defaults = (try? ProviderSelection.choose(ProviderOptions(), context: context)) ?? []
        let google = context.value("GOOGLE_MAPS_API_KEY") != nil
        let foursquare = context.value("FOURSQUARE_API_KEY") != nil
        let data = context.value("PLACES_OSM_DATA")
        return ProvidersReport(entries: [
            Entry(provider: .google, configured: google, isDefault: defaults.contains(.google),
                  endpoint: Endpoints.googlePlaces(context),
                  detail: google ? "key from GOOGLE_MAPS_API_KEY" : "set GOOGLE_MAPS_API_KEY to use it"),
            Entry(provider: .foursquare, configured: foursquare, isDefault: defaults.contains(.foursquare),
                  endpoint: Endpoints.foursquare(context),
                  detail: foursquare ? "key from FOURSQUARE_API_KEY" : "set FOURSQUARE_API_KEY to use it"),
            Entry(provider: .osm, configured: true, isDefault: defaults.contains(.osm),
                  endpoint: data ?? Endpoints.overpass(context),
                  detail: data != nil ? "offline extract from PLACES_OSM_DATA" : "Overpass API, no key; or --data FILE offline"),
        ])
    }

    var table: String {
        var out = "PROVIDER    DEFAULT  CONFIGURED  ENDPOINT / DATA\n"
        for e in entries {
            out += e.provider.rawValue.padded(12) + (e.isDefault ? "*" : "").padded(9) + (e.configured ? "yes" : "no").padded(12)
                + TerminalText.sanitizedLine(Redaction.displayURL(e.endpoint)) + "  (" + e.detail + ")\n"
        }
        return out
    }

    var json: JSONValue {
        .array(entries.map { e in
            .object([("provider", .string(e.provider.rawValue)), ("default", .bool(e.isDefault)),
                     ("configured", .bool(e.configured)), ("endpoint", .string(Redaction.displayURL(e.endpoint))), ("detail", .string(e.detail))])
        })
    }
}

private extension String {
    func padded(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
