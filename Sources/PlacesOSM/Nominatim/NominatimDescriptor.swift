import PlacesHTTP

extension ServiceDescriptor {
    /// OpenStreetMap's Nominatim: "an absolute maximum of 1 request per second" on the public
    /// server (https://operations.osmfoundation.org/policies/nominatim/), held for every request
    /// of the process, whatever the server (a mirror or a proxy of the public one looks like any
    /// other); its recordings in their own folder.
    package static let nominatim = ServiceDescriptor(
        service: .nominatim, defaultBaseURL: "https://nominatim.openstreetmap.org", requestsPerSecond: 1, maximumRequestsPerSecond: 1)
}
