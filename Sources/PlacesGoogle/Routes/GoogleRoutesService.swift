import PlacesHTTP

/// How the Routes API explains failures: the `google.rpc.Status` envelope
/// (`{"error": {"code", "message", "status", "details": [{"reason": ...}]}}`), the same
/// for every Google API; a rejected key is 77 whether Google says 400 or 403.
enum GoogleRoutesService {
    static let description = ResponseReader(.googleRoutes, parseError: GoogleService.parseError, isAnswer: GoogleService.isAnswer)
}
