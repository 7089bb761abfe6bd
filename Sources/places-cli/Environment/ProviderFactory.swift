import Foundation
import PlacesCore
import PlacesOSMExtract
import PlacesProviderKit

/// Builds the `PlacesClient` a command asks: the providers as the environment configures them
/// (keys, `PLACES_*_URL`, `--data` / `$PLACES_OSM_DATA`, the index cache, `$PLACES_NOW`),
/// over the transport the network flags choose, speaking the CLI's words.
/// Which providers answer is decided before, in `ProviderSelection`.
enum ProviderFactory {
    static func client(
        _ name: ProviderName, options: ProviderOptions, network: NetworkOptions, context: RunContext,
        endedSessions: EndedSessionRecord? = nil
    ) throws -> PlacesClient {
        try client([name], options: options, network: network, context: context, endedSessions: endedSessions)
    }

    /// A client over `names` in this order; with more than one it merges their answers.
    /// `progress` hears how far reading an extract has got; `endedSessions` is the record of
    /// ended autocomplete sessions (`EndedSessions.record`) for a command that carries one on.
    static func client(
        _ names: [ProviderName], options: ProviderOptions, network: NetworkOptions, context: RunContext,
        progress: ExtractProgress.Handler? = nil, endedSessions: EndedSessionRecord? = nil
    ) throws -> PlacesClient {
        let providers = try names.map { try provider($0, options: options, network: network, context: context, progress: progress) }
        return PlacesClient(providers: providers, diagnostics: context.diagnostics, endedSessions: endedSessions)
    }

    /// `name`'s provider as its descriptor makes it from the environment: its key and base
    /// URL from `ServiceVariables`, an extract from `--data` / `$PLACES_OSM_DATA` for a
    /// provider that reads them.
    static func provider(
        _ name: ProviderName, options: ProviderOptions, network: NetworkOptions, context: RunContext,
        progress: ExtractProgress.Handler? = nil
    ) throws -> any PlaceProvider {
        let descriptor = name.descriptor
        let service = descriptor.service.service
        var configuration = ProviderConfiguration(
            baseURL: ServiceVariables.baseURL(service, context), locale: network.policy.locale, progress: progress)
        if let variable = ServiceVariables.key(service) {
            configuration.key = HTTPClientFactory.key(variable, for: network, context: context)
        }
        if descriptor.readsExtracts {
            // Its opening hours are judged at `$PLACES_NOW` (a bad value is 78 before anything
            // else is said); a web provider's clock is its client's, read when that is made.
            configuration.now = try ReferenceClock.override(context)
            if let path = try ProviderSelection.dataFile(options, context: context) {
                configuration.extract = ExtractSource(
                    path: path, indexDirectory: options.noCache ? nil : VenueIndexCache(environment: context.environment)?.directory)
            }
        }
        if name != .google { noteLocaleIgnored(name, network: network, context: context) }
        return descriptor.make(configuration, try HTTPClientFactory.make(network, service: service, context: context))
    }

    /// `name`'s address geocoder: the extract's addresses when `--data` / `$PLACES_OSM_DATA`
    /// gives one, else its geocoding service (Nominatim, Google's Geocoding API) as the
    /// environment configures it; nil for a provider with none (Foursquare).
    static func geocoder(
        _ name: ProviderName, options: ProviderOptions, network: NetworkOptions, context: RunContext
    ) throws -> (any AddressGeocoder)? {
        let descriptor = name.descriptor
        guard let make = descriptor.makeGeocoder, let service = descriptor.geocodingService?.service else { return nil }
        var configuration = ProviderConfiguration(baseURL: ServiceVariables.baseURL(service, context), locale: network.policy.locale)
        if let variable = ServiceVariables.key(service) {
            configuration.key = HTTPClientFactory.key(variable, for: network, context: context)
        }
        if descriptor.readsExtracts, let path = try ProviderSelection.dataFile(options, context: context) {
            configuration.extract = ExtractSource(
                path: path, indexDirectory: options.noCache ? nil : VenueIndexCache(environment: context.environment)?.directory)
        }
        return make(configuration, try HTTPClientFactory.make(network, service: service, context: context))
    }

    /// `--language` / `--region` are Google's: Foursquare documents no language or region
    /// parameter (providers.md §3.1) and OpenStreetMap names are as mapped, so they are not sent.
    private static func noteLocaleIgnored(_ name: ProviderName, network: NetworkOptions, context: RunContext) {
        let locale = network.policy.locale
        guard !locale.isEmpty else { return }
        let given = [locale.languageCode.map { "language \($0)" }, locale.regionCode.map { "region \($0)" }].compactMap { $0 }
        let why = name == .foursquare ? "Foursquare documents no language or region parameter" : "OpenStreetMap names are as mapped"
        context.diagnostics.note(
            "ignored \(given.joined(separator: " and ")) (--language, --region, $PLACES_LANGUAGE, $PLACES_REGION apply to Google only): \(why)"
        )
    }
}
