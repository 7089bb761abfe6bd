import Foundation

/// How the Routes API explains failures: the `google.rpc.Status` envelope
/// (`{"error": {"code", "message", "status", "details": [{"reason": ...}]}}`), the same
/// for every Google API; a rejected key is 77 whether Google says 400 or 403.
enum GoogleRoutesService {
    static let description = ServiceDescription(
        name: "Google Routes", keyVariable: "GOOGLE_MAPS_API_KEY",
        keyAdvice: "check GOOGLE_MAPS_API_KEY, and that the Routes API is enabled for the key's project",
        parseError: parseError)

    /// Reasons in `ErrorInfo` that mean the key itself is the problem.
    static let keyReasons: Set<String> = [
        "API_KEY_INVALID", "API_KEY_EXPIRED", "API_KEY_SERVICE_BLOCKED", "API_KEY_HTTP_REFERRER_BLOCKED",
        "API_KEY_IP_ADDRESS_BLOCKED", "API_KEY_ANDROID_APP_BLOCKED", "API_KEY_IOS_APP_BLOCKED",
    ]

    static func parseError(_ response: HTTPResponse) -> ServiceError {
        guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any],
              let error = object["error"] as? [String: Any] else { return ServiceError() }
        let details = error["details"] as? [[String: Any]] ?? []
        let reason = details.lazy.compactMap { $0["reason"] as? String }.first
        let message = error["message"] as? String
        let keyProblem = reason.map(keyReasons.contains) ?? false || message?.hasPrefix("API key not valid") == true
        return ServiceError(code: error["status"] as? String, reason: reason, message: message, isKeyProblem: keyProblem)
    }
}
