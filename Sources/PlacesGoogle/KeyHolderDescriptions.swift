import PlacesHTTP

// Google's key holders show where they send requests, never the key.

extension GooglePlacesProvider: KeyHolderDescription {
    package var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}

extension GoogleRequestBuilder: KeyHolderDescription {
    package var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}

extension GoogleRoutesRouter: KeyHolderDescription {
    package var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}

extension GoogleGeocoder: KeyHolderDescription {
    package var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(connection.baseURL)] }
}

extension GoogleConnection: KeyHolderDescription {
    package var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}
