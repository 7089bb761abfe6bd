import PlacesHTTP
import PlacesProviderKit

/// What every call to a Google API needs: the HTTP client, the API's base URL, the key (nil
/// or empty when none was given) and the `languageCode` / `regionCode` sent with each request.
/// Places and Geocoding hold one each; it describes itself without the key.
struct GoogleConnection: Sendable {
    let http: HTTPClient
    let baseURL: String
    let key: String?
    /// Empty: Google's defaults.
    let locale: GoogleLocale
}
