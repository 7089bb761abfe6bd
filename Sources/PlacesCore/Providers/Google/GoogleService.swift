import Foundation

/// How Google's APIs explain failures: the `google.rpc.Status` envelope, the same for
/// Places and Routes (`GoogleRoutesService` uses `parseError` too).
enum GoogleService {
    /// Reasons (`ErrorInfo.reason`) that mean the key itself is the problem, even on a 400.
    static let keyReasons: Set<String> = [
        "API_KEY_INVALID", "API_KEY_EXPIRED", "API_KEY_SERVICE_BLOCKED", "API_KEY_HTTP_REFERRER_BLOCKED", "API_KEY_IP_ADDRESS_BLOCKED",
        "API_KEY_ANDROID_APP_BLOCKED", "API_KEY_IOS_APP_BLOCKED", "SERVICE_DISABLED", "BILLING_DISABLED",
    ]

    static func parseError(_ response: HTTPResponse) -> ServiceError {
        guard let envelope = try? JSONDecoder().decode(GoogleErrorEnvelope.self, from: response.body) else {
            return ServiceError(message: String(decoding: response.body.prefix(200), as: UTF8.self))
        }
        let reason = envelope.error.details?.compactMap(\.reason).first
        let keyProblem = reason.map(keyReasons.contains) ?? false
            || envelope.error.message?.contains("API key not valid") == true
        return ServiceError(code: envelope.error.status, reason: reason, message: envelope.error.message, isKeyProblem: keyProblem)
    }

    static let places = ServiceDescription(
        name: "Google Places", keyVariable: "GOOGLE_MAPS_API_KEY",
        keyAdvice: "check GOOGLE_MAPS_API_KEY and that Places API (New) is enabled for its project",
        parseError: parseError)
}
