import PlacesCore

/// `places photo`, typed.
struct PhotoOptions: Sendable {
    var id: PlaceID
    /// Which photo, at most how large.
    var request: PhotoRequest
    /// `-o`: a file, a directory, `-` for stdout; nil for the default name here.
    var output: String?
    var json: Bool
    var network = NetworkOptions()
    var providerOptions = ProviderOptions()
}
