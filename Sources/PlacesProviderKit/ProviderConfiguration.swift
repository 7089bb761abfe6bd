import Foundation
import PlacesHTTP
import PlacesModel

/// How one provider is configured: what an app's `PlacesClient.Source` or the CLI's
/// environment and flags give it.
package struct ProviderConfiguration: Sendable {
    /// The API key; nil when none was given (a provider that needs one says so when asked).
    package var key: String?
    /// The service's base URL as given (it may not even parse: that is reported when a
    /// request is made); nil for the service's default.
    var baseURL: String?
    /// How Google should word and format its answers.
    package var locale: GoogleLocale
    /// A local extract to answer from instead of the service (`readsExtracts` providers).
    package var extract: ExtractSource?
    /// The instant "open now" means where the provider evaluates opening hours; nil for now.
    package var now: Date?
    /// Hears how far long work on a local extract has got (reading it, indexing it); nil for
    /// no reports. A web provider has none to give.
    package var progress: ExtractProgress.Handler?

    package init(
        key: String? = nil, baseURL: String? = nil, locale: GoogleLocale = GoogleLocale(), extract: ExtractSource? = nil,
        now: Date? = nil, progress: ExtractProgress.Handler? = nil
    ) {
        self.key = key
        self.baseURL = baseURL
        self.locale = locale
        self.extract = extract
        self.now = now
        self.progress = progress
    }

    /// The base URL to use for `service`: the one given, else its default.
    package func baseURL(_ service: ServiceDescriptor) -> String { baseURL ?? service.defaultBaseURL }
}

/// A local extract file, and the directory its spatial index is kept in (nil: none, the file
/// is read whole each time).
package struct ExtractSource: Sendable {
    package var path: String
    package var indexDirectory: String?

    package init(path: String, indexDirectory: String?) {
        self.path = path
        self.indexDirectory = indexDirectory
    }
}

/// A configuration may hold a key: it shows its extract or base URL, never the key.
extension ProviderConfiguration: KeyHolderDescription {
    package var shownParts: KeyValuePairs<String, String> {
        if let extract { return ["extract": extract.path] }
        return ["baseURL": baseURL.map(Redaction.displayURL) ?? "default"]
    }
}
