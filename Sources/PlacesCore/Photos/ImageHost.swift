import Foundation
import PlacesHTTP
import PlacesModel
import PlacesSupport

extension ServiceDescriptor {
    /// Wherever a photo's image comes from: a URL a provider gave, or Wikimedia Commons (the
    /// base URL, for a `wikimedia_commons` tag). Never sent a key. Five a second unless told
    /// otherwise: Wikimedia asks clients to be gentle, and a photo is one request.
    package static let imageHost = ServiceDescriptor(
        service: .imageHost, defaultBaseURL: WikimediaCommons.defaultBaseURL, requestsPerSecond: 5,
        oversizeAdvice: "ask for a smaller photo (a maximum width or height)")
}

/// How an image host's answers read: a body that is an image of a known format is the
/// answer; an error is whatever text it sent (an HTML page, a message).
enum ImageHost {
    static func parseError(_ response: HTTPResponse) -> ServiceError {
        guard ImageFormat(signatureOf: response.body) == nil else { return ServiceError() }
        let text = TerminalText.sanitizedLine(String(decoding: response.body.prefix(200), as: UTF8.self))
        return ServiceError(message: text.isEmpty ? nil : text)
    }

    /// A 2xx body whose bytes are an image whose size can be read.
    @Sendable static func isAnswer(_ response: HTTPResponse) -> Bool {
        ImageHeader(response.body) != nil
    }

    static let reader = ResponseReader(.imageHost, parseError: parseError, isAnswer: isAnswer)
}

extension ImageFormat {
    /// The format `data` starts with, by its signature alone.
    init?(signatureOf data: Data) {
        guard let format = data.withUnsafeBytes({ ImageFormat(signatureOf: $0) }) else { return nil }
        self = format
    }
}
