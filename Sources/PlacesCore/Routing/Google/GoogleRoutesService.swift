/// How the Routes API explains failures: the `google.rpc.Status` envelope
/// (`{"error": {"code", "message", "status", "details": [{"reason": ...}]}}`), the same
/// for every Google API; a rejected key is 77 whether Google says 400 or 403.
enum GoogleRoutesService {
    static let description = ServiceDescription(
        name: "Google Routes", keyVariable: "GOOGLE_MAPS_API_KEY",
        keyAdvice: "check GOOGLE_MAPS_API_KEY, and that the Routes API is enabled for the key's project",
        parseError: GoogleService.parseError,
        oversizeAdvice: "a route is a few kilobytes: check that PLACES_GOOGLE_ROUTES_URL leads to the Routes API")
}
