import PlacesModel

/// How the HTTP layer reads one web service's responses: its error body, the failures its body
/// explains better than its status, and whether a 2xx is the answer it gives on success.
///
/// Each provider sends its requests with one (`HTTPClient.send`); `HTTPErrorMapper` turns a
/// failure into a `PlacesError`. What is known of the service beforehand (its base URL, pace,
/// advice) is its `ServiceDescriptor`.
package struct ResponseReader: Sendable {
    /// The service it reads.
    let descriptor: ServiceDescriptor
    /// Which service this is, as errors name it.
    package var service: WebService { descriptor.service }
    /// As users know it: "Google Places", "Foursquare", "Overpass", "OSRM".
    package let name: String
    /// Reads the service's own error body.
    package let parseError: @Sendable (HTTPResponse) -> ServiceError
    /// A failure the service explains in its body better than its status does; when it
    /// returns an error, that error wins (OSRM answers 400 both for a bad query and for
    /// "no route", which is 66). Nil, or nil returned, means the status decides.
    let classify: (@Sendable (HTTPResponse) -> PlacesError?)?
    /// Whether a 2xx answer is one the service gives on success, and not an error it sent
    /// with a 200 (Google's envelope, Foursquare's message, Overpass's remark, an HTML page):
    /// only such answers are kept by the response cache.
    let isAnswer: @Sendable (HTTPResponse) -> Bool

    package init(
        _ descriptor: ServiceDescriptor, name: String? = nil, parseError: @escaping @Sendable (HTTPResponse) -> ServiceError,
        classify: (@Sendable (HTTPResponse) -> PlacesError?)? = nil,
        isAnswer: @escaping @Sendable (HTTPResponse) -> Bool = AnswerShape.isJSONObject
    ) {
        self.descriptor = descriptor
        self.name = name ?? descriptor.service.name
        self.parseError = parseError
        self.classify = classify
        self.isAnswer = isAnswer
    }
}

/// A service's own account of a failed request.
package struct ServiceError: Sendable, Equatable {
    /// A code or reason longer than this many characters is cut where a message quotes it:
    /// real ones are words (`PERMISSION_DENIED`, `NoRoute`).
    package static let longestCode = 60

    /// Its status word or code, e.g. `PERMISSION_DENIED`.
    var code: String?
    /// A finer reason, e.g. `API_KEY_INVALID`.
    var reason: String?
    package var message: String?
    /// Set when the body shows the key is the problem whatever the status (Google's 400 API_KEY_INVALID).
    var isKeyProblem: Bool
    /// The message in words that depend on who asked (Overpass's advice when it is overloaded).
    var phrase: Phrase?

    package init(code: String? = nil, reason: String? = nil, message: String? = nil, isKeyProblem: Bool = false, phrase: Phrase? = nil) {
        self.code = code
        self.reason = reason
        self.message = message
        self.isKeyProblem = isKeyProblem
        self.phrase = phrase
    }
}
