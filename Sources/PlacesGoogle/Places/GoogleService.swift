import Foundation
import PlacesHTTP
import PlacesModel

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
        let keyProblem =
            reason.map(keyReasons.contains) ?? false
            || envelope.error.message?.contains("API key not valid") == true
        return ServiceError(code: envelope.error.status, reason: reason, message: envelope.error.message, isKeyProblem: keyProblem)
    }

    /// A `google.rpc.Status` envelope in a 2xx body: an error whatever the status, mapped as
    /// the same envelope would be with its `error.code` as the HTTP status (a 200 carrying
    /// API_KEY_INVALID is 77, as a 400 carrying it is). Nil when the body is no envelope.
    static func envelopeError(in response: HTTPResponse, service: ResponseReader, secrets: [String], wording: Wording) -> PlacesError? {
        // Cheap first: only a body that names "error" can be an envelope.
        guard response.body.range(of: Data("\"error\"".utf8)) != nil,
            let envelope = try? JSONDecoder().decode(GoogleErrorEnvelope.self, from: response.body)
        else { return nil }
        let status =
            envelope.error.code.flatMap { (400...599).contains($0) ? $0 : nil }
            ?? envelope.error.status.flatMap { httpStatus[$0] } ?? 500
        let as4xx5xx = HTTPResponse(status: status, headers: response.headers, body: response.body)
        return HTTPErrorMapper.error(for: as4xx5xx, service: service, attempts: 1, secrets: secrets, wording: wording)
    }

    /// Sends `request` over `http`: the response, unless it is an error or a 2xx carrying the
    /// envelope (thrown as `envelopeError` maps it, scrubbed of `secrets`).
    static func send(
        _ request: HTTPRequest, over http: HTTPClient, service: ResponseReader, secrets: [String],
        wording: Wording
    ) async throws -> HTTPResponse {
        let response = try await http.send(request, service: service)
        if let error = envelopeError(in: response, service: service, secrets: secrets, wording: wording) { throw error }
        return response
    }

    /// `google.rpc.Code` names to the HTTP status Google sends them with (google/rpc/code.proto).
    static let httpStatus: [String: Int] = [
        "INVALID_ARGUMENT": 400, "FAILED_PRECONDITION": 400, "OUT_OF_RANGE": 400, "UNAUTHENTICATED": 401,
        "PERMISSION_DENIED": 403, "NOT_FOUND": 404, "ABORTED": 409, "ALREADY_EXISTS": 409, "RESOURCE_EXHAUSTED": 429,
        "CANCELLED": 499, "UNKNOWN": 500, "INTERNAL": 500, "DATA_LOSS": 500, "UNIMPLEMENTED": 501, "UNAVAILABLE": 503,
        "DEADLINE_EXCEEDED": 504,
    ]

    /// A 2xx body that is a JSON object and no `google.rpc.Status` envelope.
    @Sendable static func isAnswer(_ response: HTTPResponse) -> Bool {
        guard let shape = AnswerShape(response) else { return false }
        return !shape.has("error")
    }

    static let places = ResponseReader(.googlePlaces, parseError: parseError, isAnswer: isAnswer)
}
