import Foundation
import PlacesHTTP
import PlacesModel

/// How one provider is made and what it can do, declared once in the provider's own target
/// (`GooglePlacesDescriptor.swift`, ...) and listed in PlacesCore's registry
/// (`ProviderDescriptor.all`): every list of providers (the CLI's help, completions, man page,
/// `providers`, selection) reads these. What the library knows of it without asking (its
/// name in messages, letter, id rules, tiers) is its `ProviderName`'s `profile`.
package struct ProviderDescriptor: Sendable {
    /// Also the prefix of its place ids (`osm:node/1`).
    package let name: ProviderName
    /// The web service it asks (for an extract-reading provider, when it has no extract).
    package let service: ServiceDescriptor
    /// Whether it needs an API key (a provider without one is always available).
    let needsKey: Bool
    /// Whether it can answer from a local extract instead of its service.
    package var readsExtracts = false
    /// The largest radius it accepts, in metres; nil for no limit.
    package let maxRadiusMeters: Double?
    /// Whether it predicts what is being typed (`PlacesClient.autocomplete`).
    package var autocompletion: Autocompletion = .none
    /// The web service its addresses come from online (reverse geocoding, typed addresses);
    /// nil for a provider with no geocoder.
    package var geocodingService: ServiceDescriptor?
    /// Makes its address geocoder for a configuration whose base URL is the geocoding
    /// service's (an extract's addresses when one is configured); nil for none.
    package var makeGeocoder: (@Sendable (ProviderConfiguration, HTTPClient) -> any AddressGeocoder)?
    /// Makes the provider for a configuration, over `http` (unused by an extract).
    package let make: @Sendable (ProviderConfiguration, HTTPClient) -> any PlaceProvider

    package init(
        name: ProviderName, service: ServiceDescriptor, needsKey: Bool, readsExtracts: Bool = false, maxRadiusMeters: Double?,
        autocompletion: Autocompletion = .none, geocodingService: ServiceDescriptor? = nil,
        makeGeocoder: (@Sendable (ProviderConfiguration, HTTPClient) -> any AddressGeocoder)? = nil,
        make: @escaping @Sendable (ProviderConfiguration, HTTPClient) -> any PlaceProvider
    ) {
        self.name = name
        self.service = service
        self.needsKey = needsKey
        self.readsExtracts = readsExtracts
        self.maxRadiusMeters = maxRadiusMeters
        self.autocompletion = autocompletion
        self.geocodingService = geocodingService
        self.makeGeocoder = makeGeocoder
        self.make = make
    }

    /// As users know it: "Google Places", "OpenStreetMap".
    package var displayName: String { name.profile.displayName }

    /// Where a provider's autocomplete comes from.
    package enum Autocompletion: Sendable, Equatable {
        /// Its web service predicts (Google, Foursquare).
        case service
        /// Only from a local extract, offline (OpenStreetMap: Overpass has no autocomplete).
        case extractOnly
        /// It cannot.
        case none
    }
}
