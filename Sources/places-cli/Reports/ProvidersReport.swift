import PlacesCore
import PlacesHTTP
import PlacesProviderKit
import PlacesSupport

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
        let data = context.value("PLACES_OSM_DATA")
        return ProvidersReport(
            entries: ProviderDescriptor.all.map { provider in
                let endpoint = ServiceVariables.baseURL(provider.service.service, context)
                guard let variable = ServiceVariables.key(provider.name) else {
                    let extract = provider.readsExtracts ? data : nil
                    return Entry(
                        provider: provider.name, configured: true, isDefault: defaults.contains(provider.name),
                        endpoint: extract ?? endpoint,
                        detail: extract != nil ? "offline extract from PLACES_OSM_DATA" : "Overpass API, no key; or --data FILE offline")
                }
                let configured = context.value(variable) != nil
                return Entry(
                    provider: provider.name, configured: configured, isDefault: defaults.contains(provider.name), endpoint: endpoint,
                    detail: configured ? "key from \(variable)" : "set \(variable) to use it")
            })
    }

    var table: String {
        var out = "PROVIDER    DEFAULT  CONFIGURED  ENDPOINT / DATA\n"
        for e in entries {
            out +=
                e.provider.rawValue.padded(12) + (e.isDefault ? "*" : "").padded(9) + (e.configured ? "yes" : "no").padded(12)
                + TerminalText.sanitizedLine(Redaction.displayURL(e.endpoint)) + "  (" + e.detail + ")\n"
        }
        return out
    }

    var json: JSONValue {
        .array(
            entries.map { e in
                .object([
                    ("provider", .string(e.provider.rawValue)), ("default", .bool(e.isDefault)),
                    ("configured", .bool(e.configured)), ("endpoint", .string(Redaction.displayURL(e.endpoint))),
                    ("detail", .string(e.detail)),
                ])
            })
    }
}

private extension String {
    func padded(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
