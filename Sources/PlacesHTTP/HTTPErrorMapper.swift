import Foundation
import PlacesModel
import PlacesSupport

/// The one place HTTP failures become `PlacesError`s: a rejected key or payment, a rate
/// limit, a failing or unreachable service, an unknown resource, a refused request, a bad body.
package enum HTTPErrorMapper {
    /// A non-2xx response, after any retries. The request's `secrets` are scrubbed, in every
    /// form, from the response before it is read and from the message made of it.
    /// `now` is the clock an HTTP-date `Retry-After` is read against, and the "try again after" time.
    package static func error(
        for response: HTTPResponse, service: ResponseReader, attempts: Int, secrets: [String],
        wording: Wording, now: Date = Date()
    ) -> PlacesError {
        let response = Redaction.scrub(response, secrets: secrets)
        if let specific = service.classify?(response) { return scrubbed(specific, secrets: secrets) }
        let detail = service.parseError(response)
        let statusText = [String(response.status), detail.code.map { TerminalText.shown($0, limit: ServiceError.longestCode) }]
            .compactMap { $0 }.joined(separator: " ")
        let message = detail.phrase.map { wording($0) } ?? detail.message
        let said = message.map { ": \(TerminalText.sanitizedLine(String($0.prefix(300))))" } ?? ""
        let tries = attempts == 1 ? "" : " after \(attempts) attempts"
        let name = service.name
        let error: PlacesError
        switch response.status {
        case _ where detail.isKeyProblem, 401, 403:
            let reason = detail.reason.map { ", \(TerminalText.shown($0, limit: ServiceError.longestCode))" } ?? ""
            error = .apiKeyRejected(service.service, message: wording(.keyRejected(service.service, status: statusText + reason)))
        case 402:
            // Payment required: the account may not make this call (Foursquare's Premium fields without credits).
            error = .paymentRequired(
                service.service,
                message: wording(.paymentRefused(service.service, status: statusText, said: said, advice: service.descriptor.paymentAdvice))
            )
        case 300...399:
            // A redirect that was not followed (none to follow, or one refused by RedirectPolicy
            // after the service answered): the service gave no answer we can use.
            let location = response.header("Location").map { " to \(TerminalText.sanitizedLine(String($0.prefix(200))))" } ?? ""
            error = .unavailable(
                service.service,
                message:
                    "\(name) answered with a redirect (HTTP \(response.status))\(location) that was not followed; check the service URL")
        case 404:
            error = .notFound(message: "\(name) found no such place or resource (\(statusText))\(said)")
        case 429:
            error = waitAsked(response, service: service, attempts: attempts, now: now)
        case 500...599:
            error = .unavailable(service.service, message: "\(name) failed with \(statusText)\(tries)\(said); try again later")
        default:
            error = .requestRejected(service.service, message: "\(name) refused the request (\(statusText))\(said)")
        }
        return scrubbed(error, secrets: secrets)
    }

    /// A 429 after any retries, or a `Retry-After` longer than anyone waits (on a 429 or a
    /// 5xx): `rateLimited` (75), saying when to try again wherever it is reached from. The wait
    /// asked is given in seconds and as a time ("asks to wait 3600 s; try again after
    /// 2026-…Z"); without one, "wait a minute". `retryAfter` keeps it for a caller that
    /// schedules its own retry.
    static func waitAsked(_ response: HTTPResponse, service: ResponseReader, attempts: Int, now: Date) -> PlacesError {
        let status = [String(response.status), service.parseError(response).code].compactMap { $0 }.joined(separator: " ")
        let what = response.status == 429 ? "rate-limited the request (\(status))" : "answered \(status)"
        let tries = attempts == 1 ? "" : " after \(attempts) attempts"
        guard let wait = RetryPolicy.retryAfterSeconds(response.header("Retry-After"), now: now), wait > 0 else {
            let message = "\(service.name) \(what)\(tries); wait a minute and try again, or lower the request rate"
            return .rateLimited(service.service, retryAfter: nil, message: message)
        }
        let (amount, when) = describeWait(wait, now: now)
        let message = "\(service.name) \(what)\(tries) and asks to wait \(amount); try again \(when)"
        return .rateLimited(service.service, retryAfter: wait.isFinite ? wait : nil, message: message)
    }

    /// ("120 s", "after 2026-…Z"), or for a wait no one would sit out (a `Retry-After` of 1e19,
    /// or a date centuries away) ("more than a year", "later"): the seconds become an Int, and
    /// the date a string, only when both are in range.
    static func describeWait(_ seconds: Double, now: Date = Date()) -> (amount: String, when: String) {
        guard seconds.isFinite, seconds < 366 * 86_400 else { return ("more than a year", "later") }
        let when = ISO8601DateFormatter().string(from: now.addingTimeInterval(seconds))
        return ("\(Int(seconds.rounded(.up))) s", "after \(when)")
    }

    /// No response at all, after any retries.
    static func error(
        for failure: TransportFailure, service: ResponseReader, url: URL, attempts: Int, secrets: [String] = [],
        wording: Wording
    ) -> PlacesError {
        let tries = attempts == 1 ? "" : " (\(attempts) attempts)"
        let host = url.host ?? "a URL without a host"
        let error: PlacesError
        switch failure {
        case .timedOut:
            error = .network(service.service, message: wording(.timedOut(service.service, tries: tries, host: host)))
        case .connection(let why):
            error = .network(
                service.service, message: "cannot reach \(service.name) at \(host): \(why)\(tries); check the network or the service URL")
        case .tooLarge(let limit, let declared):
            error = .unavailable(
                service.service,
                message: wording(.tooLarge(service.service, limit: limit, declared: declared, advice: service.descriptor.oversizeAdvice)))
        case .redirectRefused(let why):
            // `why` names a host the server chose: printable characters only, and no key.
            error = .network(service.service, message: "\(service.name) at \(host) \(TerminalText.sanitizedLine(why))")
        }
        return scrubbed(error, secrets: secrets)
    }

    /// A 2xx body that cannot be decoded.
    package static func badBody(service: ResponseReader, what: String) -> PlacesError {
        .badResponse(service.service, message: "\(service.name) answered with a body that cannot be read: \(what)")
    }

    package static func scrubbed(_ error: PlacesError, secrets: [String]) -> PlacesError {
        error.withMessage { Redaction.scrub($0, secrets: secrets) }
    }
}
