import Foundation

/// Everything PlacesCore knows about one provider besides its wire, declared once in the
/// provider's folder (`Google/GooglePlacesDescriptor.swift`, ...): every list of providers
/// (the CLI's help, completions, man page, `providers`, selection, messages) reads these.
///
/// Adding a provider is a folder with its `PlaceProvider`, a case of `ProviderName`, and
/// its descriptor here in `ProviderName.descriptor`.
package struct ProviderDescriptor: Sendable {
    /// Also the prefix of its place ids (`osm:node/1`).
    package let name: ProviderName
    /// As users know it: "Google Places", "OpenStreetMap".
    package let displayName: String
    /// One letter, where a table shows which providers had a place (`O G F`).
    package let letter: Character
    /// The web service it asks (for an extract-reading provider, when it has no extract).
    package let service: ServiceDescriptor
    /// Whether it needs an API key (a provider without one is always available).
    package let needsKey: Bool
    /// Whether it can answer from a local extract instead of its service.
    package var readsExtracts = false
    /// Whether its places carry ratings.
    package var hasRatings = true
    /// The largest radius it accepts, in metres; nil for no limit.
    package let maxRadiusMeters: Double?
    /// Its billing tiers, cheapest first; nil for a provider that does not bill by tier.
    package let tiers: [TierLadder.Rung]?
    /// Why `raw` (what follows `name:` in `text`) is not one of its place ids; nil when it is.
    package var idProblem: @Sendable (_ provider: ProviderName, _ text: String, _ raw: String) -> String? = ProviderDescriptor.opaqueIDProblem
    /// A place as a "no such place" message names it: "place google:X", "node/1".
    package var placeNoun: @Sendable (PlaceID) -> String = { "place \($0)" }
    /// The provider's own page for a place id, where there is one without asking.
    package var placePage: @Sendable (_ rawID: String) -> String? = { _ in nil }
    /// Whether it predicts what is being typed (`PlacesClient.autocomplete`).
    package var autocompletion: Autocompletion = .none
    /// Makes the provider for a configuration, over `http` (unused by an extract).
    package let make: @Sendable (ProviderConfiguration, HTTPClient) -> any PlaceProvider

    /// Opaque ids travel in URL paths: anything that could escape one is refused.
    package static let opaqueIDProblem: @Sendable (ProviderName, String, String) -> String? = { provider, text, raw in
        let allowed = raw.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
        return allowed ? nil : "'\(text)' is not a valid \(provider.rawValue) place id: only letters, digits, '_' and '-' are allowed"
    }

    /// Where a provider's autocomplete comes from.
    package enum Autocompletion: Sendable, Equatable {
        /// Its web service predicts (Google, Foursquare).
        case service
        /// Only from a local extract, offline (OpenStreetMap: Overpass has no autocomplete).
        case extractOnly
        /// It cannot.
        case none
    }

    /// The one registry of providers, in `ProviderName` order (the order of the default
    /// choice): each declared in its folder.
    package static let all: [ProviderDescriptor] = [.google, .foursquare, .osm]
}

extension ProviderName {
    /// This provider's descriptor, from the registry (`ProviderDescriptor.all`, which a test
    /// checks holds each name once).
    package var descriptor: ProviderDescriptor {
        // Unwrap justified: the registry holds every case (ProviderDescriptorTests).
        ProviderDescriptor.all.first { $0.name == self }!
    }
}

/// How one provider is configured: what an app's `PlacesClient.Source` or the CLI's
/// environment and flags give it.
package struct ProviderConfiguration: Sendable {
    /// The API key; nil when none was given (a provider that needs one says so when asked).
    package var key: String?
    /// The service's base URL as given (it may not even parse: that is reported when a
    /// request is made); nil for the service's default.
    package var baseURL: String?
    /// How Google should word and format its answers.
    package var locale: GoogleLocale
    /// A local extract to answer from instead of the service (`readsExtracts` providers).
    package var extract: ExtractSource?
    /// The instant "open now" means where the provider evaluates opening hours; nil for now.
    package var now: Date?

    package init(key: String? = nil, baseURL: String? = nil, locale: GoogleLocale = GoogleLocale(), extract: ExtractSource? = nil,
                 now: Date? = nil) {
        self.key = key
        self.baseURL = baseURL
        self.locale = locale
        self.extract = extract
        self.now = now
    }

    /// The base URL to use for `service`: the one given, else its default.
    package func baseURL(_ service: ServiceDescriptor) -> String { baseURL ?? service.defaultBaseURL }
}

/// A local extract file, and where the spatial index of it is kept (nil: none, read whole each time).
package struct ExtractSource: Sendable {
    package var path: String
    package var cache: VenueIndexCache?

    package init(path: String, cache: VenueIndexCache?) {
        self.path = path
        self.cache = cache
    }
}
