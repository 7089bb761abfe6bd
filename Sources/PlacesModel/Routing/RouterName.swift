/// `--router`: who answers a route estimate.
package enum RouterName: String, Sendable, CaseIterable {
    /// Offline: the straight line times a detour factor, at a typical speed.
    case estimate
    /// Google Routes API (`directions/v2:computeRoutes`); needs `GOOGLE_MAPS_API_KEY`.
    case google
    /// An OSRM server's route service (`PLACES_OSRM_URL`).
    case osrm
}
