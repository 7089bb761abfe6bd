/// `places providers`: which providers are configured and how, without ever showing a key.
public struct ProvidersReport: Sendable {
    public struct Entry: Sendable {
        public let provider: ProviderName
        public let configured: Bool
        public let isDefault: Bool
        public let endpoint: String
        public let detail: String
    }

    public let entries: [Entry]

    public static func make(context: RunContext) -> ProvidersReport {
        let defaultProvider = try? ProviderSelection.choose(ProviderOptions(), context: context)
        let google = context.value("GOOGLE_MAPS_API_KEY") != nil
        let foursquare = context.value("FOURSQUARE_API_KEY") != nil
        let data = context.value("PLACES_OSM_DATA")
        return ProvidersReport(entries: [
            Entry(provider: .google, configured: google, isDefault: defaultProvider == .google,
                  endpoint: Endpoints.googlePlaces(context),
                  detail: google ? "key from GOOGLE_MAPS_API_KEY" : "set GOOGLE_MAPS_API_KEY to use it"),
            Entry(provider: .foursquare, configured: foursquare, isDefault: defaultProvider == .foursquare,
                  endpoint: Endpoints.foursquare(context),
                  detail: foursquare ? "key from FOURSQUARE_API_KEY" : "set FOURSQUARE_API_KEY to use it"),
            Entry(provider: .osm, configured: true, isDefault: defaultProvider == .osm,
                  endpoint: data ?? Endpoints.overpass(context),
                  detail: data != nil ? "offline extract from PLACES_OSM_DATA" : "Overpass API, no key; or --data FILE offline"),
        ])
    }

    public var table: String {
        var out = "PROVIDER    DEFAULT  CONFIGURED  ENDPOINT / DATA\n"
        for e in entries {
            out += e.provider.rawValue.padded(12) + (e.isDefault ? "*" : "").padded(9) + (e.configured ? "yes" : "no").padded(12)
                + TerminalText.sanitizedLine(Redaction.displayURL(e.endpoint)) + "  (" + e.detail + ")\n"
        }
        return out
    }

    public var json: JSONValue {
        .array(entries.map { e in
            .object([("provider", .string(e.provider.rawValue)), ("default", .bool(e.isDefault)),
                     ("configured", .bool(e.configured)), ("endpoint", .string(Redaction.displayURL(e.endpoint))), ("detail", .string(e.detail))])
        })
    }
}

private extension String {
    func padded(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
