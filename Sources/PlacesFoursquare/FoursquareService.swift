import Foundation
import PlacesHTTP
import PlacesModel
import PlacesSupport

/// How Foursquare explains failures: `{"message": "..."}` with the HTTP status
/// (400 bad parameter, 401 bad key, 403 restricted, 404, 429, 5xx; 402 reported when a
/// Premium call has no credits).
package enum FoursquareService {
    static func parseError(_ response: HTTPResponse) -> ServiceError {
        let message =
            (try? JSONDecoder().decode(FoursquareErrorBody.self, from: response.body))?.message
            ?? String(decoding: response.body.prefix(200), as: UTF8.self)
        return ServiceError(message: message.isEmpty ? nil : message)
    }

    /// A 2xx body in Foursquare's error shape (`{"message": ...}`) where places were expected:
    /// an error whatever the status. The shape carries no status to map, so it reads as a
    /// failure on Foursquare's side (69), with its message. Nil when the body has no message.
    static func messageError(in body: Data, service: ResponseReader, secrets: [String]) -> PlacesError? {
        guard let message = (try? JSONDecoder().decode(FoursquareErrorBody.self, from: body))?.message else { return nil }
        let said = TerminalText.sanitizedLine(String(message.prefix(300)))
        return HTTPErrorMapper.scrubbed(
            .unavailable(.foursquare, message: "\(service.name) answered with an error instead of places: \(said); try again later"),
            secrets: secrets)
    }

    /// A key from the retired v3 API: a raw key, often starting `fsq3`, that was sent without
    /// `Bearer` to api.foursquare.com/v3 (providers.md §3.2). What to advise about a rejected
    /// key depends on it.
    package static func looksLikeLegacyKey(_ key: String) -> Bool { key.hasPrefix("fsq3") }

    /// A 2xx body that is a JSON object holding places (`results`) or a place
    /// (`fsq_place_id`), or at least no error `message`.
    @Sendable static func isAnswer(_ response: HTTPResponse) -> Bool {
        guard let shape = AnswerShape(response) else { return false }
        return shape.hasValue("results") || shape.hasValue("fsq_place_id") || !shape.hasValue("message")
    }

    static let description = ResponseReader(.foursquare, parseError: parseError, isAnswer: isAnswer)

    /// A place's photos: a bare JSON array is the answer.
    static let photos = ResponseReader(
        .foursquare, parseError: parseError,
        isAnswer: { response in response.body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "[") })
}
