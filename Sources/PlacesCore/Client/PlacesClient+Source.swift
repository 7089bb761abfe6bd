import Foundation
import PlacesFoursquare
import PlacesGoogle
import PlacesHTTP
import PlacesModel
import PlacesOSM
import PlacesProviderKit

extension PlacesClient {
    /// Where places come from.
    public enum Source: Sendable, Hashable {
        /// Google Places API (New), with a key from the Google Cloud console.
        case google(apiKey: String)
        /// Foursquare Places, with a Service API Key from the Foursquare Developer Console.
        case foursquare(apiKey: String)
        /// OpenStreetMap through an Overpass API endpoint (no key); nil for the public one.
        case overpass(endpoint: URL? = nil)
        /// OpenStreetMap from a local Overpass-JSON extract, with no network at all. With an
        /// index directory, the first query writes a spatial index of the file there and later
        /// queries read only what they need; without one, each query reads the whole file.
        case extract(URL, indexDirectory: URL? = nil)
    }

    /// How a client reaches its source, and what it tells you along the way.
    public struct Configuration: Sendable {
        /// Seconds each attempt may take.
        public var timeout: TimeInterval
        /// Attempts after the first for a rate limit, a 5xx or a timeout (with backoff, honouring `Retry-After`).
        public var retries: Int
        /// Replaces the web service's base URL (a proxy, a mirror, a test server); not for `.overpass`,
        /// whose endpoint is part of the source, nor `.extract`.
        public var baseURL: URL?
        /// Marks `isFavorite`, and answers `favoritesOnly` requests.
        public var favorites: FavoritesStore?
        /// The instant "open now" means for OpenStreetMap places (whose hours are evaluated
        /// here); nil for the system clock. The web providers answer by their own clocks.
        public var now: Date?
        /// Notes and warnings worth showing a person (a provider's cap on results, a place skipped for bad data).
        public var notes: (@Sendable (String) -> Void)?
        /// A file where the client records the autocomplete sessions `details(_:fields:session:)`
        /// ended, and by which it refuses a session carried on by such a token
        /// (`AutocompleteSession(token:)`) in a later run: a reused token bills every request
        /// on its own. It keeps the newest 500 tokens, and may be shared by several processes.
        /// A file that cannot be used is a warning to `notes`. nil: only the session objects
        /// of this run know which sessions ended.
        public var endedSessionsFile: URL?
        /// Where `photo` fetches Wikimedia Commons files (an OpenStreetMap place's
        /// `wikimedia_commons` tag); nil for the public site, https://commons.wikimedia.org.
        public var wikimediaCommonsURL: URL?

        public init(
            timeout: TimeInterval = 10, retries: Int = 2, baseURL: URL? = nil, favorites: FavoritesStore? = nil,
            now: Date? = nil, notes: (@Sendable (String) -> Void)? = nil, endedSessionsFile: URL? = nil
        ) {
            self.timeout = timeout
            self.retries = retries
            self.baseURL = baseURL
            self.favorites = favorites
            self.now = now
            self.notes = notes
            self.endedSessionsFile = endedSessionsFile
        }

        /// The record `endedSessionsFile` names.
        var endedSessionRecord: EndedSessionRecord? {
            endedSessionsFile.map { EndedSessionRecord(.file(EndedSessionFile(path: $0.path))) }
        }
    }
}

extension PlacesClient.Source {
    /// The provider this source is, its configuration with `baseURL` (a web service's base
    /// URL; not for `.overpass`, whose endpoint is part of the source), and how it may be
    /// shown (never the key).
    func parts(baseURL: URL? = nil) -> (provider: ProviderName, configuration: ProviderConfiguration, shown: String) {
        let base = baseURL?.absoluteString
        switch self {
        case .google(let key):
            return (.google, ProviderConfiguration(key: key, baseURL: base), "google(apiKey: \(Redaction.placeholder))")
        case .foursquare(let key):
            return (.foursquare, ProviderConfiguration(key: key, baseURL: base), "foursquare(apiKey: \(Redaction.placeholder))")
        case .overpass(let endpoint):
            return (
                .osm, ProviderConfiguration(baseURL: endpoint?.absoluteString),
                "overpass(endpoint: \(endpoint.map { Redaction.displayURL($0.absoluteString) } ?? "nil"))"
            )
        case .extract(let file, let directory):
            return (
                .osm, ProviderConfiguration(extract: ExtractSource(path: file.path, indexDirectory: directory?.path)),
                "extract(\(file.path), indexDirectory: \(directory?.path ?? "nil"))"
            )
        }
    }

    /// The provider this source makes, as `configuration` says.
    func makeProvider(http: HTTPClient, configuration: PlacesClient.Configuration) -> any PlaceProvider {
        var (provider, settings, _) = parts(baseURL: configuration.baseURL)
        settings.now = configuration.now
        return provider.descriptor.make(settings, http)
    }

    /// The source's address geocoder (its provider's `makeGeocoder`), at the geocoding
    /// service's public URL; nil for a source with none (Foursquare).
    func makeGeocoder(http: HTTPClient, configuration: PlacesClient.Configuration) -> (any AddressGeocoder)? {
        var (provider, settings, _) = parts()
        settings.now = configuration.now
        return provider.descriptor.makeGeocoder?(settings, http)
    }
}

/// A source holds an API key: printed, reflected or dumped, it shows what it is, never the key.
extension PlacesClient.Source: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { parts().shown }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["source": description], displayStyle: .enum) }
}
