import PlacesFoursquare
import PlacesGoogle
import PlacesHTTP
import PlacesProviderKit

/// Every type that holds an API key describes and reflects itself without it: `print`,
/// `"\(x)"`, `String(reflecting:)`, `dump` and `Mirror` show where it talks to, never the key.
/// (The request types carry their own redacting descriptions: `HTTPRequest`, `DryRunCapture`,
/// `Cassette`, `CassetteRecordingTransport`.)
protocol KeyHolderDescription: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What may be shown: the type's name and where it sends requests.
    var shownParts: KeyValuePairs<String, String> { get }
}

extension KeyHolderDescription {
    package var description: String {
        "\(String(describing: Self.self))(" + shownParts.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ", key: \(Redaction.placeholder))"
    }

    package var debugDescription: String { description }

    package var customMirror: Mirror {
        Mirror(self, children: shownParts.map { (label: Optional($0.key), value: $0.value as Any) } + [(label: "key", value: Redaction.placeholder as Any)],
               displayStyle: .struct)
    }
}

extension GooglePlacesProvider: KeyHolderDescription {
    var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}

extension GoogleRequestBuilder: KeyHolderDescription {
    var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}

extension FoursquarePlacesProvider: KeyHolderDescription {
    var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}

extension FoursquareRequestBuilder: KeyHolderDescription {
    var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}

extension GoogleRoutesRouter: KeyHolderDescription {
    var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}

extension ProviderConfiguration: KeyHolderDescription {
    var shownParts: KeyValuePairs<String, String> {
        if let extract { return ["extract": extract.path] }
        return ["baseURL": baseURL.map(Redaction.displayURL) ?? "default"]
    }
}

extension GoogleGeocoder: KeyHolderDescription {
    var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(connection.baseURL)] }
}

extension GoogleConnection: KeyHolderDescription {
    var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}
