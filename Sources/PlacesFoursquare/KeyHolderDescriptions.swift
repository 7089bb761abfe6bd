import PlacesHTTP

// Foursquare's key holders show where they send requests, never the key.

extension FoursquarePlacesProvider: KeyHolderDescription {
    package var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}

extension FoursquareRequestBuilder: KeyHolderDescription {
    package var shownParts: KeyValuePairs<String, String> { ["baseURL": Redaction.displayURL(baseURL)] }
}
