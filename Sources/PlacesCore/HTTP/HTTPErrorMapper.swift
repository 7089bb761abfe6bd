import Foundation

/// The one place HTTP failures become `PlacesError`s with the contract's exit codes:
/// 77 key (or payment), 75 rate limit, 69 unavailable, 66 not found, 64 refused request, 65 bad body.
public enum HTTPErrorMapper {
    /// A non-2xx response, after any retries. The request's `secrets` are scrubbed, in every
    /// form, from the response before it is read and from the message made of it.
    public static func error(for response: HTTPResponse, service: ServiceDescription, attempts: Int, secrets: [String]) -> PlacesError {
        let response = Redaction.scrub(response, secrets: secrets)
        if let specific = service.classify?(response) { return scrubbed(specific, secrets: secrets) }
        let detail = service.parseError(response)
        let statusText = [String(response.status), detail.code].compactMap { $0 }.joined(separator: " ")
        let said = detail.message.map { ": \(TerminalText.sanitizedLine(String($0.prefix(300))))" } ?? ""
        let tries = attempts == 1 ? "" : " after \(attempts) attempts"
        let error: PlacesError
        switch response.status {
        case _ where detail.isKeyProblem, 401, 403:
            let reason = detail.reason.map { ", \($0)" } ?? ""
            error = .permission("\(service.name) rejected the key (\(statusText)\(reason)): \(service.keyAdvice)")
        case 402:
            // Payment required: the account may not make this call (Foursquare's Premium fields without credits).
            error = .permission("\(service.name) refused the request for payment (\(statusText))\(said); \(detail.advice ?? "check the account's billing")")
        case 300...399:
            // A redirect that was not followed (none to follow, or one refused by RedirectPolicy
            // after the service answered): the service gave no answer we can use.
            let location = response.header("Location").map { " to \(TerminalText.sanitizedLine(String($0.prefix(200))))" } ?? ""
            error = .unavailable("\(service.name) answered with a redirect (HTTP \(response.status))\(location) that was not followed; check the service URL")
        case 404:
            error = .notFound("\(service.name) found no such place or resource (\(statusText))\(said)")
        case 429:
            error = .temporary("\(service.name) rate-limited the request (\(statusText))\(tries); wait a minute and try again, or lower the request rate")
        case 500...599:
            error = .unavailable("\(service.name) failed with \(statusText)\(tries)\(said); try again later")
        default:
            error = .usage("\(service.name) refused the request (\(statusText))\(said)")
        }
        return scrubbed(error, secrets: secrets)
    }

    /// No response at all, after any retries.
    public static func error(for failure: TransportFailure, service: ServiceDescription, url: URL, attempts: Int, secrets: [String] = []) -> PlacesError {
        let tries = attempts == 1 ? "" : " (\(attempts) attempts)"
        let host = url.host ?? "a URL without a host"
        let error: PlacesError
        switch failure {
        case .timedOut:
            error = .unavailable("\(service.name) did not answer in time\(tries) at \(host); raise --timeout or try again later")
        case .connection(let why):
            error = .unavailable("cannot reach \(service.name) at \(host): \(why)\(tries); check the network or the service URL")
        case .tooLarge(let limit, let declared):
            let cap = "the " + (limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes") + " places reads"
            if let declared, declared > Int64(limit) {
                error = .unavailable("\(service.name) declared a body of \(describeSize(declared)), over \(cap), so none of it was read; \(service.oversizeAdvice)")
            } else {
                let said = declared.map { "it had declared \(describeSize($0))" } ?? "it declared no length"
                error = .unavailable("\(service.name) sent more than \(cap) (\(said)), so reading stopped there; \(service.oversizeAdvice)")
            }
        case .redirectRefused(let why):
            // `why` names a host the server chose: printable characters only, and no key.
            error = .unavailable("\(service.name) at \(host) \(TerminalText.sanitizedLine(why))")
        }
        return scrubbed(error, secrets: secrets)
    }

    /// "68719476736 bytes (64 GiB)"; Int64.max stands for a length longer than 64 bits.
    static func describeSize(_ bytes: Int64) -> String {
        if bytes == .max { return "more bytes than 64 bits count" }
        if bytes == 1 { return "1 byte" }
        guard let unit = (1...6).last(where: { bytes >> (10 * $0) > 0 }), bytes >= 1 << 20 else { return "\(bytes) bytes" }
        return "\(bytes) bytes (\(bytes >> (10 * unit)) \(["", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"][unit]))"
    }

    /// A 2xx body that cannot be decoded.
    public static func badBody(service: ServiceDescription, what: String) -> PlacesError {
        .badData("\(service.name) answered with a body that cannot be read: \(what)")
    }

    static func scrubbed(_ error: PlacesError, secrets: [String]) -> PlacesError {
        PlacesError(error.kind, Redaction.scrub(error.message, secrets: secrets))
    }
}
